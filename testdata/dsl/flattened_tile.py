# An N-D tile.load / tile.create annotated with its flattened 2-D shape (the
# form upstream's FlattenTileNdTo2D pass prints): the annotation gives the
# result shape, the call keeps its N-D region (ir/flattened_tile.h).
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# The same load annotated with 40 elements where it has 96 is no flattening:
# RUN: sed 's/t: pl.Tile\[\[12, 8\]/t: pl.Tile[[5, 8]/' %s > $TEST_TMPDIR/bad.py
# RUN: not pto-opt $TEST_TMPDIR/bad.py --passes=none 2>&1 | FileCheck %s --check-prefix=BAD
#
# CHECK: t: pl.Tile{{\[\[}}12, 8], pl.FP16, pl.Mem.Vec] = pl.tile.load(x, [0, 0, 0], [3, 4, 8], [3, 4, 8], target_memory=pl.Mem.Vec)
# CHECK-NEXT: s: pl.Tile{{\[\[}}12, 8], pl.FP16, pl.Mem.Vec] = pl.tile.exp(t)
# CHECK-NEXT: z: pl.Tile{{\[\[}}24, 4], pl.FP32, pl.Mem.Vec] = pl.tile.create([2, 3, 4, 4], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# BAD: bad.py:23:12: error: type annotation pl.Tile{{\[\[}}5, 8], pl.FP16] does not match the deduced type pl.Tile{{\[\[}}3, 4, 8], pl.FP16, pl.Mem.Vec]
import pypto.language as pl


@pl.program
class Flattened:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[3, 4, 8], pl.FP16]):
        t: pl.Tile[[12, 8], pl.FP16] = pl.tile.load(x, [0, 0, 0], [3, 4, 8])
        s = pl.tile.exp(t)
        z: pl.Tile[[24, 4], pl.FP32] = pl.tile.create([2, 3, 4, 4], dtype=pl.FP32)
