# pld.tensor.broadcast: barrier (generation 1), a Vec stage capped at one
# 16-KiB chunk (FP32 [1, 17] -> [1, 16]; a dynamic row -> [1, 4096]), one
# full-slice pld.tile.get from root on every rank, then the epilogue.
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
# RUN: pto-opt %s --passes=lower-composite-ops --concise | FileCheck %s --check-prefix=FULL
#
# The functions print by name: dyn, then k.
# CHECK: pl.tile.create([1, 4096], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK: pl.tile.create([1, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK: = pld.tile.get(data, pl.const(1, pl.INT32), data, data2__bcast_stage_tmp_v8)
# CHECK-NOT: pld.tensor.
#
# FULL-LABEL: def dyn(
# FULL-NEXT: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# FULL-NEXT: data2__nranks_tmp_v1 = pld.system.nranks(data2__ctx_tmp_v0)
# FULL-NEXT: data2__nranks_idx_tmp_v2 = pl.cast(data2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: data2__my_rank_tmp_v3 = pld.system.rank(data2__ctx_tmp_v0)
# FULL-NEXT: for data2__peer_tmp_v4 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_tmp_v4 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_tmp_v5 = pld.system.notify(signal, data2__peer_tmp_v4, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_tmp_v6 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_tmp_v6 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_tmp_v7 = pld.system.wait(signal, [data2__src_tmp_v6, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: data2__bcast_stage_tmp_v8 = pl.tile.create([1, 4096], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# FULL-NEXT: data2__get_ret_tmp_v9 = pld.tile.get(data, pl.const(0, pl.INT32), data, data2__bcast_stage_tmp_v8)
# FULL-NEXT: for data2__reset_src_tmp_v10 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v10 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v11 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v10, 0], pl.const(-1, pl.INT32), op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2
# FULL-LABEL: def k(
# FULL-NEXT: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# FULL-NEXT: data2__nranks_tmp_v1 = pld.system.nranks(data2__ctx_tmp_v0)
# FULL-NEXT: data2__nranks_idx_tmp_v2 = pl.cast(data2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: data2__my_rank_tmp_v3 = pld.system.rank(data2__ctx_tmp_v0)
# FULL-NEXT: for data2__peer_tmp_v4 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_tmp_v4 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_tmp_v5 = pld.system.notify(signal, data2__peer_tmp_v4, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_tmp_v6 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_tmp_v6 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_tmp_v7 = pld.system.wait(signal, [data2__src_tmp_v6, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: data2__bcast_stage_tmp_v8 = pl.tile.create([1, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# FULL-NEXT: data2__get_ret_tmp_v9 = pld.tile.get(data, pl.const(1, pl.INT32), data, data2__bcast_stage_tmp_v8)
# FULL-NEXT: for data2__reset_src_tmp_v10 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v10 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v11 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v10, 0], pl.const(-1, pl.INT32), op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2

# pypto.program: Broadcast
import pypto.language as pl

@pl.program
class Broadcast:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[1, 17], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, 17], pl.FP32]:
        data2 = pld.tensor.broadcast(data, signal, root=1)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def dyn(data: pld.DistributedTensor[[1, n], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, n], pl.FP32]:
        data2 = pld.tensor.broadcast(data, signal, root=0)
        return data2
