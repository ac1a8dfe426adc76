# The facts Simplify uses, and what it leaves alone. An INDEX is never
# negative, so `d < 0` is decided although d = n - 3 is symbolic; an INT64
# may be, so `e < 0` stays. Under `if i == 0` the equality is not turned
# into a value (upstream keeps `i + 1`). A name assigned twice, and a
# constant inside a loop, are not propagated; a dead scalar chain goes, a
# dead call stays. Division by zero is the program's to report.
#
# RUN: pto-opt %s --passes=simplify --backend=none --concise | FileCheck %s
#
# CHECK: d = n - 3
# CHECK-NEXT: acc = pl.tensor.adds(x, pl.cast(d, pl.FP32))
# CHECK-NEXT: e = m - 3
# CHECK-NEXT: if e < 0:
# CHECK: for i in pl.range(8):
# CHECK-NEXT: if i == 0:
# CHECK-NEXT: acc = pl.tensor.adds(acc, pl.cast(i + 1, pl.FP32))
# CHECK: k = 7
# CHECK-NEXT: if n == 3:
# CHECK-NEXT: k = 5
# CHECK-NEXT: for j in pl.range(4):
# CHECK-NEXT: c = 3
# CHECK-NEXT: acc = pl.tensor.adds(acc, pl.cast(c + k, pl.FP32))
# CHECK-NEXT: t = pl.tensor.full
# CHECK-NEXT: acc = pl.tensor.adds(acc, pl.cast(pl.const(1, pl.INDEX) // pl.const(0, pl.INDEX), pl.FP32))
# CHECK-NEXT: return acc

import pypto.language as pl

@pl.program
class Facts:
    @pl.function
    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INT64]) -> pl.Tensor[[16], pl.FP32]:
        d: pl.Scalar[pl.INDEX] = n - 3
        if d < 0:
            acc: pl.Tensor[[16], pl.FP32] = pl.tensor.adds(x, 1.0)
        else:
            acc: pl.Tensor[[16], pl.FP32] = pl.tensor.adds(x, pl.cast(d, pl.FP32))
        e: pl.Scalar[pl.INT64] = m - 3
        if e < 0:
            acc = pl.tensor.adds(acc, 1.0)
        for i in pl.range(8):
            if i == 0:
                acc = pl.tensor.adds(acc, pl.cast(i + 1, pl.FP32))
        k: pl.Scalar[pl.INDEX] = 7
        if n == 3:
            k = 5
        for j in pl.range(4):
            c: pl.Scalar[pl.INDEX] = 3
            acc = pl.tensor.adds(acc, pl.cast(c + k, pl.FP32))
        a: pl.Scalar[pl.INDEX] = n + 5
        b: pl.Scalar[pl.INDEX] = a * 2
        t: pl.Tensor[[4], pl.FP32] = pl.tensor.full([4], dtype=pl.FP32, value=0.0)
        acc = pl.tensor.adds(acc, pl.cast(1 // 0, pl.FP32))
        return acc
