# ConvertToSSA on what users write: a name reassigned in a loop becomes an
# iter arg yielded at the end of the body, an if that assigns a name in one
# branch yields the old value from the other, a name first assigned in a
# loop and read after it is carried out from the Out param. The result is in
# SSA form (verify-ssa passes), and converting again changes nothing.
#
# RUN: pto-opt %s --passes=convert-to-ssa,verify-ssa --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=ConvertToSSA --backend=none | pto-opt - --passes=convert-to-ssa --backend=none --concise | FileCheck %s
# RUN: not pto-opt %s --passes=verify-ssa --backend=none 2>&1 | FileCheck %s --check-prefix=NOTSSA
#
# CHECK: acc = x
# CHECK-NEXT: for i, ([[IT:acc_[0-9]+]],) in pl.range(8, init_values=(acc,)):
# CHECK-NEXT:     if i == 0:
# CHECK-NEXT:         [[M:acc_[0-9]+]] = pl.tensor.muls([[IT]], 2.0)
# CHECK-NEXT:         [[PHI:acc_[0-9]+]] = pl.yield_([[M]])
# CHECK-NEXT:     else:
# CHECK-NEXT:         [[PHI]] = pl.yield_([[IT]])
# CHECK-NEXT:     [[A:acc_[0-9]+]] = pl.tensor.adds([[PHI]], 1.0)
# CHECK-NEXT:     [[RV:acc_[0-9]+]] = pl.yield_([[A]])
# CHECK-NEXT: for j, ([[TI:t_[0-9]+]],) in pl.range(4, init_values=(out,)):
# CHECK-NEXT:     [[T:t_[0-9]+]] = pl.tensor.add([[RV]], x)
# CHECK-NEXT:     [[TR:t[_0-9]*]] = pl.yield_([[T]])
# CHECK-NEXT: return [[TR]]
#
# NOTSSA: loops_and_branches.py:36:17: error: not in SSA form: 'acc' is assigned again (first defined at {{.*}}loops_and_branches.py:33:9) in function 'main'; run ConvertToSSA

import pypto.language as pl

@pl.program
class Accumulate:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        acc = x
        for i in pl.range(8):
            if i == 0:
                acc = pl.mul(acc, 2.0)
            acc = pl.add(acc, 1.0)
        for j in pl.range(4):
            t = pl.add(acc, x)
        return t
