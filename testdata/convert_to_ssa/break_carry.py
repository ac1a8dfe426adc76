# A loop that reassigns a name carried past an iteration and may break: the
# value at the break is not what pl.yield_ would carry, so ConvertToSSA
# leaves it to CtrlFlowTransform and stops with a located error and no
# output. CtrlFlowTransform restructures the loops of InCore functions only,
# so the advice depends on the function; in an InCore function the default
# pipeline (CtrlFlowTransform, then ConvertToSSA) compiles the loop.
#
# RUN: not pto-opt %s --passes=convert-to-ssa --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
# RUN: sed -e 's/@pl.function$/@pl.function(type=pl.FunctionType.InCore)/' %s > %t.py
# RUN: not pto-opt %t.py --passes=convert-to-ssa --backend=none 2>&1 | FileCheck %s --check-prefix=INCORE
# RUN: pto-opt %t.py --passes=default --backend=a5 --concise | FileCheck %s --check-prefix=DEFAULT
#
# CHECK: break_carry.py:[[#@LINE+16]]:9: error: ConvertToSSA: this loop assigns 'acc', which lives on after an iteration, before a break or continue; carry it with init_values and pl.yield_, or move the loop into an InCore function, whose loops CtrlFlowTransform restructures
# CHECK-NEXT: for i in pl.range(8):
# CHECK-NEXT: ^
#
# INCORE: error: ConvertToSSA: this loop assigns 'acc', which lives on after an iteration, before a break or continue; run CtrlFlowTransform first
#
# DEFAULT: pl.while_(init_values=
# DEFAULT-NOT: break

import pypto.language as pl

@pl.program
class BreakCarry:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        acc = x
        for i in pl.range(8):
            acc = pl.add(acc, 1.0)
            if i == 4:
                break
        return acc
