# pld.tensor.allreduce, mode="ring", FP16 SIZE=17 over NR=2: segments with
# boundaries rounded up to 16 elements ([0, 16) and [16, 17)), one 32-column
# subchunk (max_segment = min(17, 9 + 15) = 17), the own value read before
# the ready barrier (2k+1), a non-atomic TPUT of the exact extent through the
# one narrowed stage, the push-done barrier (2k+2), then reduce and store; the
# allgather rounds push without reducing; the epilogue retires 2 per row of
# the [2, 2] signal.
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
# RUN: pto-opt %s --passes=lower-composite-ops --concise | FileCheck %s --check-prefix=FULL
#
# CHECK: pl.tile.create([1, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
# CHECK: pl.min((data2__rs_recv_idx_tmp_v10 * 17 + 31) // 32 * 16, 17)
# CHECK: pl.range(0, 17, 32)
# CHECK: pl.cast(data2__rs_col_tmp_v18 // 32 * 2 + 1, pl.INT32)
# CHECK: pl.tile.set_validshape(data2__ring_put_stage_tmp_v6, 1, data2__rs_send_valid_tmp_v32)
# CHECK: , atomic=pl.AtomicType.None_)
# CHECK: pl.tile.add(
# CHECK: pl.tile.store(
# CHECK: pl.range(2):
# CHECK: pl.const(-2, pl.INT32), op=0)
# CHECK-NOT: pld.tensor.
#
# FULL-LABEL: def k(
# FULL-NEXT: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# FULL-NEXT: data2__nranks_tmp_v1 = pld.system.nranks(data2__ctx_tmp_v0)
# FULL-NEXT: data2__nranks_idx_tmp_v2 = pl.cast(data2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: data2__my_rank_tmp_v3 = pld.system.rank(data2__ctx_tmp_v0)
# FULL-NEXT: data2__my_rank_idx_tmp_v4 = pl.cast(data2__my_rank_tmp_v3, pl.INDEX)
# FULL-NEXT: data2__target_2d_tmp_v5 = pl.tensor.view(data, [1, 17])
# FULL-NEXT: data2__ring_put_stage_tmp_v6 = pl.tile.create([1, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
# FULL-NEXT: data2__nr_minus_one_tmp_v7 = data2__nranks_idx_tmp_v2 - 1
# FULL-NEXT: data2__right_tmp_v8 = (data2__my_rank_idx_tmp_v4 + 1) % data2__nranks_idx_tmp_v2
# FULL-NEXT: for data2__rs_step_tmp_v9 in pl.range(data2__nr_minus_one_tmp_v7):
# FULL-NEXT: data2__rs_recv_idx_tmp_v10 = (data2__my_rank_idx_tmp_v4 + data2__nranks_idx_tmp_v2 - 1 - data2__rs_step_tmp_v9) % data2__nranks_idx_tmp_v2
# FULL-NEXT: data2__rs_send_idx_tmp_v11 = (data2__my_rank_idx_tmp_v4 + data2__nranks_idx_tmp_v2 - data2__rs_step_tmp_v9) % data2__nranks_idx_tmp_v2
# FULL-NEXT: data2__rs_recv_segment_begin_tmp_v12 = pl.min((data2__rs_recv_idx_tmp_v10 * 17 + 31) // 32 * 16, 17)
# FULL-NEXT: data2__rs_recv_segment_end_tmp_v13 = pl.min(((data2__rs_recv_idx_tmp_v10 + 1) * 17 + 31) // 32 * 16, 17)
# FULL-NEXT: data2__rs_recv_segment_cols_tmp_v14 = data2__rs_recv_segment_end_tmp_v13 - data2__rs_recv_segment_begin_tmp_v12
# FULL-NEXT: data2__rs_send_segment_begin_tmp_v15 = pl.min((data2__rs_send_idx_tmp_v11 * 17 + 31) // 32 * 16, 17)
# FULL-NEXT: data2__rs_send_segment_end_tmp_v16 = pl.min(((data2__rs_send_idx_tmp_v11 + 1) * 17 + 31) // 32 * 16, 17)
# FULL-NEXT: data2__rs_send_segment_cols_tmp_v17 = data2__rs_send_segment_end_tmp_v16 - data2__rs_send_segment_begin_tmp_v15
# FULL-NEXT: for data2__rs_col_tmp_v18 in pl.range(0, 17, 32):
# FULL-NEXT: data2__rs_ready_gen_tmp_v19 = pl.cast(data2__rs_col_tmp_v18 // 32 * 2 + 1, pl.INT32)
# FULL-NEXT: data2__rs_done_gen_tmp_v20 = pl.cast(data2__rs_col_tmp_v18 // 32 * 2 + 2, pl.INT32)
# FULL-NEXT: data2__rs_recv_active_tmp_v21 = data2__rs_col_tmp_v18 < data2__rs_recv_segment_cols_tmp_v14
# FULL-NEXT: data2__rs_recv_valid_tmp_v22 = pl.max(1, pl.min(32, data2__rs_recv_segment_cols_tmp_v14 - data2__rs_col_tmp_v18))
# FULL-NEXT: data2__rs_recv_col_tmp_v23 = data2__rs_recv_segment_begin_tmp_v12 + data2__rs_col_tmp_v18
# FULL-NEXT: if data2__rs_recv_active_tmp_v21:
# FULL-NEXT: data2__acc_own_tmp_v24 = pl.tile.load(data2__target_2d_tmp_v5, [0, data2__rs_recv_col_tmp_v23], [1, 32], [1, data2__rs_recv_valid_tmp_v22], target_memory=pl.Mem.Vec)
# FULL-NEXT: data2__if_res_tmp_v26 = pl.yield_(data2__acc_own_tmp_v24)
# FULL-NEXT: else:
# FULL-NEXT: data2__acc_own_placeholder_tmp_v25 = pl.tile.load(data2__target_2d_tmp_v5, [0, 0], [1, 32], [1, data2__rs_recv_valid_tmp_v22], target_memory=pl.Mem.Vec)
# FULL-NEXT: data2__if_res_tmp_v26 = pl.yield_(data2__acc_own_placeholder_tmp_v25)
# FULL-NEXT: for data2__peer_rs_ready_tmp_v27 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_rs_ready_tmp_v27 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_rs_ready_tmp_v28 = pld.system.notify(signal, data2__peer_rs_ready_tmp_v27, [data2__rs_step_tmp_v9, data2__my_rank_tmp_v3], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_rs_ready_tmp_v29 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_rs_ready_tmp_v29 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_rs_ready_tmp_v30 = pld.system.wait(signal, [data2__rs_step_tmp_v9, data2__src_rs_ready_tmp_v29], data2__rs_ready_gen_tmp_v19, cmp=1)
# FULL-NEXT: data2__rs_send_active_tmp_v31 = data2__rs_col_tmp_v18 < data2__rs_send_segment_cols_tmp_v17
# FULL-NEXT: if data2__rs_send_active_tmp_v31:
# FULL-NEXT: data2__rs_send_valid_tmp_v32 = pl.min(32, data2__rs_send_segment_cols_tmp_v17 - data2__rs_col_tmp_v18)
# FULL-NEXT: data2__rs_send_col_tmp_v33 = data2__rs_send_segment_begin_tmp_v15 + data2__rs_col_tmp_v18
# FULL-NEXT: data2__rs_stage_valid_tmp_v34 = pl.tile.set_validshape(data2__ring_put_stage_tmp_v6, 1, data2__rs_send_valid_tmp_v32)
# FULL-NEXT: data2__push_rs_tmp_v35 = pld.tile.put(data2__target_2d_tmp_v5, data2__right_tmp_v8, data2__target_2d_tmp_v5, data2__rs_stage_valid_tmp_v34, [0, data2__rs_send_col_tmp_v33], [0, data2__rs_send_col_tmp_v33], [1, data2__rs_send_valid_tmp_v32], atomic=pl.AtomicType.None_)
# FULL-NEXT: for data2__peer_rs_done_tmp_v36 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_rs_done_tmp_v36 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_rs_done_tmp_v37 = pld.system.notify(signal, data2__peer_rs_done_tmp_v36, [data2__rs_step_tmp_v9, data2__my_rank_tmp_v3], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_rs_done_tmp_v38 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_rs_done_tmp_v38 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_rs_done_tmp_v39 = pld.system.wait(signal, [data2__rs_step_tmp_v9, data2__src_rs_done_tmp_v38], data2__rs_done_gen_tmp_v20, cmp=1)
# FULL-NEXT: if data2__rs_recv_active_tmp_v21:
# FULL-NEXT: data2__recv_rs_tmp_v40 = pl.tile.load(data2__target_2d_tmp_v5, [0, data2__rs_recv_col_tmp_v23], [1, 32], [1, data2__rs_recv_valid_tmp_v22], target_memory=pl.Mem.Vec)
# FULL-NEXT: data2__acc_rs_next_tmp_v41 = pl.tile.add(data2__if_res_tmp_v26, data2__recv_rs_tmp_v40)
# FULL-NEXT: data2__store_rs_tmp_v42 = pl.tile.store(data2__acc_rs_next_tmp_v41, [0, data2__rs_recv_col_tmp_v23], data2__target_2d_tmp_v5)
# FULL-NEXT: for data2__ag_step_tmp_v43 in pl.range(data2__nr_minus_one_tmp_v7):
# FULL-NEXT: data2__ag_round_tmp_v44 = data2__ag_step_tmp_v43 + data2__nr_minus_one_tmp_v7
# FULL-NEXT: data2__ag_send_idx_tmp_v45 = (data2__my_rank_idx_tmp_v4 + data2__nranks_idx_tmp_v2 + 1 - data2__ag_step_tmp_v43) % data2__nranks_idx_tmp_v2
# FULL-NEXT: data2__ag_send_segment_begin_tmp_v46 = pl.min((data2__ag_send_idx_tmp_v45 * 17 + 31) // 32 * 16, 17)
# FULL-NEXT: data2__ag_send_segment_end_tmp_v47 = pl.min(((data2__ag_send_idx_tmp_v45 + 1) * 17 + 31) // 32 * 16, 17)
# FULL-NEXT: data2__ag_send_segment_cols_tmp_v48 = data2__ag_send_segment_end_tmp_v47 - data2__ag_send_segment_begin_tmp_v46
# FULL-NEXT: for data2__ag_col_tmp_v49 in pl.range(0, 17, 32):
# FULL-NEXT: data2__ag_ready_gen_tmp_v50 = pl.cast(data2__ag_col_tmp_v49 // 32 * 2 + 1, pl.INT32)
# FULL-NEXT: data2__ag_done_gen_tmp_v51 = pl.cast(data2__ag_col_tmp_v49 // 32 * 2 + 2, pl.INT32)
# FULL-NEXT: for data2__peer_ag_ready_tmp_v52 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_ag_ready_tmp_v52 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_ag_ready_tmp_v53 = pld.system.notify(signal, data2__peer_ag_ready_tmp_v52, [data2__ag_round_tmp_v44, data2__my_rank_tmp_v3], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_ag_ready_tmp_v54 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_ag_ready_tmp_v54 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_ag_ready_tmp_v55 = pld.system.wait(signal, [data2__ag_round_tmp_v44, data2__src_ag_ready_tmp_v54], data2__ag_ready_gen_tmp_v50, cmp=1)
# FULL-NEXT: data2__ag_send_active_tmp_v56 = data2__ag_col_tmp_v49 < data2__ag_send_segment_cols_tmp_v48
# FULL-NEXT: if data2__ag_send_active_tmp_v56:
# FULL-NEXT: data2__ag_send_valid_tmp_v57 = pl.min(32, data2__ag_send_segment_cols_tmp_v48 - data2__ag_col_tmp_v49)
# FULL-NEXT: data2__ag_send_col_tmp_v58 = data2__ag_send_segment_begin_tmp_v46 + data2__ag_col_tmp_v49
# FULL-NEXT: data2__ag_stage_valid_tmp_v59 = pl.tile.set_validshape(data2__ring_put_stage_tmp_v6, 1, data2__ag_send_valid_tmp_v57)
# FULL-NEXT: data2__push_ag_tmp_v60 = pld.tile.put(data2__target_2d_tmp_v5, data2__right_tmp_v8, data2__target_2d_tmp_v5, data2__ag_stage_valid_tmp_v59, [0, data2__ag_send_col_tmp_v58], [0, data2__ag_send_col_tmp_v58], [1, data2__ag_send_valid_tmp_v57], atomic=pl.AtomicType.None_)
# FULL-NEXT: for data2__peer_ag_done_tmp_v61 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__peer_ag_done_tmp_v61 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__notify_ret_ag_done_tmp_v62 = pld.system.notify(signal, data2__peer_ag_done_tmp_v61, [data2__ag_round_tmp_v44, data2__my_rank_tmp_v3], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for data2__src_ag_done_tmp_v63 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__src_ag_done_tmp_v63 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__wait_ret_ag_done_tmp_v64 = pld.system.wait(signal, [data2__ag_round_tmp_v44, data2__src_ag_done_tmp_v63], data2__ag_done_gen_tmp_v51, cmp=1)
# FULL-NEXT: for data2__reset_row_tmp_v65 in pl.range(2):
# FULL-NEXT: for data2__reset_src_tmp_v66 in pl.range(data2__nranks_idx_tmp_v2):
# FULL-NEXT: if data2__reset_src_tmp_v66 != pl.cast(data2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: data2__epilogue_reset_ret_tmp_v67 = pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_row_tmp_v65, data2__reset_src_tmp_v66], pl.const(-2, pl.INT32), op=0)
# FULL-NEXT: data2 = data
# FULL-NEXT: return data2

# pypto.program: AllReduceRing
import pypto.language as pl

@pl.program
class AllReduceRing:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[1, 17], pl.FP16], signal: pld.DistributedTensor[[2, 2], pl.INT32]) -> pld.DistributedTensor[[1, 17], pl.FP16]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='ring', core_num=1)
        return data2
