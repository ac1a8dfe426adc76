# The rest of upstream's @pl.inline expansion: a tuple return unpacked by
# the caller (`_tuple_tmp` and its items), arguments that are expressions
# (each use of the parameter is the argument's value; no assignment is made
# for it), a call as a statement (an EvalStmt of the returned value), and a
# docstring and comments in the body, which are not kept. The caller's own
# comment stays on the caller's statement.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
import pypto.language as pl


@pl.inline
def scale_both(v: pl.Tensor[[64], pl.FP32], k: pl.Scalar[pl.FP32]):
    """Scaled and shifted copies of v."""
    # not kept: an inline body's comments are dropped
    scaled = pl.mul(v, k)
    shifted = pl.add(v, k)
    return scaled, shifted


@pl.inline
def doubled(tile_in: pl.Tile[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32]:
    twice = pl.tile.add(tile_in, tile_in)
    return twice


@pl.program
class InlineForms:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], s: pl.Scalar[pl.FP32],
             t: pl.Tile[[16, 16], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        # the caller's comment
        lo, hi = scale_both(x, s + 1.0)
        d = doubled(pl.tile.muls(t, 2.0))
        doubled(d)
        r = pl.sub(hi, lo)
        return r

# CHECK-NOT: scale_both
# CHECK: def main(
# CHECK-NEXT: scaled: pl.Tensor[{{\[}}64], pl.FP32] = pl.tensor.muls(x, s + 1.0)
# CHECK-NEXT: shifted: pl.Tensor[{{\[}}64], pl.FP32] = pl.tensor.adds(x, s + 1.0)
# CHECK-NEXT: # the caller's comment
# CHECK-NEXT: _tuple_tmp: pl.Tuple[pl.Tensor[{{\[}}64], pl.FP32], pl.Tensor[{{\[}}64], pl.FP32]] = [scaled, shifted]
# CHECK-NEXT: lo: pl.Tensor[{{\[}}64], pl.FP32] = _tuple_tmp[0]
# CHECK-NEXT: hi: pl.Tensor[{{\[}}64], pl.FP32] = _tuple_tmp[1]
# CHECK-NEXT: twice: {{.*}} = pl.tile.add(pl.tile.muls(t, 2.0), pl.tile.muls(t, 2.0))
# CHECK-NEXT: d: {{.*}} = twice
# CHECK-NEXT: twice: {{.*}} = pl.tile.add(d, d)
# CHECK-NEXT: twice
# CHECK-NEXT: r: pl.Tensor[{{\[}}64], pl.FP32] = pl.tensor.sub(hi, lo)
# CHECK-NEXT: return r
