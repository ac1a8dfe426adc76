# `with` scopes: pl.at, pl.cluster, pl.spmd, pl.scope and pl.manual_scope
# become ScopeStmts whose arguments print in one canonical order (defaults
# dropped, pl.manual_scope() as pl.scope(mode=MANUAL)); names bound inside a
# scope stay visible after it; the default pipeline outlines the kernel
# scope (its split mode a function attr), the spmd scope (its launch spec on
# the call) and the cluster; PTO codegen rejects scopes. Printing is a fixed
# point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --concise | FileCheck %s --check-prefix=OUTLINE
#
# CHECK: with pl.scope(mode=pl.ScopeMode.MANUAL):
# CHECK-NEXT: a: pl.Tensor{{\[\[}}16, 16], pl.FP32] = self.body(x)
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint="qk"):
# CHECK-NEXT: b: pl.Tensor{{\[\[}}16, 16], pl.FP32] = self.body(a)
# CHECK-NEXT: with pl.spmd(n // 2, sync_start=True):
# CHECK-NEXT: c: pl.Tensor{{\[\[}}16, 16], pl.FP32] = self.body(b)
# CHECK-NEXT: with pl.cluster():
# CHECK-NEXT: with pl.scope():
# CHECK-NEXT: d: pl.Tensor{{\[\[}}16, 16], pl.FP32] = self.body(c)
# CHECK-NEXT: return d
#
# RUN: not pto-opt %s --passes=none --emit=pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# OUTLINE: def orch_cluster_0(c: pl.Tensor{{\[\[}}16, 16], pl.FP32]) -> pl.Tensor{{\[\[}}16, 16], pl.FP32]:
# OUTLINE: def orch_spmd_0(self, b: pl.Tensor{{\[\[}}16, 16], pl.FP32]) -> pl.Tensor{{\[\[}}16, 16], pl.FP32]:
# OUTLINE: def qk(a: pl.Tensor{{\[\[}}16, 16], pl.FP32]) -> pl.Tensor{{\[\[}}16, 16], pl.FP32]:
# OUTLINE-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN})
# OUTLINE: b = self.qk(a)
# OUTLINE-NEXT: c = self.orch_spmd_0(b, attrs={"core_num": n // 2, "sync_start": True})
# OUTLINE-NEXT: d = self.orch_cluster_0(c)
# CODEGEN: scopes.py:41:9: error: codegen: with pl.at(...) scopes are not supported by PTO codegen
import pypto.language as pl


@pl.program
class Scoped:
    @pl.function(type=pl.FunctionType.InCore)
    def body(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            y = x
        return y

    @pl.function(type=pl.FunctionType.Orchestration, auto_scope=False)
    def orch(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.manual_scope():
            a = self.body(x)
        with pl.at(name_hint="qk", level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)], allow_early_resolve=False):
            b = self.body(a)
        with pl.spmd(n // 2, sync_start=True):
            c = self.body(b)
        with pl.cluster():
            with pl.scope(mode=pl.ScopeMode.AUTO):
                d = self.body(c)
        return d
