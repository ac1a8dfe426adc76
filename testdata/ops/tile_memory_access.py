# Issue #20 batch B: tile.get_block_idx, get_subblock_idx, get_block_num, read, write, move,
# mscatter, mgather (Vec row mode; Mat row mode with a valid_shape, printed valid_shape=) and
# alloc (its memory space printed as the enum) parse, print in canonical form and print back
# identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_memory_access.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_memory_access.py
# RUN: pto-opt $TEST_TMPDIR/tile_memory_access.py --passes=none | diff $TEST_TMPDIR/tile_memory_access.py -
#
# CHECK: b: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
# CHECK: s: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: n: pl.Scalar[pl.INDEX] = pl.tile.get_block_num()
# CHECK: v: pl.Scalar[pl.FP16] = pl.tile.read(t, [b, 3])
# CHECK: u: pl.Tile{{\[\[}}16, 32], pl.FP16, pl.Mem.Vec] = pl.tile.write(t, [0, 1], v)
# CHECK: m: pl.Tile{{\[\[}}16, 32], pl.FP16, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)] = pl.tile.move(u, target_memory=pl.Mem.Mat, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
# CHECK: o: pl.Tensor{{\[\[}}1024], pl.FP16] = pl.tile.mscatter(u, idx, out)
# CHECK: g: pl.Tile{{\[\[}}8, 64], pl.FP16, pl.Mem.Vec] = pl.tile.mgather(table, ri, coalesce=0)
# CHECK: h: pl.Tile{{\[\[}}32, 64], pl.FP16, pl.Mem.Mat, pl.TileView(valid_shape=[20, 64])] = pl.tile.mgather(table, rows, valid_shape=[20, 64], coalesce=0, target_memory=pl.Mem.Mat, gather_oob=3)
# CHECK: p: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16384)
# CHECK-NEXT: q: pl.Ptr = pl.tensor.alloc(pl.Mem.DDR, 64)

import pypto.language as pl

@pl.program
class TileMemoryAccess:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP16], out: pl.Out[pl.Tensor[[1024], pl.FP16]], table: pl.Tensor[[1024, 64], pl.FP16], rows: pl.Tensor[[1, 32], pl.INT32]) -> pl.Tensor[[1024], pl.FP16]:
        b = pl.tile.get_block_idx()
        s = pl.tile.get_subblock_idx()
        n = pl.tile.get_block_num()
        t = pl.tile.load(x, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        v = pl.tile.read(t, [b, 3])
        u = pl.tile.write(t, [0, 1], v)
        m = pl.tile.move(u, target_memory=pl.Mem.Mat, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        idx = pl.tile.create([16, 32], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        o = pl.tile.mscatter(u, idx, out)
        ri = pl.tile.create([1, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
        g = pl.tile.mgather(table, ri, coalesce=0)
        h = pl.tile.mgather(table, rows, [20, 64], coalesce=0, target_memory=pl.Mem.Mat, gather_oob=3)
        p = pl.tile.alloc(pl.Mem.Vec, 16384)
        q = pl.tensor.alloc(pl.Mem.DDR, 64)
        return o
