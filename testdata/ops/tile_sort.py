# Issue #20 batch B: tile.sort32, mrgsort_format1 and mrgsort_format2 (2- and 4-way)
# parse, print in canonical form and print back identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_sort.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_sort.py
# RUN: pto-opt $TEST_TMPDIR/tile_sort.py --passes=none | diff $TEST_TMPDIR/tile_sort.py -
#
# CHECK: s: pl.Tile{{\[\[}}1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.sort32(v, idx)
# CHECK: m: pl.Tile{{\[\[}}1, 256], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format1(s, 64)
# CHECK: n: pl.Tile{{\[\[}}1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format2(s, s, tmp, exhausted=True)
# CHECK: o: pl.Tile{{\[\[}}1, 512], pl.FP32, pl.Mem.Vec] = pl.tile.mrgsort_format2(s, s, s, s, tmp, exhausted=False)

import pypto.language as pl

@pl.program
class TileSort:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, v: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec], idx: pl.Tile[[1, 128], pl.UINT32, pl.Mem.Vec], tmp: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec]:
        s = pl.tile.sort32(v, idx)
        m = pl.tile.mrgsort_format1(s, 64)
        n = pl.tile.mrgsort_format2(s, s, tmp, exhausted=True)
        o = pl.tile.mrgsort_format2(s, s, s, s, tmp)
        return o
