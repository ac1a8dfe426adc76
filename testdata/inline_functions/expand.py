# InlineFunctions expands every call of an Inline function in place: the
# body's locals become new Vars at each call site, a tensor param the body
# reassigns writes the caller's tensor, several results are read directly,
# and the Inline functions leave the program. The default pipeline starts
# with it, so the same program compiles to SSA form.
#
# RUN: pto-opt %s --passes=inline-functions --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=InlineFunctions --backend=none --concise | pto-opt - --passes=inline-functions --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=default --backend=a5 --concise | FileCheck %s --check-prefix=SSA
#
# CHECK-NOT: FunctionType.Inline
# CHECK: def main(
# CHECK-NEXT: [[Y:y_inline]] = pl.tensor.mul(a, a)
# CHECK-NEXT: s = [[Y]]
# CHECK-NEXT: [[Y2:y_inline_1]] = pl.tensor.mul(s, s)
# CHECK-NEXT: s2 = [[Y2]]
# CHECK-NEXT: q = pl.tensor.assemble(q, s2, [0])
# CHECK-NEXT: k = pl.tensor.assemble(k, a, [0])
# CHECK-NEXT: r0 = q
# CHECK-NEXT: r1 = k
# CHECK-NEXT: return r0, r1
# CHECK-NOT: def
#
# SSA: def main(
# SSA: [[Q:q_[0-9]+]] = pl.tensor.assemble(q, s2, [0])
# SSA: [[K:k_[0-9]+]] = pl.tensor.assemble(k, a, [0])
# SSA: r0 = [[Q]]

import pypto.language as pl

@pl.program
class Expand:
    @pl.function(type=pl.FunctionType.Inline)
    def square(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.mul(x, x)
        return y

    @pl.function(type=pl.FunctionType.Inline)
    def store_both(
        self,
        x: pl.Tensor[[64], pl.FP32],
        y: pl.Tensor[[64], pl.FP32],
        o0: pl.Out[pl.Tensor[[64], pl.FP32]],
        o1: pl.Out[pl.Tensor[[64], pl.FP32]],
    ) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        o0 = pl.tensor.assemble(o0, x, [0])
        o1 = pl.tensor.assemble(o1, y, [0])
        return o0, o1

    @pl.function
    def main(
        self,
        a: pl.Tensor[[64], pl.FP32],
        q: pl.Out[pl.Tensor[[64], pl.FP32]],
        k: pl.Out[pl.Tensor[[64], pl.FP32]],
    ) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        s: pl.Tensor[[64], pl.FP32] = self.square(a)
        s2: pl.Tensor[[64], pl.FP32] = self.square(s)
        r0, r1 = self.store_both(s2, a, q, k)
        return r0, r1
