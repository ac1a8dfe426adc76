# pl.random / pl.tensor.random: the six key and counter
# words are INT32 scalars; integer literals become INT32 constants, as
# upstream's wrapper coerces them (an INDEX literal would fail the op's
# INT32 seed check).
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: a: pl.Tensor{{\[\[}}2, 64], pl.UINT32] = pl.tensor.random(pl.const(7, pl.INT32), pl.const(9, pl.INT32), pl.const(0, pl.INT32), pl.const(0, pl.INT32), pl.const(0, pl.INT32), pl.const(1, pl.INT32), [2, 64], dtype=pl.UINT32, rounds=10)
# CHECK: b: pl.Tensor{{\[\[}}2, 64], pl.INT32] = pl.tensor.random(k, pl.const(3, pl.INT32), pl.const(0, pl.INT32), pl.const(0, pl.INT32), pl.const(0, pl.INT32), pl.const(2, pl.INT32), [2, 64], dtype=pl.INT32, rounds=10)
import pypto.language as pl


@pl.program
class Seeds:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self, k: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[2, 64], pl.INT32]]
    ) -> pl.Tensor[[2, 64], pl.INT32]:
        a = pl.random(7, 9, 0, 0, 0, 1, [2, 64])
        b = pl.tensor.random(k, 3, 0, 0, 0, 2, [2, 64], dtype=pl.INT32)
        return b
