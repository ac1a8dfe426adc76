# Golden: the row and column reductions: keepdim shapes, the valid extent of the
# kept axis, INT32 arg results.
# Each prints in its canonical form and parses back to the same text.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --passes=none | pto-opt - --passes=none | FileCheck %s
#
# CHECK: rs: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(a, tmp)
# CHECK-NEXT: rx: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(a, tmp)
# CHECK-NEXT: rn: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_min(a, tmp)
# CHECK-NEXT: rp: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_prod(a, tmp)
# CHECK-NEXT: cs: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 12])] = pl.tile.col_sum(a)
# CHECK-NEXT: ct: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 12])] = pl.tile.col_sum(a, tmp)
# CHECK-NEXT: cx: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 12])] = pl.tile.col_max(a)
# CHECK-NEXT: cn: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 12])] = pl.tile.col_min(a)
# CHECK-NEXT: cp: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 12])] = pl.tile.col_prod(a)
# CHECK-NEXT: ia: pl.Tile{{\[\[}}16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.row_argmax(a, tmp)
# CHECK-NEXT: ib: pl.Tile{{\[\[}}16, 1], pl.INT32, pl.Mem.Vec] = pl.tile.row_argmin(a, tmp)
# CHECK-NEXT: ic: pl.Tile{{\[\[}}1, 16], pl.INT32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 12])] = pl.tile.col_argmax(a, tmp)
# CHECK-NEXT: id: pl.Tile{{\[\[}}1, 16], pl.INT32, pl.Mem.Vec, pl.TileView(valid_shape=[1, 12])] = pl.tile.col_argmin(a, tmp)
import pypto.language as pl

@pl.program
class TileReduction:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.tile.load(x, [0, 0], [16, 16], [16, 12], target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        rs = pl.tile.row_sum(a, tmp)
        rx = pl.tile.row_max(a, tmp)
        rn = pl.tile.row_min(a, tmp)
        rp = pl.tile.row_prod(a, tmp)
        cs = pl.tile.col_sum(a)
        ct = pl.tile.col_sum(a, tmp)
        cx = pl.tile.col_max(a)
        cn = pl.tile.col_min(a)
        cp = pl.tile.col_prod(a)
        ia = pl.tile.row_argmax(a, tmp)
        ib = pl.tile.row_argmin(a, tmp)
        ic = pl.tile.col_argmax(a, tmp)
        id = pl.tile.col_argmin(a, tmp)
        r = pl.tile.store(a, [0, 0], out)
        return r
