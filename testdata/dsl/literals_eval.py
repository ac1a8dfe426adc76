# Python integer spellings and bare expression statements: 0x/0o/0b
# integers read as their value and print in decimal; a non-call expression
# on a line of its own is kept as an evaluation statement, as upstream keeps
# it (`pl.const(0, pl.INT64)`).
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: pl.system.reserve_buffer(name='ring', size=4096, base=4096)
# CHECK: pl.const(0, pl.INT64)
# CHECK-NEXT: n + 10
# CHECK: m: pl.Scalar[pl.INDEX] = n + 5 + 0
import pypto.language as pl


@pl.program
class Literals:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        buf = pl.reserve_buffer(name="ring", size=0x1000, base=0x10_00)
        pl.const(0, pl.INT64)
        n + 0o12
        m = n + 0b101 + 0x0
        return m
