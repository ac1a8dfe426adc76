# infer-tile-memory-space moves an operand its op cannot read where it lives
# into the space the op reads (upstream's tile.move insertion): Vec tiles fed
# to a matmul go to Left and Right, the Acc result the vector unit reads goes
# to Vec (row-major, no scatter layout), once per block, and a store takes the
# accumulator as it is. The interpreter has no matmul yet; `mat`, whose Mat
# tile the vector unit reads through a move, computes the same before and
# after the pass.
#
# RUN: pto-opt %s --passes=convert-to-ssa,infer-tile-memory-space --backend=none | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/om && mkdir -p $TEST_TMPDIR/om
# RUN: pto-run %s --func=mat --backend=none --seed=3 --out-dir=$TEST_TMPDIR/om/before
# RUN: pto-run %s --func=mat --backend=none --seed=3 --passes=convert-to-ssa,infer-tile-memory-space --out-dir=$TEST_TMPDIR/om/after
# RUN: cmp $TEST_TMPDIR/om/before/ret0.npy $TEST_TMPDIR/om/after/ret0.npy
#
# CHECK: a_Left: pl.Tile{{\[\[}}16, 32], pl.BF16, pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
# CHECK-NEXT: b_Right: pl.Tile{{\[\[}}32, 16], pl.BF16, pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right)
# CHECK-NEXT: z: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a_Left, b_Right)
# CHECK-NEXT: z_Vec: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.move(z, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK-NEXT: w: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(z_Vec, z_Vec)
# CHECK-NEXT: e: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(z_Vec)
# CHECK-NEXT: o: pl.Tensor{{\[\[}}16, 16], pl.FP32] = pl.tile.store(z, [0, 0], out)
# CHECK-NEXT: o2: pl.Tensor{{\[\[}}16, 16], pl.FP32] = pl.tile.store(e, [0, 0], o)
# CHECK: def mat(
# A Mat tile's copy in Vec keeps its layout (upstream's tile.move rule).
# CHECK: m_Vec: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.move(m, target_memory=pl.Mem.Vec)
# CHECK-NEXT: s: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, {{.*}}] = pl.tile.muls(m_Vec, 2.0)
import pypto.language as pl


@pl.program
class OperandMoves:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.BF16], y: pl.Tensor[[32, 16], pl.BF16],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.tile.load(x, [0, 0], [16, 32])
        b = pl.tile.load(y, [0, 0], [32, 16])
        z = pl.tile.matmul(a, b)
        w = pl.tile.add(z, z)
        e = pl.tile.exp(z)
        o = pl.tile.store(z, [0, 0], out)
        o2 = pl.tile.store(e, [0, 0], o)
        return o2

    @pl.function(type=pl.FunctionType.InCore)
    def mat(self, x: pl.Tensor[[16, 16], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        m = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        s = pl.tile.muls(m, 2.0)
        o = pl.tile.store(s, [0, 0], out)
        return o
