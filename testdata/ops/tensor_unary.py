# The tensor ops of issue #20, neg, abs, not, recip, exp, log, sqrt, rsqrt (high_precision printed
# only when given): every op of the family parses, deduces the type shown, prints in the canonical
# pl.tensor.X form, and reprints unchanged (a fixed point). The default pipelines of both backends
# leave the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: a: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.neg(x)
# CHECK: b: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.abs(a)
# CHECK: c: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.recip(b)
# CHECK: d: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.recip(c, high_precision=True)
# CHECK: e: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.exp(d)
# CHECK: f: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.log(e)
# CHECK: g: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.log(f, high_precision=True)
# CHECK: h: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.sqrt(g)
# CHECK: k: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.rsqrt(h)
# CHECK: m: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.rsqrt(k, high_precision=True)
# CHECK: n: pl.Tensor{{\[\[}}8], pl.UINT16] = pl.tensor.not_(u)
# CHECK: q: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.exp(i)
import pypto.language as pl

@pl.program
class Unary:
    @pl.function
    def f(self, x: pl.Tensor[[16, 64], pl.FP16], i: pl.Tensor[[16, 64], pl.INT32], u: pl.Tensor[[8], pl.UINT16]) -> pl.Tensor[[16, 64], pl.FP16]:
        a = pl.tensor.neg(x)
        b = pl.tensor.abs(a)
        c = pl.tensor.recip(b)
        d = pl.tensor.recip(c, high_precision=True)
        e = pl.tensor.exp(d)
        f = pl.tensor.log(e)
        g = pl.tensor.log(f, high_precision=True)
        h = pl.tensor.sqrt(g)
        k = pl.tensor.rsqrt(h)
        m = pl.tensor.rsqrt(k, high_precision=True)
        n = pl.tensor.not_(u)
        q = pl.tensor.exp(i)
        return m
