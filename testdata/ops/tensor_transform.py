# The tensor ops of issue #20, reshape (valid prefix mapping, explicit valid_shape), transpose (ND
# <-> DN), concat, set_validshape: every op of the family parses, deduces the type shown, prints
# in the canonical pl.tensor.X form, and reprints unchanged (a fixed point). The default pipelines
# of both backends leave the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: v: pl.Tensor{{\[\[}}16, 16], pl.FP32, pl.TensorView(valid_shape=[8, 16], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(x, 8, 16)
# CHECK: p: pl.Tensor{{\[\[}}4, 64], pl.FP32, pl.TensorView(valid_shape=[2, 64], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.reshape(v, [4, 64])
# CHECK: q: pl.Tensor{{\[\[}}4, 64], pl.FP32, pl.TensorView(valid_shape=[1, 64], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.reshape(v, [4, 64], [1, 64])
# CHECK: t: pl.Tensor{{\[\[}}32, 16], pl.FP32, pl.TensorView(stride=[1, 32], layout=pl.TensorLayout.DN)] = pl.tensor.transpose(a, 0, 1)
# CHECK: u: pl.Tensor{{\[\[}}32, 16], pl.FP32, pl.TensorView(valid_shape=[32, 8], stride=[1, 32], layout=pl.TensorLayout.DN)] = pl.tensor.transpose(a, 0, 1, [32, 8])
# CHECK: c: pl.Tensor{{\[\[}}16, 48], pl.FP32] = pl.tensor.concat(x, a)
# CHECK: w: pl.Tensor{{\[\[}}16, 32], pl.FP32, pl.TensorView(valid_shape=[r, 32], stride=[], layout=pl.TensorLayout.ND)] = pl.tensor.set_validshape(a, r, 32)
import pypto.language as pl

@pl.program
class Transform:
    @pl.function
    def f(self, x: pl.Tensor[[16, 16], pl.FP32], a: pl.Tensor[[16, 32], pl.FP32], r: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 48], pl.FP32]:
        v = pl.tensor.set_validshape(x, 8, 16)
        p = pl.tensor.reshape(v, [4, 64])
        q = pl.tensor.reshape(v, [4, 64], [1, 64])
        t = pl.tensor.transpose(a, 0, 1)
        u = pl.tensor.transpose(a, 0, 1, [32, 8])
        c = pl.tensor.concat(x, a)
        w = pl.tensor.set_validshape(a, r, 32)
        return c
