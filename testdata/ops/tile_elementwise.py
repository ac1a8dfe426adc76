# Golden: the element-wise tile ops of issue #20 (rem, rems, fmod, fmods, the
# partial ops, addc/subc/addsc/subsc, prelu, lrelu).
# Each prints in its canonical form and parses back to the same text.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --passes=none | pto-opt - --passes=none | FileCheck %s
#
# CHECK: r0: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.rem(a, b, tmp)
# CHECK-NEXT: r1: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.rems(r0, 3.0, tmp)
# CHECK-NEXT: r2: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.fmod(r1, b)
# CHECK-NEXT: r3: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.fmods(r2, 2.0)
# CHECK-NEXT: r4: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.part_add(r3, b)
# CHECK-NEXT: r5: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.part_mul(r4, b)
# CHECK-NEXT: r6: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.part_max(r5, b)
# CHECK-NEXT: r7: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.part_min(r6, b)
# CHECK-NEXT: r8: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.addc(r7, a, b)
# CHECK-NEXT: r9: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.subc(r8, a, b)
# CHECK-NEXT: r10: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.addsc(r9, 1.0, b)
# CHECK-NEXT: r11: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.subsc(r10, 1.0, b)
# CHECK-NEXT: r12: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.prelu(r11, b, tmp)
# CHECK-NEXT: r13: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.lrelu(r12, 0.5)
import pypto.language as pl

@pl.program
class TileElementwise:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        b = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        r0 = pl.tile.rem(a, b, tmp)
        r1 = pl.tile.rems(r0, 3.0, tmp)
        r2 = pl.tile.fmod(r1, b)
        r3 = pl.tile.fmods(r2, 2.0)
        r4 = pl.tile.part_add(r3, b)
        r5 = pl.tile.part_mul(r4, b)
        r6 = pl.tile.part_max(r5, b)
        r7 = pl.tile.part_min(r6, b)
        r8 = pl.tile.addc(r7, a, b)
        r9 = pl.tile.subc(r8, a, b)
        r10 = pl.tile.addsc(r9, 1.0, b)
        r11 = pl.tile.subsc(r10, 1.0, b)
        r12 = pl.tile.prelu(r11, b, tmp)
        r13 = pl.tile.lrelu(r12, 0.5)
        r = pl.tile.store(r13, [0, 0], out)
        return r
