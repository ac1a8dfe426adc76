# Registered ops of #20: system.task_invalid / task_dummy / task_is_valid (pl.Scalar[pl.TASK_ID]) and the device core counts.
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self) -> pl.Scalar[pl.BOOL]:
# CHECK-NEXT: prev: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()
# CHECK-NEXT: d: pl.Scalar[pl.TASK_ID] = pl.system.task_dummy(deps=[])
# CHECK-NEXT: n: pl.Scalar[pl.INT32] = pl.system.available_cluster_count()
# CHECK-NEXT: v: pl.Scalar[pl.INT32] = pl.system.available_aiv_count()
# CHECK-NEXT: ok: pl.Scalar[pl.BOOL] = pl.system.task_is_valid(prev)
# CHECK-NEXT: return ok
import pypto.language as pl

@pl.program
class SystemTask:
    @pl.function
    def k(self) -> pl.Scalar[pl.BOOL]:
        prev = pl.system.task_invalid()
        d = pl.system.task_dummy(deps=[])
        n = pl.system.available_cluster_count()
        v = pl.system.available_aiv_count()
        ok = pl.system.task_is_valid(prev)
        return ok
