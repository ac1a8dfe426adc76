# An INT32 scalar as a loop bound or step - the rank count of a
# communication context, a kernel argument - is cast to index
# (arith.index_cast) where the scf.for needs it, as PyPTO does, instead of
# being rejected as a non-index bound.
#
# RUN: pto-opt %s --passes=none | FileCheck %s --check-prefix=IR
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# IR: for i, (acc,) in pl.range(n, init_values=(t,)):
# CHECK-LABEL: func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: i32, %data_ctx: !pto.ptr<i64>)
# CHECK: %n = arith.trunci %n_hi : i64 to i32
# CHECK: %me = arith.trunci %me_pair : i64 to i32
# CHECK: %[[N:n_index[_0-9]*]] = arith.index_cast %n : i32 to index
# CHECK: scf.for %i = %c0 to %[[N]] step %c1 {
# CHECK: %[[ME:me_index[_0-9]*]] = arith.index_cast %me : i32 to index
# CHECK: %[[N2:n_index[_0-9]*]] = arith.index_cast %n : i32 to index
# CHECK: %[[STEP:arg2_index[_0-9]*]] = arith.index_cast %arg2 : i32 to index
# CHECK: scf.for %j = %[[ME]] to %[[N2]] step %[[STEP]] {

# pypto.program: LoopBounds
import pypto.language as pl

@pl.program
class LoopBounds:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], stride: pl.Scalar[pl.INT32]):
        ctx = pld.system.get_comm_ctx(data)
        n = pld.system.nranks(ctx)
        me = pld.system.rank(ctx)
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
        for i, (acc,) in pl.range(n, init_values=(t,)):
            acc2: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(acc, 1.0)
            r = pl.yield_(acc2)
        for j in pl.range(me, n, stride):
            pass
        s: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(r, [0, 0], out)
