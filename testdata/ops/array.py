# Registered ops of #20: array.create / get_element / update_element on pl.Array[N, dtype].
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self, t: pl.Scalar[pl.TASK_ID], i: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT32]:
# CHECK-NEXT: tids: pl.Array[4, pl.TASK_ID] = pl.array.create(4, dtype=pl.TASK_ID)
# CHECK-NEXT: tids2: pl.Array[4, pl.TASK_ID] = pl.array.update_element(tids, 0, t)
# CHECK-NEXT: x: pl.Scalar[pl.TASK_ID] = pl.array.get_element(tids2, i)
# CHECK-NEXT: counts: pl.Array[2, pl.INT32] = pl.array.create(2, dtype=pl.INT32)
# CHECK-NEXT: counts2: pl.Array[2, pl.INT32] = pl.array.update_element(counts, 1, i)
# CHECK-NEXT: c: pl.Scalar[pl.INT32] = pl.array.get_element(counts2, 1)
# CHECK-NEXT: return c
import pypto.language as pl

@pl.program
class Arrays:
    @pl.function
    def k(self, t: pl.Scalar[pl.TASK_ID], i: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT32]:
        tids = pl.array.create(4, dtype=pl.TASK_ID)
        tids2 = pl.array.update_element(tids, 0, t)
        x = pl.array.get_element(tids2, i)
        counts = pl.array.create(2, dtype=pl.INT32)
        counts2 = pl.array.update_element(counts, 1, i)
        c = pl.array.get_element(counts2, 1)
        return c
