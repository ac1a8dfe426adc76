# A hand-written program with module-level constants: they fold into shapes,
# dtypes, kwargs and scalar values at parse time; literal arithmetic folds as
# Python would; the rest of the user's module (a helper, an object the parser
# cannot evaluate, a __main__ block) is skipped. Printing is a fixed point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: def scale(self, x: pl.Tensor{{\[\[}}64, 32], pl.FP16], y: pl.Out[pl.Tensor{{\[\[}}129, 16], pl.FP32]]) -> pl.Tensor{{\[\[}}129, 16], pl.FP32]:
# CHECK-NEXT: # Scales nothing; shows the folding.
# CHECK-NEXT: #
# CHECK-NEXT: # {{ *}}Second docstring line.
# CHECK-NEXT: #
# CHECK-NEXT: rows: pl.Scalar[pl.INDEX] = 129
# CHECK-NEXT: half: pl.Scalar[pl.FP32] = 32.0
# CHECK-NEXT: t: {{.*}} = pl.tensor.create([64, 32], dtype=pl.FP16, layout=pl.TensorLayout.DN)
# CHECK-NEXT: return y
import math
import pypto.language as pl

M, N = 64, 32
K = M * 2 + 1
DTYPE = pl.FP16
SHAPE = [M, N]
LAYOUT = pl.TensorLayout.DN
registry = object()


def helper(v):
    return v + 1


@pl.program
class Constants:
    """The class docstring makes no IR."""

    @pl.function
    def scale(self, x: pl.Tensor[SHAPE, DTYPE], y: pl.Out[pl.Tensor[[K, 2 * 8], pl.FP32]]) -> pl.Tensor[[K, 16], pl.FP32]:
        """Scales nothing; shows the folding.

        Second docstring line.
        """
        rows = K
        half = M / 2
        t = pl.tensor.create(SHAPE, dtype=DTYPE, layout=LAYOUT)
        return y


if __name__ == "__main__":
    print(Constants)
