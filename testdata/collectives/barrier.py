# pld.tensor.barrier: one credit generation and its epilogue per call. Two
# chained calls (the rebind idiom) both wait at generation 1 and both retire
# exactly 1 credit: the signal carries no state between calls.
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
# RUN: pto-opt %s --passes=lower-composite-ops --concise | FileCheck %s --check-prefix=FULL
#
# CHECK: signal1__ctx_tmp_v0: pld.CommCtxType = pld.system.get_comm_ctx(signal)
# CHECK: signal1__wait_ret_tmp_v7: pl.UnknownType = pld.system.wait(signal, [signal1__src_tmp_v6, 0], pl.const(1, pl.INT32), cmp=1)
# CHECK: pld.system.notify(signal, signal1__my_rank_tmp_v3, [signal1__reset_src_tmp_v8, 0], pl.const(-1, pl.INT32), op=0)
# CHECK: signal2__wait_ret_tmp_v17: pl.UnknownType = pld.system.wait(signal1, [signal2__src_tmp_v16, 0], pl.const(1, pl.INT32), cmp=1)
# CHECK: pld.system.notify(signal1, signal2__my_rank_tmp_v13, [signal2__reset_src_tmp_v18, 0], pl.const(-1, pl.INT32), op=0)
# CHECK-NOT: pld.tensor.
#
# FULL-LABEL: def k(
# FULL-NEXT: signal1__ctx_tmp_v0 = pld.system.get_comm_ctx(signal)
# FULL-NEXT: signal1__nranks_tmp_v1 = pld.system.nranks(signal1__ctx_tmp_v0)
# FULL-NEXT: signal1__nranks_idx_tmp_v2 = pl.cast(signal1__nranks_tmp_v1, pl.INDEX)
# FULL-NEXT: signal1__my_rank_tmp_v3 = pld.system.rank(signal1__ctx_tmp_v0)
# FULL-NEXT: for signal1__peer_tmp_v4 in pl.range(signal1__nranks_idx_tmp_v2):
# FULL-NEXT: if signal1__peer_tmp_v4 != pl.cast(signal1__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: signal1__notify_ret_tmp_v5 = pld.system.notify(signal, signal1__peer_tmp_v4, [signal1__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for signal1__src_tmp_v6 in pl.range(signal1__nranks_idx_tmp_v2):
# FULL-NEXT: if signal1__src_tmp_v6 != pl.cast(signal1__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: signal1__wait_ret_tmp_v7 = pld.system.wait(signal, [signal1__src_tmp_v6, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: for signal1__reset_src_tmp_v8 in pl.range(signal1__nranks_idx_tmp_v2):
# FULL-NEXT: if signal1__reset_src_tmp_v8 != pl.cast(signal1__my_rank_tmp_v3, pl.INDEX):
# FULL-NEXT: signal1__epilogue_reset_ret_tmp_v9 = pld.system.notify(signal, signal1__my_rank_tmp_v3, [signal1__reset_src_tmp_v8, 0], pl.const(-1, pl.INT32), op=0)
# FULL-NEXT: signal1 = signal
# FULL-NEXT: signal2__ctx_tmp_v10 = pld.system.get_comm_ctx(signal1)
# FULL-NEXT: signal2__nranks_tmp_v11 = pld.system.nranks(signal2__ctx_tmp_v10)
# FULL-NEXT: signal2__nranks_idx_tmp_v12 = pl.cast(signal2__nranks_tmp_v11, pl.INDEX)
# FULL-NEXT: signal2__my_rank_tmp_v13 = pld.system.rank(signal2__ctx_tmp_v10)
# FULL-NEXT: for signal2__peer_tmp_v14 in pl.range(signal2__nranks_idx_tmp_v12):
# FULL-NEXT: if signal2__peer_tmp_v14 != pl.cast(signal2__my_rank_tmp_v13, pl.INDEX):
# FULL-NEXT: signal2__notify_ret_tmp_v15 = pld.system.notify(signal1, signal2__peer_tmp_v14, [signal2__my_rank_tmp_v13, 0], pl.const(1, pl.INT32), op=0)
# FULL-NEXT: for signal2__src_tmp_v16 in pl.range(signal2__nranks_idx_tmp_v12):
# FULL-NEXT: if signal2__src_tmp_v16 != pl.cast(signal2__my_rank_tmp_v13, pl.INDEX):
# FULL-NEXT: signal2__wait_ret_tmp_v17 = pld.system.wait(signal1, [signal2__src_tmp_v16, 0], pl.const(1, pl.INT32), cmp=1)
# FULL-NEXT: for signal2__reset_src_tmp_v18 in pl.range(signal2__nranks_idx_tmp_v12):
# FULL-NEXT: if signal2__reset_src_tmp_v18 != pl.cast(signal2__my_rank_tmp_v13, pl.INDEX):
# FULL-NEXT: signal2__epilogue_reset_ret_tmp_v19 = pld.system.notify(signal1, signal2__my_rank_tmp_v13, [signal2__reset_src_tmp_v18, 0], pl.const(-1, pl.INT32), op=0)
# FULL-NEXT: signal2 = signal1
# FULL-NEXT: return signal2

# pypto.program: Barrier
import pypto.language as pl

@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(signal: pld.DistributedTensor[[4, 1], pl.INT32]) -> pld.DistributedTensor[[4, 1], pl.INT32]:
        signal1 = pld.tensor.barrier(signal)
        signal2 = pld.tensor.barrier(signal1)
        return signal2
