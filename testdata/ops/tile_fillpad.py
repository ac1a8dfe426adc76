# Golden: the padding fills: the result is valid everywhere and records its pad
# value; fillpad_inplace writes its operand, so it is kept as a statement.
# Each prints in its canonical form and parses back to the same text.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --passes=none | pto-opt - --passes=none | FileCheck %s
#
# CHECK: f0: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.fillpad(a, pad_value=pl.PadValue.zero)
# CHECK-NEXT: f1: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.max)] = pl.tile.fillpad(a, pad_value=pl.PadValue.max)
# CHECK-NEXT: pl.tile.fillpad_inplace(a, pad_value=pl.PadValue.min)
# CHECK-NEXT: f2: pl.Tile{{\[\[}}32, 32], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.fillpad_expand(a, [32, 32], pad_value=pl.PadValue.zero)
import pypto.language as pl

@pl.program
class TileFillPad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a = pl.tile.load(x, [0, 0], [16, 16], [8, 12], target_memory=pl.Mem.Vec)
        f0 = pl.tile.fillpad(a)
        f1 = pl.tile.fillpad(a, pad_value=pl.PadValue.max)
        pl.tile.fillpad_inplace(a, pad_value=pl.PadValue.min)
        f2 = pl.tile.fillpad_expand(a, [32, 32], pad_value=pl.PadValue.zero)
        r = pl.tile.store(f2, [0, 0], out)
        return r
