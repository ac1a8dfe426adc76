# Issue #20 batch B: tile.slice (plain, valid_shape, pad_value + drop_dims; the optional operands
# printed by position), reshape, assemble, concat,
# extract (into Vec, Left and Right) and scatter_update
# parse, print in canonical form and print back identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_transform.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_transform.py
# RUN: pto-opt $TEST_TMPDIR/tile_transform.py --passes=none | diff $TEST_TMPDIR/tile_transform.py -
#
# CHECK: w: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.slice(t, [16, 32], [0, i])
# CHECK: v: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, n])] = pl.tile.slice(t, [16, 32], [16, 0], [16, n])
# CHECK: p: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.slice(t, [1, 64], [3, 0], [], [0], pad_value=pl.PadValue.zero)
# CHECK: r: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(t, [32, 128])
# CHECK: a: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(t, w, [0, 32])
# CHECK: c: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.concat(w, v)
# CHECK: e: pl.Tile{{\[\[}}32, 64], pl.FP32, pl.Mem.Vec] = pl.tile.extract(a, 0, 0, [32, 64], target_memory=pl.Mem.Vec)
# CHECK: a: pl.Tile{{\[\[}}64, 64], pl.BF16, pl.Mem.Left, pl.TileView(blayout=pl.TileLayout.row_major)] = pl.tile.extract(m, 0, j, [64, 64], target_memory=pl.Mem.Left)
# CHECK: b: pl.Tile{{\[\[}}64, 64], pl.BF16, pl.Mem.Right] = pl.tile.extract(m, 64, 0, [64, 64], target_memory=pl.Mem.Right)
# CHECK: u: pl.Tile{{\[\[}}64, 32], pl.FP16, pl.Mem.Vec] = pl.tile.scatter_update(x, idx, src, dim=-2)

import pypto.language as pl

@pl.program
class TileTransform:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.FP32], i: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec]:
        t = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        w = pl.tile.slice(t, [16, 32], [0, i])
        v = pl.tile.slice(t, [16, 32], [16, 0], valid_shape=[16, n])
        p = pl.tile.slice(t, [1, 64], [3, 0], pad_value=pl.PadValue.zero, valid_shape=[], drop_dims=[0])
        r = pl.tile.reshape(t, [32, 128])
        a = pl.tile.assemble(t, w, [0, 32])
        c = pl.tile.concat(w, v)
        e = pl.tile.extract(a, 0, 0, [32, 64], target_memory=pl.Mem.Vec)
        return e

    @pl.function(type=pl.FunctionType.InCore)
    def l0(self, x: pl.Tensor[[128, 128], pl.BF16], j: pl.Scalar[pl.INDEX]) -> pl.Tile[[64, 64], pl.BF16, pl.Mem.Right, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)]:
        m = pl.tile.load(x, [0, 0], [128, 128], [128, 128], target_memory=pl.Mem.Mat)
        a = pl.tile.extract(m, 0, j, [64, 64], target_memory=pl.Mem.Left)
        b = pl.tile.extract(m, 64, 0, [64, 64], target_memory=pl.Mem.Right)
        return b

    @pl.function(type=pl.FunctionType.InCore)
    def upd(self, x: pl.Tile[[64, 32], pl.FP16, pl.Mem.Vec], idx: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec], src: pl.Tile[[8, 32], pl.FP16, pl.Mem.Vec]) -> pl.Tile[[64, 32], pl.FP16, pl.Mem.Vec]:
        u = pl.tile.scatter_update(x, idx, src, dim=-2)
        return u
