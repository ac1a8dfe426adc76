# Registered ops of #20: pld.tensor.alloc_window_buffer (pl.Ptr) and pld.tensor.window.
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# A window buffer is HOST orchestration code; its name is the variable's,
# which the canonical print leaves out (a different written name stays).
#
# CHECK: @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
# CHECK-NEXT: def k(self, n: pl.Scalar[pl.INT64]) -> pld.DistributedTensor{{\[\[}}4, 64], pl.FP32]:
# CHECK-NEXT: buf: pl.Ptr = pld.tensor.alloc_window_buffer(1024)
# CHECK-NEXT: sig_buf: pl.Ptr = pld.tensor.alloc_window_buffer(n * 4, name='signals')
# CHECK-NEXT: sig: pld.DistributedTensor{{\[\[}}n], pl.INT32] = pld.tensor.window(sig_buf, [n], dtype=pl.INT32)
# CHECK-NEXT: data: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pld.tensor.window(buf, [4, 64], dtype=pl.FP32)
# CHECK-NEXT: return data
import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class WindowBuffers:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def k(self, n: pl.Scalar[pl.INT64]) -> pld.DistributedTensor[[4, 64], pl.FP32]:
        buf = pld.tensor.alloc_window_buffer(1024)
        sig_buf = pld.tensor.alloc_window_buffer(n * 4, name='signals')
        sig = pld.tensor.window(sig_buf, [n], dtype=pl.INT32)
        data = pld.tensor.window(buf, [4, 64], dtype=pl.FP32)
        return data
