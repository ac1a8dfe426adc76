# pld.tensor.allgather: push this rank's [1, SIZE] chunk into row `me` of
# every peer's window (the self push is the local copy), through one Vec stage
# sized min(SIZE, chunk) rounded down to 32 bytes (FP32 SIZE=17 -> 16), then
# barrier generation 1 and its epilogue.
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
# RUN: pto-opt %s --passes=lower-composite-ops --concise | FileCheck %s --check-prefix=FULL
#
# CHECK: out2__ag_stage_tmp_v4: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create([1, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK: pld.tile.put(out, out2__peer_tmp_v5, inp, out2__ag_stage_tmp_v4, [out2__my_rank_tmp_v3, 0], [0, 0], [1, 17], atomic=pl.AtomicType.None_)
# CHECK: pld.system.wait(signal, [out2__src_tmp_v9, 0], pl.const(1, pl.INT32), cmp=1)
# CHECK-NOT: pld.tensor.
#
# FULL-LABEL: def k(
# FULL-NEXT: out2__ctx_tmp_v0 = pld.system.get_comm_ctx(out)
# FULL-NEXT: out2__nranks_tmp_v1 = pld.system.nranks(out2__ctx_tmp_v0)
# FULL-NEXT: out2__nranks_idx_tmp_v2 = pl.cast(out2__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: out2__my_rank_tmp_v3 = pld.system.rank(out2__ctx_tmp_v0)
# FULL-NEXT: out2__ag_stage_tmp_v4 = pl.tile.create([1, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# FULL-NEXT: for out2__peer_tmp_v5 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: out2__push_tmp_v6 = pld.tile.put(out, out2__peer_tmp_v5, inp, out2__ag_stage_tmp_v4, [out2__my_rank_tmp_v3, 0], [0, 0], [1, 17], atomic=pl.AtomicType.None_)
# FULL-NEXT: for out2__peer_tmp_v7 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: if out2__peer_tmp_v7 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__notify_ret_tmp_v8 = pld.system.notify(signal, out2__peer_tmp_v7, [out2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for out2__src_tmp_v9 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: if out2__src_tmp_v9 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__wait_ret_tmp_v10 = pld.system.wait(signal, [out2__src_tmp_v9, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: for out2__reset_src_tmp_v11 in pl.range(out2__nranks_idx_tmp_v2):
# FULL-NEXT: if out2__reset_src_tmp_v11 != pl.cast(out2__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: out2__epilogue_reset_ret_tmp_v12 = pld.system.notify(signal, out2__my_rank_tmp_v3, [out2__reset_src_tmp_v11, 0], pl.const(-1, pl.INT32), op=0)
# FULL-NEXT: out2 = out
# FULL-NEXT: return out2

# pypto.program: AllGather
import pypto.language as pl

@pl.program
class AllGather:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(inp: pl.Tensor[[1, 17], pl.FP32], out: pld.DistributedTensor[[2, 17], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 17], pl.FP32]:
        out2 = pld.tensor.allgather(inp, out, signal)
        return out2
