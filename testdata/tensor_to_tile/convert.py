# ConvertTensorToTileOps: the kernel's tensor ops become tile ops. Each
# parameter a converted op reads is loaded once at entry; a scalar operand
# picks the scalar form (tile.muls); the returned tile is stored into a new
# Out param, which main allocates before the call. The interpreter gives
# the same result before and after the pass (it runs the tensor ops the
# kernel uses).
#
# RUN: pto-opt %s --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none --concise | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/t2t && mkdir -p $TEST_TMPDIR/t2t
# RUN: pto-run %s --func=main --backend=none --seed=3 --out-dir=$TEST_TMPDIR/t2t/direct
# RUN: pto-run %s --func=main --backend=none --seed=3 --passes=outline-incore-scopes,convert-tensor-to-tile-ops --out-dir=$TEST_TMPDIR/t2t/tiles
# RUN: cmp $TEST_TMPDIR/t2t/direct/ret0.npy $TEST_TMPDIR/t2t/tiles/ret0.npy
#
# CHECK: def kernel(x: pl.Tensor{{\[\[}}16, 64], pl.FP32], b: pl.Tensor{{\[\[}}16, 64], pl.FP32], ret0_out: pl.Out[pl.Tensor{{\[\[}}16, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT: x_tile = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: b_tile = pl.tile.load(b, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: s_tile = pl.tile.add(x_tile, x_tile)
# CHECK-NEXT: t_tile = pl.tile.mul(s_tile, b_tile)
# CHECK-NEXT: u_tile = pl.tile.muls(t_tile, 0.5)
# CHECK-NEXT: ret0_store = pl.tile.store(u_tile, [0, 0], ret0_out)
# CHECK-NEXT: return ret0_store
# CHECK: def main(self, x: pl.Tensor{{\[\[}}16, 64], pl.FP32], b: pl.Tensor{{\[\[}}16, 64], pl.FP32]) -> pl.Tensor{{\[\[}}16, 64], pl.FP32]:
# CHECK-NEXT: ret0_out = pl.tensor.create([16, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
# CHECK-NEXT: u = self.kernel(x, b, ret0_out)
# CHECK-NEXT: return u
import pypto.language as pl


@pl.program
class Scale:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        s: pl.Tensor[[16, 64], pl.FP32] = pl.add(x, x)
        t: pl.Tensor[[16, 64], pl.FP32] = pl.mul(s, b)
        u: pl.Tensor[[16, 64], pl.FP32] = pl.mul(t, 0.5)
        return u

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        u: pl.Tensor[[16, 64], pl.FP32] = self.kernel(x, b)
        return u
