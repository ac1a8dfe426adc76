# pl.tile.mgather's optional args close up as upstream's wrapper appends
# them: a Mat row-mode gather with `valid_shape=` and no scratch has the
# valid shape as its third operand (where the deducer reads it in row mode).
# The print spells that operand as the DSL takes it, `valid_shape=` before
# the kwargs.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: g: pl.Tile{{\[\[}}16, 32], pl.FP16, pl.Mem.Mat, pl.TileView(valid_shape=[8, 16])] = pl.tile.mgather(mem, idx, valid_shape=[8, 16], coalesce=0, target_memory=pl.Mem.Mat)
import pypto.language as pl


@pl.program
class Gather:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP16], idx: pl.Tensor[[1, 16], pl.INT32]):
        g = pl.tile.mgather(mem, idx, target_memory=pl.MemorySpace.Mat, valid_shape=[8, 16])
