# The tensor ops of issue #20, partial ops, fmod/fmods, cmp, and the bitwise and shift ops
# (printed and_/or_/not_ like upstream): every op of the family parses, deduces the type shown,
# prints in the canonical pl.tensor.X form, and reprints unchanged (a fixed point). The default
# pipelines of both backends leave the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: a: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.part_add(x, y)
# CHECK: b: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.part_mul(a, y)
# CHECK: c: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.part_max(b, y)
# CHECK: d: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.part_min(c, y)
# CHECK: e: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.fmod(d, y)
# CHECK: f: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.fmods(e, 2.0)
# CHECK: m: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.cmp(f, y, cmp_type=4)
# CHECK: n: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.cmp(f, 0.0, cmp_type=0)
# CHECK: b0: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.and_(i, i)
# CHECK: b1: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.ands(b0, pl.const(255, pl.INT32))
# CHECK: b2: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.or_(b1, i)
# CHECK: b3: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.ors(b2, s)
# CHECK: b4: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.xor(b3, j)
# CHECK: b5: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.xors(b4, pl.const(1, pl.INT32))
# CHECK: b6: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.shl(b5, i)
# CHECK: b7: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.shls(b6, pl.const(2, pl.INT32))
# CHECK: b8: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.shr(b7, i)
# CHECK: b9: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.shrs(b8, pl.const(3, pl.INT32))
import pypto.language as pl

@pl.program
class Elementwise:
    @pl.function
    def f(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32], i: pl.Tensor[[16, 64], pl.INT32], j: pl.Tensor[[16, 64], pl.INT16], s: pl.Scalar[pl.INT32]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.tensor.part_add(x, y)
        b = pl.tensor.part_mul(a, y)
        c = pl.tensor.part_max(b, y)
        d = pl.tensor.part_min(c, y)
        e = pl.tensor.fmod(d, y)
        f = pl.tensor.fmods(e, 2.0)
        m = pl.tensor.cmp(f, y, cmp_type=4)
        n = pl.tensor.cmp(f, 0.0)
        b0 = pl.tensor.and_(i, i)
        b1 = pl.tensor.ands(b0, 255)
        b2 = pl.tensor.or_(b1, i)
        b3 = pl.tensor.ors(b2, s)
        b4 = pl.tensor.xor(b3, j)
        b5 = pl.tensor.xors(b4, 1)
        b6 = pl.tensor.shl(b5, i)
        b7 = pl.tensor.shls(b6, 2)
        b8 = pl.tensor.shr(b7, i)
        b9 = pl.tensor.shrs(b8, 3)
        return f
