# What the scope, submit and marker rules (ir/text/parser/forms/scope_rules.cc)
# still accept, beside what they reject (ir/text/parser/errors_test.cc):
# a hand-placed AUTO pl.scope() in an auto_scope=False function, after a
# manual scope (not inside one); pl.dump_tag(tensor) in orchestration (the
# later submit and pl.at scopes dump it: dump_tag.py); no_dep_args= /
# dumps= as lists of distinct tensor names; a submit that is a whole
# assigned value; task_dummy with deps=; a with pl.spmd body
# that calls one kernel, reads its block index or is a pl.at(CORE_GROUP)
# scope, also inside pl.cluster(). A body that reads its block index is
# wrapped in a kernel pl.at(CORE_GROUP) scope (as upstream's parser wraps
# it), which the dump tag dumps like any pl.at scope; it prints nested.
# Printing is a fixed point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: auto_scope=False)
# CHECK-NEXT: def main(
# CHECK-NEXT: with pl.scope(mode=pl.ScopeMode.MANUAL):
# CHECK-NEXT: _submit_tmp: {{.*}} = pl.submit(self.k, x, dumps=[x])
# CHECK-NEXT: b: {{.*}} = _submit_tmp[0]
# CHECK-NEXT: t: {{.*}} = _submit_tmp[1]
# CHECK-NEXT: d: pl.Scalar[pl.TASK_ID] = pl.system.task_dummy(deps=[t])
# CHECK-NEXT: with pl.scope():
# CHECK-NEXT: a: {{.*}} = self.k(b)
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk_1", no_dep_args=[a, b], dumps=[a, x]):
# CHECK-NEXT: c: {{.*}} = self.k(b)
# CHECK-NEXT: with pl.spmd(4):
# CHECK-NEXT: e: {{.*}} = self.k(c)
# CHECK-NEXT: with pl.spmd(2):
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP, dumps=[x]):
# CHECK-NEXT: i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
# CHECK-NEXT: g: {{.*}} = pl.tensor.add(e, e)
# CHECK-NEXT: with pl.cluster():
# CHECK-NEXT: with pl.spmd(4):
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP, dumps=[x]):
# CHECK-NEXT: f: {{.*}} = self.k(g)
# CHECK-NEXT: return f
import pypto.language as pl


@pl.program
class ScopeRules:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration, auto_scope=False)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.dump_tag(x)
        with pl.manual_scope():
            b, t = pl.submit(self.k, x)
            d = pl.system.task_dummy(deps=[t])
        with pl.scope():
            a = self.k(b)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="qk_1", no_dep_args=[a, b], dumps=[a]):
            c = self.k(b)
        with pl.spmd(4):
            e = self.k(c)
        with pl.spmd(2):
            i = pl.tile.get_block_idx()
            g = pl.add(e, e)
        with pl.cluster():
            with pl.spmd(4):
                with pl.at(level=pl.Level.CORE_GROUP):
                    f = self.k(g)
        return f
