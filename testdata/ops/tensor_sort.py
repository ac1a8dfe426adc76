# The tensor ops of issue #20, sort32, mrgsort_format1, mrgsort_format2 (2 and 4 inputs): every op
# of the family parses, deduces the type shown, prints in the canonical pl.tensor.X form, and
# reprints unchanged (a fixed point). The default pipelines of both backends leave the calls
# alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: s: pl.Tensor{{\[\[}}1, 128], pl.FP32] = pl.tensor.sort32(x, idx)
# CHECK: m1: pl.Tensor{{\[\[}}1, 256], pl.FP16] = pl.tensor.mrgsort_format1(y, 64)
# CHECK: m2: pl.Tensor{{\[\[}}1, 384], pl.FP16] = pl.tensor.mrgsort_format2(y, z, exhausted=False)
# CHECK: m4: pl.Tensor{{\[\[}}1, 640], pl.FP16] = pl.tensor.mrgsort_format2(y, z, z, z, exhausted=True)
import pypto.language as pl

@pl.program
class Sort:
    @pl.function
    def f(self, x: pl.Tensor[[1, 64], pl.FP32], idx: pl.Tensor[[1, 64], pl.UINT32], y: pl.Tensor[[1, 256], pl.FP16], z: pl.Tensor[[1, 128], pl.FP16]) -> pl.Tensor[[1, 128], pl.FP32]:
        s = pl.tensor.sort32(x, idx)
        m1 = pl.tensor.mrgsort_format1(y, 64)
        m2 = pl.tensor.mrgsort_format2(y, z, exhausted=False)
        m4 = pl.tensor.mrgsort_format2(y, z, z, z, exhausted=True)
        return s
