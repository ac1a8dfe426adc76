# A call of a module-level @pl.inline function is expanded where it is
# written, as upstream's parser does: the parameters name the arguments, the
# body's statements join the caller's block and the returned value is the
# call's value. The printed program has no trace of the inline function.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
import pypto.language as pl


@pl.inline
def add_one(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
    result: pl.Tensor[[64], pl.FP32] = pl.add(x, 1.0)
    return result


@pl.program
class InlineCalls:
    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        b: pl.Tensor[[64], pl.FP32] = add_one(a)
        c: pl.Tensor[[64], pl.FP32] = pl.mul(b, 2.0)
        return c

# CHECK-NOT: add_one
# CHECK: def main(self, a:
# CHECK-NEXT: result: {{.*}} = pl.tensor.adds(a, 1.0)
# CHECK-NEXT: b: {{.*}} = result
# CHECK-NEXT: c: {{.*}} = pl.tensor.muls(b, 2.0)
# CHECK-NEXT: return c
