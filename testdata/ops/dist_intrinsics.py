# Registered ops of #20: the dist.* runtime intrinsics (untyped: UnknownType).
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self, rt: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
# CHECK-NEXT: m: pl.UnknownType = pl.dist.make_tensor(rt, 16)
# CHECK-NEXT: r: pl.UnknownType = pl.dist.tree_reduce(rt, m)
# CHECK-NEXT: f: pl.UnknownType = pl.dist.submit_worker(rt)
# CHECK-NEXT: g: pl.UnknownType = pl.dist.submit_orchestrator(rt)
# CHECK-NEXT: z: pl.UnknownType = pl.dist.future_get(f)
# CHECK-NEXT: return rt
import pypto.language as pl

@pl.program
class DistIntrinsics:
    @pl.function
    def k(self, rt: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        m = pl.dist.make_tensor(rt, 16)
        r = pl.dist.tree_reduce(rt, m)
        f = pl.dist.submit_worker(rt)
        g = pl.dist.submit_orchestrator(rt)
        z = pl.dist.future_get(f)
        return rt
