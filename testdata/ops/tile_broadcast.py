# Golden: the row/column/scalar broadcasts: the result has the first operand's
# shape.
# Each prints in its canonical form and parses back to the same text.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --passes=none | pto-opt - --passes=none | FileCheck %s
#
# CHECK: rs: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(a, tmp)
# CHECK-NEXT: rx: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_max(a, tmp)
# CHECK-NEXT: rn: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_min(a, tmp)
# CHECK-NEXT: rp: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_prod(a, tmp)
# CHECK-NEXT: cs: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(a)
# CHECK-NEXT: ct: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_sum(a, tmp)
# CHECK-NEXT: cx: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_max(a)
# CHECK-NEXT: cn: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_min(a)
# CHECK-NEXT: cp: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_prod(a)
# CHECK-NEXT: b0: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand(a, rs)
# CHECK-NEXT: b1: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_sub(b0, rx)
# CHECK-NEXT: b2: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(b1, rs)
# CHECK-NEXT: b3: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_mul(b2, rs)
# CHECK-NEXT: b4: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_add(b3, rs)
# CHECK-NEXT: b5: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_add(b4, rs, tmp)
# CHECK-NEXT: b6: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_max(b5, rn)
# CHECK-NEXT: b7: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_min(b6, rn)
# CHECK-NEXT: b8: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_expdif(b7, rp)
# CHECK-NEXT: c0: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand(b8, cs)
# CHECK-NEXT: c1: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_mul(c0, cs)
# CHECK-NEXT: c2: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_add(c1, ct)
# CHECK-NEXT: c3: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_div(c2, cx)
# CHECK-NEXT: c4: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_sub(c3, cn)
# CHECK-NEXT: c5: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_max(c4, cp)
# CHECK-NEXT: c6: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_min(c5, cp)
# CHECK-NEXT: c7: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.col_expand_expdif(c6, cs)
# CHECK-NEXT: e: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.expands(c7, 1.5)
import pypto.language as pl

@pl.program
class TileBroadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        rs = pl.tile.row_sum(a, tmp)
        rx = pl.tile.row_max(a, tmp)
        rn = pl.tile.row_min(a, tmp)
        rp = pl.tile.row_prod(a, tmp)
        cs = pl.tile.col_sum(a)
        ct = pl.tile.col_sum(a, tmp)
        cx = pl.tile.col_max(a)
        cn = pl.tile.col_min(a)
        cp = pl.tile.col_prod(a)
        b0 = pl.tile.row_expand(a, rs)
        b1 = pl.tile.row_expand_sub(b0, rx)
        b2 = pl.tile.row_expand_div(b1, rs)
        b3 = pl.tile.row_expand_mul(b2, rs)
        b4 = pl.tile.row_expand_add(b3, rs)
        b5 = pl.tile.row_expand_add(b4, rs, tmp)
        b6 = pl.tile.row_expand_max(b5, rn)
        b7 = pl.tile.row_expand_min(b6, rn)
        b8 = pl.tile.row_expand_expdif(b7, rp)
        c0 = pl.tile.col_expand(b8, cs)
        c1 = pl.tile.col_expand_mul(c0, cs)
        c2 = pl.tile.col_expand_add(c1, ct)
        c3 = pl.tile.col_expand_div(c2, cx)
        c4 = pl.tile.col_expand_sub(c3, cn)
        c5 = pl.tile.col_expand_max(c4, cp)
        c6 = pl.tile.col_expand_min(c5, cp)
        c7 = pl.tile.col_expand_expdif(c6, cs)
        e = pl.tile.expands(c7, 1.5)
        r = pl.tile.store(e, [0, 0], out)
        return r
