# pld.tensor.allreduce, mode="mesh". `big` (FP32 [1, 4097]): ready barrier,
# two 4096-column chunks (the tail narrows only the valid extent through the
# load and the remote load), chunk k waiting at generation k + 2, epilogue
# 1 + 2 = 3. `small` (FP16 [2, 3]): one 16-column chunk (6 rounded up to 32
# bytes). `part` (valid [1, 3, 2] of [2, 3, 4]): the single-rectangle path,
# view [6, 4] valid [3, 2], two barriers, epilogue 2. `dyn` ([1, n]): runtime
# loop bound and credit total (reset_total).
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
# RUN: pto-opt %s --passes=lower-composite-ops --concise | FileCheck %s --check-prefix=FULL
#
# The functions print by name: big, dyn, part, small.
# CHECK: pl.range(0, 4097, 4096)
# CHECK: pl.min(4096, 4097 - data2__col_tmp_v9)
# CHECK: pl.cast(data2__col_tmp_v9 // 4096 + 2, pl.INT32)
# CHECK: pl.const(-3, pl.INT32), op=0)
# CHECK: pl.cast(1 + (n + 4095) // 4096, pl.INT32)
# CHECK: -data2__reset_total_tmp_v
# CHECK: pl.tensor.view(data, [6, 4], [3, 2])
# CHECK: pl.tile.load(data2__target_2d_tmp_v4, [0, 0], [3, 2], [3, 2], target_memory=pl.Mem.Vec)
# CHECK: pl.tile.minimum(
# CHECK: pl.const(2, pl.INT32), cmp=1)
# CHECK: pl.const(-2, pl.INT32), op=0)
# CHECK: pl.range(0, 6, 16)
# CHECK: pl.tile.mul(
# CHECK-NOT: pld.tensor.
#
# FULL-LABEL: def big(
# FULL-NEXT: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# FULL-NEXT: data2__nranks_tmp_v1 = pld.system.nranks(data2__ctx_tmp_v0)
# FULL-NEXT: data2__nranks_idx_tmp_v2 = pl.cast(data2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: data2__my_rank_tmp_v3 = pld.system.rank(data2__ctx_tmp_v0)
# FULL-NEXT: data2__target_2d_tmp_v4 = pl.tensor.view(data, [1, 4097])
# FULL-NEXT: for data2__peer_tmp_v5 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_tmp_v5 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_tmp_v6 = pld.system.notify(signal, data2__peer_tmp_v5, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_tmp_v7 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_tmp_v7 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_tmp_v8 = pld.system.wait(signal, [data2__src_tmp_v7, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: for data2__col_tmp_v9 in pl.range(0, 4097, 4096):
# FULL-NEXT: data2__valid_cols_tmp_v10 = pl.min(4096, 4097 - data2__col_tmp_v9)
# FULL-NEXT: data2__acc_loaded_tmp_v11 = pl.tile.load(data2__target_2d_tmp_v4, [0, data2__col_tmp_v9], [1, 4096], [1, data2__valid_cols_tmp_v10], target_memory=pl.Mem.Vec)
# FULL-NEXT: for data2__peer_tmp_v12, (data2__peer_acc_tmp_v13,) in pl.range(data2__nranks_idx_tmp_v2, init_values=(data2__acc_loaded_tmp_v11,)):
# FULL-NEXT: if data2__peer_tmp_v12 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__recv_tmp_v14 = pld.tile.remote_load(data2__target_2d_tmp_v4, data2__peer_tmp_v12, [0, data2__col_tmp_v9], [1, 4096], [1, data2__valid_cols_tmp_v10])
# FULL-NEXT: data2__acc_next_tmp_v15 = pl.tile.add(data2__peer_acc_tmp_v13, data2__recv_tmp_v14)
# FULL-NEXT: data2__if_res_tmp_v16 = pl.yield_(data2__acc_next_tmp_v15)
# FULL-NEXT: else:
# FULL-NEXT: data2__if_res_tmp_v16 = pl.yield_(data2__peer_acc_tmp_v13)
# FULL-NEXT: data2__peer_final_tmp_v17 = pl.yield_(data2__if_res_tmp_v16)
# FULL-NEXT: data2__chunk_expected_tmp_v18 = pl.cast(data2__col_tmp_v9 // 4096 + 2, pl.INT32)
# FULL-NEXT: for data2__peer_chunk_tmp_v19 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_chunk_tmp_v19 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_chunk_tmp_v20 = pld.system.notify(signal, data2__peer_chunk_tmp_v19, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_chunk_tmp_v21 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_chunk_tmp_v21 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_chunk_tmp_v22 = pld.system.wait(signal, [data2__src_chunk_tmp_v21, 0], data2__chunk_expected_tmp_v18, cmp=1)
# FULL-NEXT: data2__store_ret_tmp_v23 = pl.tile.store(data2__peer_final_tmp_v17, [0, data2__col_tmp_v9], data2__target_2d_tmp_v4)
# FULL-NEXT: for data2__reset_src_tmp_v24 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v24 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v25 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v24, 0], pl.const(-3, pl.INT32), op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2
# FULL-LABEL: def dyn(
# FULL-NEXT: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# FULL-NEXT: data2__nranks_tmp_v1 = pld.system.nranks(data2__ctx_tmp_v0)
# FULL-NEXT: data2__nranks_idx_tmp_v2 = pl.cast(data2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: data2__my_rank_tmp_v3 = pld.system.rank(data2__ctx_tmp_v0)
# FULL-NEXT: data2__target_2d_tmp_v4 = pl.tensor.view(data, [1, n])
# FULL-NEXT: for data2__peer_tmp_v5 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_tmp_v5 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_tmp_v6 = pld.system.notify(signal, data2__peer_tmp_v5, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_tmp_v7 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_tmp_v7 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_tmp_v8 = pld.system.wait(signal, [data2__src_tmp_v7, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: for data2__col_tmp_v9 in pl.range(0, n, 4096):
# FULL-NEXT: data2__valid_cols_tmp_v10 = pl.min(4096, n - data2__col_tmp_v9)
# FULL-NEXT: data2__acc_loaded_tmp_v11 = pl.tile.load(data2__target_2d_tmp_v4, [0, data2__col_tmp_v9], [1, 4096], [1, data2__valid_cols_tmp_v10], target_memory=pl.Mem.Vec)
# FULL-NEXT: for data2__peer_tmp_v12, (data2__peer_acc_tmp_v13,) in pl.range(data2__nranks_idx_tmp_v2, init_values=(data2__acc_loaded_tmp_v11,)):
# FULL-NEXT: if data2__peer_tmp_v12 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__recv_tmp_v14 = pld.tile.remote_load(data2__target_2d_tmp_v4, data2__peer_tmp_v12, [0, data2__col_tmp_v9], [1, 4096], [1, data2__valid_cols_tmp_v10])
# FULL-NEXT: data2__acc_next_tmp_v15 = pl.tile.add(data2__peer_acc_tmp_v13, data2__recv_tmp_v14)
# FULL-NEXT: data2__if_res_tmp_v16 = pl.yield_(data2__acc_next_tmp_v15)
# FULL-NEXT: else:
# FULL-NEXT: data2__if_res_tmp_v16 = pl.yield_(data2__peer_acc_tmp_v13)
# FULL-NEXT: data2__peer_final_tmp_v17 = pl.yield_(data2__if_res_tmp_v16)
# FULL-NEXT: data2__chunk_expected_tmp_v18 = pl.cast(data2__col_tmp_v9 // 4096 + 2, pl.INT32)
# FULL-NEXT: for data2__peer_chunk_tmp_v19 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_chunk_tmp_v19 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_chunk_tmp_v20 = pld.system.notify(signal, data2__peer_chunk_tmp_v19, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_chunk_tmp_v21 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_chunk_tmp_v21 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_chunk_tmp_v22 = pld.system.wait(signal, [data2__src_chunk_tmp_v21, 0], data2__chunk_expected_tmp_v18, cmp=1)
# FULL-NEXT: data2__store_ret_tmp_v23 = pl.tile.store(data2__peer_final_tmp_v17, [0, data2__col_tmp_v9], data2__target_2d_tmp_v4)
# FULL-NEXT: data2__reset_total_tmp_v24 = pl.cast(1 + (n + 4095) // 4096, pl.INT32)
# FULL-NEXT: for data2__reset_src_tmp_v25 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v25 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v26 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v25, 0], -data2__reset_total_tmp_v24, op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2
# FULL-LABEL: def part(
# FULL-NEXT: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# FULL-NEXT: data2__nranks_tmp_v1 = pld.system.nranks(data2__ctx_tmp_v0)
# FULL-NEXT: data2__nranks_idx_tmp_v2 = pl.cast(data2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: data2__my_rank_tmp_v3 = pld.system.rank(data2__ctx_tmp_v0)
# FULL-NEXT: data2__target_2d_tmp_v4 = pl.tensor.view(data, [6, 4], [3, 2])
# FULL-NEXT: for data2__peer_tmp_v5 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_tmp_v5 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_tmp_v6 = pld.system.notify(signal, data2__peer_tmp_v5, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_tmp_v7 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_tmp_v7 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_tmp_v8 = pld.system.wait(signal, [data2__src_tmp_v7, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: data2__acc_initial_tmp_v9 = pl.tile.load(data2__target_2d_tmp_v4, [0, 0], [3, 2], [3, 2], target_memory=pl.Mem.Vec)
# FULL-NEXT: for data2__peer_tmp_v10, (data2__peer_acc_tmp_v11,) in pl.range(data2__nranks_idx_tmp_v2, init_values=(data2__acc_initial_tmp_v9,)):
# FULL-NEXT: if data2__peer_tmp_v10 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__recv_tmp_v12 = pld.tile.remote_load(data2__target_2d_tmp_v4, data2__peer_tmp_v10, [0, 0], [3, 2], [3, 2])
# FULL-NEXT: data2__acc_next_tmp_v13 = pl.tile.minimum(data2__peer_acc_tmp_v11, data2__recv_tmp_v12)
# FULL-NEXT: data2__if_res_tmp_v14 = pl.yield_(data2__acc_next_tmp_v13)
# FULL-NEXT: else:
# FULL-NEXT: data2__if_res_tmp_v14 = pl.yield_(data2__peer_acc_tmp_v11)
# FULL-NEXT: data2__peer_final_tmp_v15 = pl.yield_(data2__if_res_tmp_v14)
# FULL-NEXT: for data2__peer2_tmp_v16 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer2_tmp_v16 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret2_tmp_v17 = pld.system.notify(signal, data2__peer2_tmp_v16, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src2_tmp_v18 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src2_tmp_v18 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret2_tmp_v19 = pld.system.wait(signal, [data2__src2_tmp_v18, 0], pl.const(2, pl.INT32), cmp=1)
# FULL-NEXT: data2__store_ret_tmp_v20 = pl.tile.store(data2__peer_final_tmp_v15, [0, 0], data2__target_2d_tmp_v4)
# FULL-NEXT: for data2__reset_src_tmp_v21 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v21 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v22 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v21, 0], pl.const(-2, pl.INT32), op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2
# FULL-LABEL: def small(
# FULL-NEXT: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# FULL-NEXT: data2__nranks_tmp_v1 = pld.system.nranks(data2__ctx_tmp_v0)
# FULL-NEXT: data2__nranks_idx_tmp_v2 = pl.cast(data2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: data2__my_rank_tmp_v3 = pld.system.rank(data2__ctx_tmp_v0)
# FULL-NEXT: data2__target_2d_tmp_v4 = pl.tensor.view(data, [1, 6])
# FULL-NEXT: for data2__peer_tmp_v5 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_tmp_v5 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_tmp_v6 = pld.system.notify(signal, data2__peer_tmp_v5, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_tmp_v7 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_tmp_v7 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_tmp_v8 = pld.system.wait(signal, [data2__src_tmp_v7, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: for data2__col_tmp_v9 in pl.range(0, 6, 16):
# FULL-NEXT: data2__valid_cols_tmp_v10 = pl.min(16, 6 - data2__col_tmp_v9)
# FULL-NEXT: data2__acc_loaded_tmp_v11 = pl.tile.load(data2__target_2d_tmp_v4, [0, data2__col_tmp_v9], [1, 16], [1, data2__valid_cols_tmp_v10], target_memory=pl.Mem.Vec)
# FULL-NEXT: for data2__peer_tmp_v12, (data2__peer_acc_tmp_v13,) in pl.range(data2__nranks_idx_tmp_v2, init_values=(data2__acc_loaded_tmp_v11,)):
# FULL-NEXT: if data2__peer_tmp_v12 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__recv_tmp_v14 = pld.tile.remote_load(data2__target_2d_tmp_v4, data2__peer_tmp_v12, [0, data2__col_tmp_v9], [1, 16], [1, data2__valid_cols_tmp_v10])
# FULL-NEXT: data2__acc_next_tmp_v15 = pl.tile.mul(data2__peer_acc_tmp_v13, data2__recv_tmp_v14)
# FULL-NEXT: data2__if_res_tmp_v16 = pl.yield_(data2__acc_next_tmp_v15)
# FULL-NEXT: else:
# FULL-NEXT: data2__if_res_tmp_v16 = pl.yield_(data2__peer_acc_tmp_v13)
# FULL-NEXT: data2__peer_final_tmp_v17 = pl.yield_(data2__if_res_tmp_v16)
# FULL-NEXT: data2__chunk_expected_tmp_v18 = pl.cast(data2__col_tmp_v9 // 16 + 2, pl.INT32)
# FULL-NEXT: for data2__peer_chunk_tmp_v19 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_chunk_tmp_v19 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_chunk_tmp_v20 = pld.system.notify(signal, data2__peer_chunk_tmp_v19, [data2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_chunk_tmp_v21 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_chunk_tmp_v21 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_chunk_tmp_v22 = pld.system.wait(signal, [data2__src_chunk_tmp_v21, 0], data2__chunk_expected_tmp_v18, cmp=1)
# FULL-NEXT: data2__store_ret_tmp_v23 = pl.tile.store(data2__peer_final_tmp_v17, [0, data2__col_tmp_v9], data2__target_2d_tmp_v4)
# FULL-NEXT: for data2__reset_src_tmp_v24 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v24 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v25 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v24, 0], pl.const(-2, pl.INT32), op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2

# pypto.program: AllReduceMesh
import pypto.language as pl

@pl.program
class AllReduceMesh:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def big(data: pld.DistributedTensor[[1, 4097], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, 4097], pl.FP32]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def small(data: pld.DistributedTensor[[2, 3], pl.FP16], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 3], pl.FP16]:
        data2 = pld.tensor.allreduce(data, signal, op=3, mode='mesh', core_num=1)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def part(data: pld.DistributedTensor[[2, 3, 4], pl.FP32, pl.TensorView(valid_shape=[1, 3, 2], stride=[], layout=pl.TensorLayout.ND)], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 3, 4], pl.FP32, pl.TensorView(valid_shape=[1, 3, 2], stride=[], layout=pl.TensorLayout.ND)]:
        data2 = pld.tensor.allreduce(data, signal, op=2, mode='mesh', core_num=1)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def dyn(data: pld.DistributedTensor[[1, n], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, n], pl.FP32]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
        return data2
