# The tensor ops of issue #20, scatter, scatter_mask, scatter_update: every op of the family
# parses, deduces the type shown, prints in the canonical pl.tensor.X form, and reprints unchanged
# (a fixed point). The default pipelines of both backends leave the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: a: pl.Tensor{{\[\[}}16, 64], pl.FP32] = pl.tensor.scatter(x, dim=-1, index=idx, src=src)
# CHECK: b: pl.Tensor{{\[\[}}16, 64], pl.FP16] = pl.tensor.scatter_mask(h, dst, mask_pattern=2)
# CHECK: c: pl.Tensor{{\[\[}}128, 64], pl.BF16] = pl.tensor.scatter_update(cache, pos, kv, dim=-2)
import pypto.language as pl

@pl.program
class Scatter:
    @pl.function
    def f(self, x: pl.Tensor[[16, 64], pl.FP32], idx: pl.Tensor[[16, 8], pl.INT32], src: pl.Tensor[[16, 8], pl.FP32], h: pl.Tensor[[16, 32], pl.FP16], dst: pl.Tensor[[16, 64], pl.FP16], cache: pl.Tensor[[128, 64], pl.BF16], pos: pl.Tensor[[2, 4], pl.INT64], kv: pl.Tensor[[8, 64], pl.BF16]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.tensor.scatter(x, idx, src, dim=-1)
        b = pl.tensor.scatter_mask(h, dst, mask_pattern=2)
        c = pl.tensor.scatter_update(cache, pos, kv, dim=-2)
        return a
