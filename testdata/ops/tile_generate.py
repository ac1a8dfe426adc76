# Issue #20 batch B: tile.ci, tri and random, with their defaults printed
# (tri's diagonal and random's seeds as INT32 constants, a valid shape
# by position)
# parse, print in canonical form and print back identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_generate.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_generate.py
# RUN: pto-opt $TEST_TMPDIR/tile_generate.py --passes=none | diff $TEST_TMPDIR/tile_generate.py -
#
# CHECK: s: pl.Tile{{\[\[}}1, 32], pl.INT32, pl.Mem.Vec] = pl.tile.ci(pl.const(0, pl.INT32), [1, 32], dtype=pl.INT32, descending=False)
# CHECK: t: pl.Tile{{\[\[}}1, 16], pl.INT32, pl.Mem.Vec] = pl.tile.ci(k0, [1, 16], dtype=pl.INT32, descending=True)
# CHECK: m: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tri(d, [16, 16], dtype=pl.FP32, upper=True)
# CHECK: n: pl.Tile{{\[\[}}16, 16], pl.INT32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = pl.tile.tri(pl.const(0, pl.INT32), [16, 16], [8, 16], dtype=pl.INT32, upper=False)
# CHECK: r: pl.Tile{{\[\[}}8, 64], pl.UINT32, pl.Mem.Vec] = pl.tile.random(k0, k0, pl.const(1, pl.INT32), pl.const(2, pl.INT32), pl.const(3, pl.INT32), pl.const(4, pl.INT32), [8, 64], dtype=pl.UINT32, rounds=10)
# CHECK: q: pl.Tile{{\[\[}}8, 64], pl.INT32, pl.Mem.Vec, pl.TileView(valid_shape=[4, 64])] = pl.tile.random(k0, k0, pl.const(1, pl.INT32), pl.const(2, pl.INT32), pl.const(3, pl.INT32), pl.const(4, pl.INT32), [8, 64], [4, 64], dtype=pl.INT32, rounds=7)

import pypto.language as pl

@pl.program
class TileGenerate:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, k0: pl.Scalar[pl.INT32], d: pl.Scalar[pl.INT32]) -> pl.Tile[[8, 64], pl.UINT32, pl.Mem.Vec]:
        s = pl.tile.ci(0, [1, 32])
        t = pl.tile.ci(k0, [1, 16], dtype=pl.INT32, descending=True)
        m = pl.tile.tri(d, [16, 16], dtype=pl.FP32, upper=True)
        n = pl.tile.tri(0, [16, 16], valid_shape=[8, 16])
        r = pl.tile.random(k0, k0, 1, 2, 3, 4, [8, 64])
        q = pl.tile.random(k0, k0, 1, 2, 3, 4, [8, 64], dtype=pl.INT32, rounds=7, valid_shape=[4, 64])
        return r
