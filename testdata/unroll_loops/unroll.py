# UnrollLoops: each trip of a pl.unroll loop becomes a copy of the body with
# the loop variable a constant. A name the body reassigns stays one variable
# (ConvertToSSA versions it in the default pipeline); a local of the body is
# a new variable in every copy. A pl.range loop around it stays.
#
# RUN: pto-opt %s --passes=unroll-loops --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=UnrollLoops --backend=none | pto-opt - --passes=unroll-loops --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=default --backend=a5 --concise | FileCheck %s --check-prefix=SSA
#
# CHECK: for j in pl.range(n):
# CHECK-NEXT: t = pl.tensor.muls(x, pl.const(0, pl.INDEX))
# CHECK-NEXT: x = pl.tensor.add(x, t)
# CHECK-NEXT: [[T1:t_[0-9]+]] = pl.tensor.muls(x, pl.const(2, pl.INDEX))
# CHECK-NEXT: x = pl.tensor.add(x, [[T1]])
# CHECK-NEXT: [[T2:t_[0-9]+]] = pl.tensor.muls(x, pl.const(4, pl.INDEX))
# CHECK-NEXT: x = pl.tensor.add(x, [[T2]])
# CHECK-NEXT: return x
#
# SSA: for j, ([[X:x_[0-9]+]],) in pl.range(n, init_values=(x,)):
# SSA-NEXT: t = pl.tensor.muls([[X]], pl.const(0, pl.INDEX))
# SSA-NEXT: [[X1:x_[0-9]+]] = pl.tensor.add([[X]], t)

import pypto.language as pl

@pl.program
class Unroll:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for j in pl.range(n):
            for i in pl.unroll(0, 6, 2):
                t: pl.Tensor[[64], pl.FP32] = pl.tensor.muls(x, i)
                x = pl.tensor.add(x, t)
        return x
