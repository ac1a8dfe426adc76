# pld.tensor.reduce_scatter on a row longer than one 16-KiB chunk (FP32 4097,
# function k) or of a length known only at run time (FP16 n, function d):
# the row is reduced and stored in [1, chunk] pieces (4096 FP32 / 8192 FP16
# elements; the tail narrows only the valid extent) between the same two
# barriers as a one-tile row, and the epilogue still retires 2 credits.
# A peer reads only its own row of this rank's window, so a piece of row `me`
# may be stored before the post-reduce barrier.
#
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s
#
# CHECK-LABEL: def d(
# CHECK: for data2__col_tmp_v8 in pl.range(0, n, 8192):
# CHECK-NEXT: = pl.min(8192, n - data2__col_tmp_v8)
# CHECK-NEXT: = pl.tile.load(data, [data2__my_rank_tmp_v3, data2__col_tmp_v8], [1, 8192], [1, data2__valid_cols_tmp_v9], target_memory=pl.Mem.Vec)
# CHECK: pl.tile.mul(data2__peer_acc_tmp_v12, data2__recv_tmp_v13)
# CHECK: = pl.tile.store(data2__peer_final_tmp_v16, [data2__my_rank_tmp_v3, data2__col_tmp_v8], data)
# CHECK: pld.system.wait(signal, [data2__src2_tmp_v20, 0], pl.const(2, pl.INT32), cmp=1)
# CHECK: pl.const(-2, pl.INT32), op=0)
# CHECK-NOT: pld.tensor.
#
# CHECK-LABEL: def k(
# CHECK: pld.system.wait(signal, [data2__src_tmp_v6, 0], pl.const(1, pl.INT32), cmp=1)
# CHECK-NEXT: for data2__col_tmp_v8 in pl.range(0, 4097, 4096):
# CHECK-NEXT: data2__valid_cols_tmp_v9: pl.Scalar[pl.INDEX] = pl.min(4096, 4097 - data2__col_tmp_v8)
# CHECK-NEXT: = pl.tile.load(data, [data2__my_rank_tmp_v3, data2__col_tmp_v8], [1, 4096], [1, data2__valid_cols_tmp_v9], target_memory=pl.Mem.Vec)
# CHECK: pld.tile.remote_load(data, data2__peer_tmp_v11, [data2__my_rank_tmp_v3, data2__col_tmp_v8], [1, 4096], [1, data2__valid_cols_tmp_v9])
# CHECK: pl.tile.add(data2__peer_acc_tmp_v12, data2__recv_tmp_v13)
# CHECK: data2__peer_final_tmp_v16{{.*}} = pl.yield_(
# CHECK-NEXT: = pl.tile.store(data2__peer_final_tmp_v16, [data2__my_rank_tmp_v3, data2__col_tmp_v8], data)
# CHECK-NEXT: for data2__peer2_tmp_v18 in pl.range(data2__nranks_idx_tmp_v2):
# CHECK: pld.system.wait(signal, [data2__src2_tmp_v20, 0], pl.const(2, pl.INT32), cmp=1)
# CHECK: pld.system.notify(signal, data2__my_rank_tmp_v3, [data2__reset_src_tmp_v22, 0], pl.const(-2, pl.INT32), op=0)
# CHECK-NOT: pld.tensor.

# pypto.program: ReduceScatterChunked
import pypto.language as pl

n = pl.dynamic("n")

@pl.program
class ReduceScatterChunked:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[2, 4097], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 4097], pl.FP32]:
        data2 = pld.tensor.reduce_scatter(data, signal, op=0)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def d(data: pld.DistributedTensor[[2, n], pl.FP16], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, n], pl.FP16]:
        data2 = pld.tensor.reduce_scatter(data, signal, op=3)
        return data2
