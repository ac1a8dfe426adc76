# A call in a while condition is hoisted before the loop, so it must not read
# what the loop carries (it would be computed once, not every iteration):
# FlattenCallExpr stops with a located error and writes nothing.
#
# RUN: not pto-opt %s --passes=normalize-stmt-structure,flatten-call-expr --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
#
# CHECK: while_condition.py:[[#@LINE+8]]:9: error: FlattenCallExpr: the while condition calls tensor.read on a value the loop carries, so it cannot be computed once before the loop; compute it at the end of the body and carry it

import pypto.language as pl

@pl.program
class WhileCondition:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for (t,) in pl.while_(init_values=(x,)):
            pl.cond(pl.tensor.read(t, [0]) < 4.0)
            u = pl.add(t, 1.0)
            t = pl.yield_(u)
        return t
