# The tensor ops of issue #20, row/column broadcast ops, tensor.expands and tensor.expand_clone:
# every op of the family parses, deduces the type shown, prints in the canonical pl.tensor.X form,
# and reprints unchanged (a fixed point). The default pipelines of both backends leave the calls
# alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: r0: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_mul(x, row)
# CHECK: r1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_div(r0, row)
# CHECK: r2: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand(r1, row)
# CHECK: r3: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_add(r2, row)
# CHECK: r4: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_sub(r3, row)
# CHECK: r5: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_max(r4, row)
# CHECK: r6: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_min(r5, row)
# CHECK: r7: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_expdif(r6, row)
# CHECK: k0: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand_mul(r7, col)
# CHECK: k1: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand_add(k0, col)
# CHECK: k2: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand(k1, col)
# CHECK: k3: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand_sub(k2, col)
# CHECK: k4: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand_max(k3, col)
# CHECK: k5: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand_min(k4, col)
# CHECK: k6: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand_expdif(k5, col)
# CHECK: k7: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.col_expand_div(k6, col)
# CHECK: p: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.row_expand_mul(h, row)
# CHECK: e: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.expands(k7, 1.5)
# CHECK: g: pl.Tensor{{\[\[}}2, 4, 8], pl.FP32] = pl.tensor.expand_clone(c, t)
import pypto.language as pl

@pl.program
class Broadcast:
    @pl.function
    def f(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Tensor[[16, 1], pl.FP32], col: pl.Tensor[[1, 64], pl.FP32], h: pl.Tensor[[16, 64], pl.FP16], c: pl.Tensor[[1, 4, 8], pl.FP32], t: pl.Tensor[[2, 4, 8], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        r0 = pl.tensor.row_expand_mul(x, row)
        r1 = pl.tensor.row_expand_div(r0, row)
        r2 = pl.tensor.row_expand(r1, row)
        r3 = pl.tensor.row_expand_add(r2, row)
        r4 = pl.tensor.row_expand_sub(r3, row)
        r5 = pl.tensor.row_expand_max(r4, row)
        r6 = pl.tensor.row_expand_min(r5, row)
        r7 = pl.tensor.row_expand_expdif(r6, row)
        k0 = pl.tensor.col_expand_mul(r7, col)
        k1 = pl.tensor.col_expand_add(k0, col)
        k2 = pl.tensor.col_expand(k1, col)
        k3 = pl.tensor.col_expand_sub(k2, col)
        k4 = pl.tensor.col_expand_max(k3, col)
        k5 = pl.tensor.col_expand_min(k4, col)
        k6 = pl.tensor.col_expand_expdif(k5, col)
        k7 = pl.tensor.col_expand_div(k6, col)
        p = pl.tensor.row_expand_mul(h, row)
        e = pl.tensor.expands(k7, 1.5)
        g = pl.tensor.expand_clone(c, t)
        return e
