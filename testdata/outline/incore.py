# OutlineIncoreScopes: each pl.at(CORE_GROUP) scope becomes an InCore
# function. `a` is read from outside, so it is a param; `y` and `z` are read
# after the scope, so they are its results. `buf` is only written (a
# tile.store), so it is an Out param, returned as itself, and read after the
# call through the call's result. The parent becomes Orchestration. The
# interpreter gives the same result before and after.
#
# RUN: pto-opt %s --passes=convert-to-ssa,outline-incore-scopes --backend=none --concise | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/oi && mkdir -p $TEST_TMPDIR/oi
# RUN: pto-run %s --func=main --backend=none --seed=1 --out-dir=$TEST_TMPDIR/oi/direct
# RUN: pto-run %s --func=main --backend=none --seed=1 --passes=convert-to-ssa,outline-incore-scopes --out-dir=$TEST_TMPDIR/oi/outlined
# RUN: cmp $TEST_TMPDIR/oi/direct/ret0.npy $TEST_TMPDIR/oi/outlined/ret0.npy
#
# CHECK: @pl.function(type=pl.FunctionType.InCore{{.*}})
# CHECK-NEXT: def main_incore_0(a: pl.Tensor{{.*}}) -> tuple[
# CHECK-NEXT: y = pl.tensor.adds(a, 1.0)
# CHECK-NEXT: z = pl.tensor.mul(y, a)
# CHECK-NEXT: return y, z
# CHECK: @pl.function(type=pl.FunctionType.InCore{{.*}})
# CHECK-NEXT: def store_k(z: pl.Tensor{{.*}}, buf: pl.Out[pl.Tensor{{.*}}]) -> pl.Tensor
# CHECK-NEXT: t = pl.tile.load(z, [0, 0], [16, 16]
# CHECK-NEXT: buf_store = pl.tile.store(t, [0, 0], buf)
# CHECK-NEXT: return buf
# CHECK: @pl.function(type=pl.FunctionType.Orchestration{{.*}})
# CHECK-NEXT: def main(
# CHECK-NEXT: a = pl.tensor.muls(x, 2.0)
# CHECK-NEXT: ret = self.main_incore_0(a)
# CHECK-NEXT: y = ret[0]
# CHECK-NEXT: z = ret[1]
# CHECK-NEXT: buf = pl.tensor.full([16, 16], dtype=pl.FP32, value=0.0)
# CHECK-NEXT: [[BUF:buf_[0-9]+]] = self.store_k(z, buf)
# CHECK-NEXT: r = pl.tensor.add(y, [[BUF]])
# CHECK-NEXT: return r

import pypto.language as pl

@pl.program
class Outlined:
    @pl.function
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        a: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.muls(x, 2.0)
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.adds(a, 1.0)
            z: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.mul(y, a)
        buf: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.full([16, 16], dtype=pl.FP32, value=0.0)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="store_k"):
            t: pl.Tile[[16, 16], pl.FP32] = pl.load(z, [0, 0], [16, 16])
            pl.store(t, [0, 0], buf)
        r: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.add(y, buf)
        return r
