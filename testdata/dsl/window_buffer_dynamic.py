# pld.alloc_window_buffer's shape form with a runtime dim: the byte size is
# upstream's INT64 product chain (d0 * d1 ...) * dtype bytes.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: buf: pl.Ptr = pld.tensor.alloc_window_buffer(pl.const(32, pl.INT64) * pld.system.world_size() * pl.const(2, pl.INT64)){{$}}
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Windows:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self):
        buf = pld.alloc_window_buffer([32, pld.world_size()], dtype=pl.FP16)
        return buf
