# The tensor ops of issue #20, row/column reductions and arg-reductions, with axis/keep_dim: every
# op of the family parses, deduces the type shown, prints in the canonical pl.tensor.X form, and
# reprints unchanged (a fixed point). The default pipelines of both backends leave the calls
# alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: a: pl.Tensor{{\[\[}}16, 1], pl.FP32] = pl.tensor.row_max(x)
# CHECK: b: pl.Tensor{{\[\[}}16, 1], pl.FP32] = pl.tensor.row_sum(x)
# CHECK: c: pl.Tensor{{\[\[}}16, 1], pl.FP32] = pl.tensor.row_min(x)
# CHECK: d: pl.Tensor{{\[\[}}16, 1], pl.FP32] = pl.tensor.row_prod(x)
# CHECK: e: pl.Tensor{{\[\[}}1, 64], pl.FP32] = pl.tensor.col_sum(x)
# CHECK: f: pl.Tensor{{\[\[}}1, 64], pl.FP32] = pl.tensor.col_max(x)
# CHECK: g: pl.Tensor{{\[\[}}1, 64], pl.FP32] = pl.tensor.col_min(x)
# CHECK: h: pl.Tensor{{\[\[}}1, 64], pl.FP32] = pl.tensor.col_prod(x)
# CHECK: i: pl.Tensor{{\[\[}}16, 1], pl.INT32] = pl.tensor.row_argmax(x)
# CHECK: j: pl.Tensor{{\[\[}}16, 1], pl.INT32] = pl.tensor.row_argmin(x)
# CHECK: k: pl.Tensor{{\[\[}}1, 64], pl.INT32] = pl.tensor.col_argmax(x)
# CHECK: m: pl.Tensor{{\[\[}}1, 64], pl.INT32] = pl.tensor.col_argmin(x)
# CHECK: n: pl.Tensor{{\[\[}}64], pl.FP32] = pl.tensor.row_sum(x, axis=0, keep_dim=False)
import pypto.language as pl

@pl.program
class Reduction:
    @pl.function
    def f(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 1], pl.FP32]:
        a = pl.tensor.row_max(x)
        b = pl.tensor.row_sum(x)
        c = pl.tensor.row_min(x)
        d = pl.tensor.row_prod(x)
        e = pl.tensor.col_sum(x)
        f = pl.tensor.col_max(x)
        g = pl.tensor.col_min(x)
        h = pl.tensor.col_prod(x)
        i = pl.tensor.row_argmax(x)
        j = pl.tensor.row_argmin(x)
        k = pl.tensor.col_argmax(x)
        m = pl.tensor.col_argmin(x)
        n = pl.tensor.row_sum(x, axis=0, keep_dim=False)
        return a
