# read / write with a bare index: upstream's wrappers (pl.read, pl.write and
# their pl.tensor. / pl.tile. spellings) take a single index expression for
# a flat 1-D access and make it the one-element index list, so the call is
# the canonical list form.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
import pypto.language as pl


@pl.program
class ScalarIndex:
    @pl.function
    def lookup(self, table: pl.Tensor[[64], pl.INT32], row: pl.Scalar[pl.INDEX],
               acc: pl.Tile[[16], pl.INT32]):
        first = pl.read(table, row * 4 + 1)
        fixed = pl.tensor.read(table, 7)
        lane = pl.tile.read(acc, row)
        listed = pl.read(table, [row])
        pl.write(table, row, first)
        pl.tensor.write(table, 3, fixed)
        pl.tile.write(acc, 0, lane)
        return

# CHECK: first: pl.Scalar[pl.INT32] = pl.tensor.read(table, [row * 4 + 1])
# CHECK-NEXT: fixed: pl.Scalar[pl.INT32] = pl.tensor.read(table, [7])
# CHECK-NEXT: lane: pl.Scalar[pl.INT32] = pl.tile.read(acc, [row])
# CHECK-NEXT: listed: pl.Scalar[pl.INT32] = pl.tensor.read(table, [row])
# CHECK-NEXT: pl.tensor.write(table, [row], first)
# CHECK-NEXT: pl.tensor.write(table, [3], fixed)
# CHECK-NEXT: pl.tile.write(acc, [0], lane)
