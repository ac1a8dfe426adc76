# CtrlFlowTransform refuses what it cannot restructure, at the loop, with
# no output: a break inside a `with` scope of the loop, and a for loop with
# break whose step is not a constant (the while condition needs its sign).
#
# RUN: not pto-opt %s --passes=ctrl-flow-transform --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
# RUN: sed -e 's/pl.range(0, 8, n)/pl.range(8)/' %s > %t.py
# RUN: not pto-opt %t.py --passes=ctrl-flow-transform --backend=none 2>&1 | FileCheck %s --check-prefix=SCOPE
#
# CHECK: errors.py:[[#@LINE+12]]:9: error: CtrlFlowTransform: a for loop with break becomes a while loop, which must know the sign of the step; make the step a constant
# CHECK-NEXT: for i in pl.range(0, 8, n):
#
# SCOPE: error: CtrlFlowTransform: break or continue inside a `with` scope cannot be restructured; move it out of the scope

import pypto.language as pl

@pl.program
class Errors:
    @pl.function(type=pl.FunctionType.InCore, auto_scope=False)
    def k(self, x: pl.Tensor[[8], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8], pl.FP32]:
        acc = x
        for i in pl.range(0, 8, n):
            with pl.scope():
                if i == 2:
                    break
            acc = pl.add(acc, x)
        return acc
