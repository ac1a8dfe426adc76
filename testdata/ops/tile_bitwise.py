# Golden: the bitwise and shift tile ops (and_/or_ print with a trailing
# underscore, as upstream spells them).
# Each prints in its canonical form and parses back to the same text.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --passes=none | pto-opt - --passes=none | FileCheck %s
#
# CHECK: s0: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.and_(i, i)
# CHECK-NEXT: s1: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.or_(s0, i)
# CHECK-NEXT: s2: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.xor(s1, i, i)
# CHECK-NEXT: s3: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.shl(s2, i)
# CHECK-NEXT: s4: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.shr(s3, i)
# CHECK-NEXT: s5: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.ands(s4, pl.const(3, pl.INT16))
# CHECK-NEXT: s6: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.ors(s5, pl.const(3, pl.INT16))
# CHECK-NEXT: s7: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.xors(s6, pl.const(3, pl.INT16), i)
# CHECK-NEXT: s8: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.shls(s7, pl.const(1, pl.INT16))
# CHECK-NEXT: s9: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.shrs(s8, pl.const(1, pl.INT16))
# CHECK-NEXT: s10: pl.Tile{{\[\[}}16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.not_(s9)
import pypto.language as pl

@pl.program
class TileBitwise:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, y: pl.Tensor[[16, 16], pl.INT16], out: pl.Out[pl.Tensor[[16, 16], pl.INT16]]) -> pl.Tensor[[16, 16], pl.INT16]:
        i = pl.tile.load(y, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        s0 = pl.tile.and_(i, i)
        s1 = pl.tile.or_(s0, i)
        s2 = pl.tile.xor(s1, i, i)
        s3 = pl.tile.shl(s2, i)
        s4 = pl.tile.shr(s3, i)
        s5 = pl.tile.ands(s4, 3)
        s6 = pl.tile.ors(s5, 3)
        s7 = pl.tile.xors(s6, 3, i)
        s8 = pl.tile.shls(s7, 1)
        s9 = pl.tile.shrs(s8, 1)
        s10 = pl.tile.not_(s9)
        r = pl.tile.store(s10, [0, 0], out)
        return r
