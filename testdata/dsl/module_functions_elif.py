# Hand-written forms read with upstream's meaning: a @pl.function defined at
# module level and called by bare name joins the program (printed as a method
# called through self; an uncalled one is left out; a call through a
# module-level alias `twice = double` is a call of double), `elif` is an else
# holding one if, and pl.dynamic("N") inside a type is the dynamic dim N.
# Printing is a fixed point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/mfe_once.py
# RUN: pto-opt $TEST_TMPDIR/mfe_once.py --passes=none | diff $TEST_TMPDIR/mfe_once.py -
#
# CHECK: NR = pl.dynamic("NR")
# CHECK-NOT: unused
# CHECK: def double(self, x: pl.Tensor{{\[\[}}NR, 16], pl.FP32]) -> pl.Tensor{{\[\[}}NR, 16], pl.FP32]:
# CHECK-NEXT: y: pl.Tensor{{\[\[}}NR, 16], pl.FP32] = pl.tensor.add(x, x)
# CHECK: def main(self, a: pl.Tensor{{\[\[}}NR, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor{{\[\[}}NR, 16], pl.FP32]:
# CHECK-NEXT: b: pl.Tensor{{\[\[}}NR, 16], pl.FP32] = self.double(a)
# CHECK-NEXT: b2: pl.Tensor{{\[\[}}NR, 16], pl.FP32] = self.double(b)
# CHECK-NEXT: if n == 1:
# CHECK-NEXT: c: pl.Scalar[pl.INDEX] = n + 1
# CHECK-NEXT: else:
# CHECK-NEXT: if n == 2:
# CHECK-NEXT: d: pl.Scalar[pl.INDEX] = n + 2
# CHECK-NEXT: else:
# CHECK-NEXT: e: pl.Scalar[pl.INDEX] = n + 3
# CHECK-NEXT: return b
import pypto.language as pl


@pl.function
def double(x: pl.Tensor[[pl.dynamic("NR"), 16], pl.FP32]) -> pl.Tensor[[pl.dynamic("NR"), 16], pl.FP32]:
    y = pl.add(x, x)
    return y


twice = double


@pl.function
def unused(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    return x


@pl.program
class ModuleFunctions:
    @pl.function
    def main(self, a: pl.Tensor[[pl.dynamic("NR"), 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[pl.dynamic("NR"), 16], pl.FP32]:
        b = double(a)
        b2 = twice(b)
        if n == 1:
            c = n + 1
        elif n == 2:
            d = n + 2
        else:
            e = n + 3
        return b
