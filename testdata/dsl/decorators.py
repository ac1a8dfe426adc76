# @pl.function arguments beyond type/level/role: attrs= and the
# pl.func_attr({...}) prologue merge into the function's attrs, printed as
# one prologue; auto_scope=False and external_source= stay in the decorator;
# strict_ssa= (on the program) only checks. Printing is a fixed point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker, external_source="kernels/mm.cpp")
# CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker, auto_scope=False)
# CHECK-NEXT: def kernel(x: pl.Tensor{{\[\[}}16, 16], pl.FP32]) -> pl.Tensor{{\[\[}}16, 16], pl.FP32]:
# CHECK-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "dual_aiv_dispatch": True})
# CHECK-NEXT: return x
#
# RUN: sed 's/strict_ssa=False/strict_ssa=True/' %s > $TEST_TMPDIR/strict.py
# RUN: not pto-opt $TEST_TMPDIR/strict.py --passes=none 2>&1 | FileCheck %s --check-prefix=STRICT
# STRICT: strict.py:36:9: error: strict_ssa: 'y' is already defined at 35:9; each name is assigned once
import pypto.language as pl


@pl.program(strict_ssa=False)
class Decorated:
    @pl.function(type=pl.FunctionType.AIV, attrs={"split": pl.SplitMode.UP_DOWN}, auto_scope=False)
    def kernel(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.func_attr({"dual_aiv_dispatch": True})
        return x

    @pl.function(type=pl.FunctionType.AIC, external_source="kernels/mm.cpp")
    def external(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = self.kernel(x)
        y = self.external(y)
        return y
