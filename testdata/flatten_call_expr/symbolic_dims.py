# A call without arguments that the assigned variable's type names as a
# dim stays in place: the window below has type
# DistributedTensor[[pld.system.world_size(), 1], INT32], and a temporary
# would part the value from that type, also where the dim only contains it
# ([1, pld.system.world_size() * 8]). verify-no-nested-call accepts it.
# Other nested calls are hoisted, pld.world_size() as a loop bound too, and
# a call in a scope's argument goes before the scope.
#
# RUN: pto-opt %s --passes=default,verify-no-nested-call --backend=a5 --concise | FileCheck %s
#
# CHECK: [[W:signal_buf__call_tmp_v[0-9]+]] = pld.system.world_size()
# CHECK-NEXT: signal_buf = pld.tensor.alloc_window_buffer([[W]] * 4)
# CHECK-NEXT: [[B:init__call_tmp_v[0-9]+]] = pld.system.world_size()
# CHECK-NEXT: for r in pl.range([[B]]):
# CHECK-NEXT: signal = pld.tensor.window(signal_buf, [pld.system.world_size(), 1], dtype=pl.INT32)
# CHECK-NEXT: scratch = pld.tensor.window(signal_buf, [1, pld.system.world_size() * 8], dtype=pl.FP32)
# CHECK: [[T:y__call_tmp_v[0-9]+]] = pl.tensor.exp(x)
# CHECK-NEXT: y = pl.tensor.add([[T]], x)

import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class SymbolicDims:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(self, x: pl.Tensor[[4, 8], pl.FP32], outputs: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        signal_buf = pld.alloc_window_buffer(pld.world_size() * pl.INT32.get_byte())
        for r in pl.range(pld.world_size()):
            signal = pld.window(signal_buf, [pld.world_size(), 1], dtype=pl.INT32)
            scratch = pld.window(signal_buf, [1, pld.world_size() * 8], dtype=pl.FP32)
        y = pl.add(pl.exp(x), x)
        return outputs
