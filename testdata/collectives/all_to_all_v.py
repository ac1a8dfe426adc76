# pld.tensor.all_to_all_v: the receiver retires its stale counts (AtomicAdd of
# minus the value read) and announces readiness (generation 1); per
# destination the clamped row count max(min(count, MAX_RECV), 0) guards an
# on-demand wait for a non-self destination's readiness, the AtomicAdd
# publication of the count and the push of exactly that many rows; then
# generation 2 completes the exchange and the epilogue retires 2 credits.
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
# RUN: pto-opt %s --passes=lower-composite-ops --concise | FileCheck %s --check-prefix=FULL
#
# CHECK: pl.tensor.read(recv, [out2__reset_count_src_tmp_v5, 0])
# CHECK: pld.system.notify(recv, out2__my_rank_tmp_v3, [out2__reset_count_src_tmp_v5, 0], -out2__stale_count_tmp_v6, op=0)
# CHECK: pl.max(pl.min(pl.cast(out2__aav_count_tmp_v11, pl.INDEX), 3), 0)
# CHECK: if out2__aav_rows_tmp_v12 > 0:
# CHECK: pld.system.wait(signal, [out2__dest_tmp_v10, 0], pl.const(1, pl.INT32), cmp=1)
# CHECK: pld.system.notify(recv, out2__dest_tmp_v10, [out2__my_rank_tmp_v3, 0], out2__aav_count_i32_tmp_v14, op=0)
# CHECK: [out2__aav_rows_tmp_v12, 16], atomic=pl.AtomicType.None_)
# CHECK: pld.system.wait(signal, [out2__src_done_tmp_v19, 0], pl.const(2, pl.INT32), cmp=1)
# CHECK-NOT: pld.tensor.
#
# FULL-LABEL: def k(
# FULL-NEXT: out2__ctx_tmp_v0 = pld.system.get_comm_ctx(out)
# FULL-NEXT: out2__nranks_tmp_v1 = pld.system.nranks(out2__ctx_tmp_v0)
# FULL-NEXT: out2__nranks_idx_tmp_v2 = pl.cast(out2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: out2__my_rank_tmp_v3 = pld.system.rank(out2__ctx_tmp_v0)
# FULL-NEXT: out2__aav_stage_tmp_v4 = pl.tile.create([3, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# FULL-NEXT: for out2__reset_count_src_tmp_v5 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: out2__stale_count_tmp_v6 = pl.tensor.read(recv, [out2__reset_count_src_tmp_v5, 0])
# FULL-NEXT: out2__count_reset_ret_tmp_v7 = pld.system.notify(recv, out2__my_rank_tmp_v3, [out2__reset_count_src_tmp_v5, 0], -out2__stale_count_tmp_v6, op=0)
# FULL-NEXT: for out2__peer_ready_tmp_v8 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: if out2__peer_ready_tmp_v8 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__notify_ret_ready_tmp_v9 = pld.system.notify(signal, out2__peer_ready_tmp_v8, [out2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for out2__dest_tmp_v10 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: out2__aav_count_tmp_v11 = pl.tensor.read(counts, [out2__dest_tmp_v10])
# FULL-NEXT: out2__aav_rows_tmp_v12 = pl.max(pl.min(pl.cast(out2__aav_count_tmp_v11, pl.INDEX), 3), 0)
# FULL-NEXT: if out2__aav_rows_tmp_v12 > 0:
# FULL-NEXT: if out2__dest_tmp_v10 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__dest_ready_ret_tmp_v13 = pld.system.wait(signal, [out2__dest_tmp_v10, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: out2__aav_count_i32_tmp_v14 = pl.cast(out2__aav_rows_tmp_v12, pl.INT32)
# FULL-NEXT: out2__aav_count_notify_tmp_v15 = pld.system.notify(recv, out2__dest_tmp_v10, [out2__my_rank_tmp_v3, 0], out2__aav_count_i32_tmp_v14, op=0)
# FULL-NEXT: out2__aav_put_tmp_v16 = pld.tile.put(out, out2__dest_tmp_v10, inp, out2__aav_stage_tmp_v4, [pl.cast(out2__my_rank_tmp_v3, pl.INDEX) * 3, 0], [out2__dest_tmp_v10 * 3, 0], [out2__aav_rows_tmp_v12, 16], atomic=pl.AtomicType.None_)
# FULL-NEXT: for out2__peer_done_tmp_v17 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: if out2__peer_done_tmp_v17 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__notify_ret_done_tmp_v18 = pld.system.notify(signal, out2__peer_done_tmp_v17, [out2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for out2__src_done_tmp_v19 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: if out2__src_done_tmp_v19 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__wait_ret_done_tmp_v20 = pld.system.wait(signal, [out2__src_done_tmp_v19, 0], pl.const(2, pl.INT32), cmp=1)
# FULL-NEXT: for out2__reset_src_tmp_v21 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: if out2__reset_src_tmp_v21 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__epilogue_reset_ret_tmp_v22 = pld.system.notify(signal, out2__my_rank_tmp_v3, [out2__reset_src_tmp_v21, 0], pl.const(-2, pl.INT32), op=0)
# FULL-NEXT: out2 = out
# FULL-NEXT: return out2

# pypto.program: AllToAllV
import pypto.language as pl

@pl.program
class AllToAllV:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(inp: pl.Tensor[[6, 16], pl.FP32], out: pld.DistributedTensor[[6, 16], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32], counts: pl.Tensor[[2], pl.INT32], recv: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[6, 16], pl.FP32]:
        out2 = pld.tensor.all_to_all_v(inp, out, signal, counts, recv)
        return out2
