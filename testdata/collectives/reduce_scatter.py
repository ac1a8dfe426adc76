# pld.tensor.reduce_scatter (op=Max): ready barrier (generation 1), row `me`
# loaded into a 32-byte-aligned tile (SIZE 17 -> width 24, valid 17) and
# reduced with every peer's row `me`, a post-reduce barrier (generation 2),
# the store, and an epilogue retiring both credits.
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
# RUN: pto-opt %s --passes=lower-composite-ops --concise | FileCheck %s --check-prefix=FULL
#
# CHECK: pl.tile.load(data, [data2__my_rank_tmp_v3, 0], [1, 24], [1, 17], target_memory=pl.Mem.Vec)
# CHECK: pld.tile.remote_load(data, data2__peer_tmp_v9, [data2__my_rank_tmp_v3, 0], [1, 24], [1, 17])
# CHECK: pl.tile.maximum(data2__peer_acc_tmp_v10, data2__recv_tmp_v11)
# CHECK: pld.system.wait(signal, [data2__src2_tmp_v17, 0], pl.const(2, pl.INT32), cmp=1)
# CHECK: pl.tile.store(data2__peer_final_tmp_v14, [data2__my_rank_tmp_v3, 0], data)
# CHECK: pl.const(-2, pl.INT32), op=0)
# CHECK-NOT: pld.tensor.
#
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
# FULL-NEXT: data2__acc_initial_tmp_v8 = pl.tile.load(data, [data2__my_rank_tmp_v3, 0], [1, 24], [1, 17], target_memory=pl.Mem.Vec)
# FULL-NEXT: for data2__peer_tmp_v9, (data2__peer_acc_tmp_v10,) in pl.range(data2__nranks_idx_tmp_v2, init_values=(data2__acc_initial_tmp_v8,)):
# FULL-NEXT: if data2__peer_tmp_v9 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__recv_tmp_v11 = pld.tile.remote_load(data, data2__peer_tmp_v9, [data2__my_rank_tmp_v3, 0], [1, 24], [1, 17])
# FULL-NEXT: data2__acc_next_tmp_v12 = pl.tile.maximum(data2__peer_acc_tmp_v10, data2__recv_tmp_v11)
# FULL-NEXT: data2__if_res_tmp_v13 = pl.yield_(data2__acc_next_tmp_v12)
# FULL-NEXT: else:
# FULL-NEXT: data2__if_res_tmp_v13 = pl.yield_(data2__peer_acc_tmp_v10)
# FULL-NEXT: data2__peer_final_tmp_v14 = pl.yield_(data2__if_res_tmp_v13)
# FULL-NEXT: for data2__peer2_tmp_v15 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer2_tmp_v15 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret2_tmp_v16 = pld.system.notify(signal, data2__peer2_tmp_v15, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src2_tmp_v17 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src2_tmp_v17 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret2_tmp_v18 = pld.system.wait(signal, [data2__src2_tmp_v17, 0], pl.const(2, pl.INT32), cmp=1)
# FULL-NEXT: data2__store_ret_tmp_v19 = pl.tile.store(data2__peer_final_tmp_v14, [data2__my_rank_tmp_v3, 0], data)
# FULL-NEXT: for data2__reset_src_tmp_v20 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v20 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v21 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v20, 0], pl.const(-2, pl.INT32), op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2

# pypto.program: ReduceScatter
import pypto.language as pl

@pl.program
class ReduceScatter:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[2, 17], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 17], pl.FP32]:
        data2 = pld.tensor.reduce_scatter(data, signal, op=1)
        return data2
