# A loop that reassigns a name carried past an iteration and may break: the
# value at the break is not what pl.yield_ would carry, so ConvertToSSA
# leaves it to CtrlFlowTransform and stops with a located error and no
# output.
#
# RUN: not pto-opt %s --passes=convert-to-ssa --backend=none -o %s.out 2>&1 | FileCheck %s
# RUN: test ! -e %s.out
#
# CHECK: break_carry.py:[[#@LINE+11]]:9: error: ConvertToSSA: this loop assigns 'acc', which lives on after an iteration, and has break or continue; run CtrlFlowTransform first
# CHECK-NEXT: for i in pl.range(8):
# CHECK-NEXT: ^

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
