# Registered ops of #20: pld.system.defer_wait and pld.system.world_size.
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# pld.system.world_size is HOST orchestration code.
# CHECK: @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
# CHECK-NEXT: def k(self, sig: pld.DistributedTensor{{\[\[}}4, 1], pl.INT32]) -> pl.Scalar[pl.INT64]:
# CHECK-NEXT: pld.system.defer_wait(sig, [0, 0], 1, cmp=1)
# CHECK-NEXT: n: pl.Scalar[pl.INT64] = pld.system.world_size()
# CHECK-NEXT: return n
import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class DistSystem:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def k(self, sig: pld.DistributedTensor[[4, 1], pl.INT32]) -> pl.Scalar[pl.INT64]:
        pld.system.defer_wait(sig, [0, 0], 1, cmp=1)
        n = pld.system.world_size()
        return n
