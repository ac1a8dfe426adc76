# flatten-tile-nd-to-2d makes every rank > 2 tile of a kernel the 2-D tile
# that merges its leading dims: loads keep their N-D window and yield the 2-D
# tile, element-wise ops are deduced again over it, tile.full is made at the
# 2-D shape, an N-D assemble offset folds into
# (row, col), carried values follow, and a store names its N-D window. The
# kernel computes the same before and after (pto-run), a dynamic valid shape
# survives the merge, and what cannot be flattened is a located error.
#
# RUN: pto-opt %s --passes=flatten-tile-nd-to-2d --backend=none | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/fl && mkdir -p $TEST_TMPDIR/fl
# RUN: pto-run %s --func=k --backend=none --seed=7 --out-dir=$TEST_TMPDIR/fl/before
# RUN: pto-run %s --func=k --backend=none --seed=7 --passes=flatten-tile-nd-to-2d --out-dir=$TEST_TMPDIR/fl/after
# RUN: cmp $TEST_TMPDIR/fl/before/ret0.npy $TEST_TMPDIR/fl/after/ret0.npy
# RUN: sed -e 's/d = pl.tile.sub(t, one)/d = pl.tile.adds(t, pl.tile.read(t, [0, 1, 2]))/' %s > %t.read.py
# RUN: not pto-opt %t.read.py --passes=flatten-tile-nd-to-2d --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=READ
# RUN: test ! -e %t.out
# RUN: sed -e 's/full(\[1, 3, 4\]/full([2, 2, 4]/; s/\[1, 0, 0\])$/[0, 0, 0])/' %s > %t.band.py
# RUN: not pto-opt %t.band.py --passes=flatten-tile-nd-to-2d --backend=none 2>&1 | FileCheck %s --check-prefix=BAND
#
# CHECK: def chunk(
# CHECK: u: pl.Tile{{\[\[}}8, 4], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[v, 4])] = pl.tile.load(y, [0, 0, 0], [1, 8, 4], [1, v, 4], target_memory=pl.Mem.Vec)
# CHECK-NEXT: pl.tile.store(u, [0, 0, 0], out, [1, 8, 4])
# CHECK: def k(
# CHECK: t: pl.Tile{{\[\[}}6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0, 0], [2, 3, 4], [2, 3, 4], target_memory=pl.Mem.Vec)
# CHECK-NEXT: one: pl.Tile{{\[\[}}6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.full([6, 4], dtype=pl.FP32, value=1.0)
# CHECK-NEXT: d: pl.Tile{{\[\[}}6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.sub(t, one)
# CHECK-NEXT: page: pl.Tile{{\[\[}}3, 4], pl.FP32, pl.Mem.Vec] = pl.tile.full([3, 4], dtype=pl.FP32, value=2.0)
# CHECK-NEXT: acc: pl.Tile{{\[\[}}6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(d, page, [3, 0])
# CHECK-NEXT: for i, (c,) in pl.range(2, init_values=(acc,)):
# CHECK-NEXT: c2: pl.Tile{{\[\[}}6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.muls(c, 0.5)
# CHECK-NEXT: r: pl.Tile{{\[\[}}6, 4], pl.FP32, pl.Mem.Vec] = pl.yield_(c2)
# CHECK-NEXT: o: pl.Tensor{{\[\[}}2, 3, 4], pl.FP32] = pl.tile.store(r, [0, 0, 0], out, [2, 3, 4])
#
# READ: read.py:{{[0-9]+}}:29: error: FlattenTileNdTo2D: tile.read on a rank-3 tile cannot be flattened; write it on a 2-D tile
# BAND: band.py:{{[0-9]+}}:15: error: FlattenTileNdTo2D: tile.assemble writes [2, 2, 4] into [2, 3, 4]: its rows are not contiguous once flattened
import pypto.language as pl


@pl.program
class Flatten:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[2, 3, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[2, 3, 4], pl.FP32]]) -> pl.Tensor[[2, 3, 4], pl.FP32]:
        t = pl.tile.load(x, [0, 0, 0], [2, 3, 4])
        one = pl.tile.full([2, 3, 4], dtype=pl.FP32, value=1.0)
        d = pl.tile.sub(t, one)
        page = pl.tile.full([1, 3, 4], dtype=pl.FP32, value=2.0)
        acc = pl.tile.assemble(d, page, [1, 0, 0])
        for i, (c,) in pl.range(2, init_values=(acc,)):
            c2 = pl.tile.muls(c, 0.5)
            r = pl.yield_(c2)
        o = pl.tile.store(r, [0, 0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def chunk(self, y: pl.Tensor[[1, 8, 4], pl.FP32], v: pl.Scalar[pl.INDEX],
              out: pl.Out[pl.Tensor[[1, 8, 4], pl.FP32]]) -> pl.Tensor[[1, 8, 4], pl.FP32]:
        u = pl.tile.load(y, [0, 0, 0], [1, 8, 4], [1, v, 4])
        o = pl.tile.store(u, [0, 0, 0], out)
        return o
