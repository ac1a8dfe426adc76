# pl.dump_tag(t) is forward-sticky, as upstream reads it: no IR of its own,
# but every later call or submit that passes this very Var dumps it
# (attrs={"dump_vars": [...]}, in argument order, once), and every later
# pl.at scope - also the kernel scope a `for i in pl.spmd(...)` body or a
# bare pl.split_aiv region becomes - appends it to its dumps=. A call before
# the tag and a runtime pl.scope() dump nothing. A name assigned again after
# its tag is still the same Var (outside strict_ssa), so it stays tagged.
# The print has no dump_tag left, so it is a fixed point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: def orch(
# CHECK-NEXT: first: {{.*}} = self.copy(a, out)
# CHECK-NEXT: second: {{.*}} = self.copy(a, first, attrs={"dump_vars": [a, first]})
# CHECK-NEXT: a: {{.*}} = self.copy(b, second, attrs={"dump_vars": [second]})
# CHECK-NEXT: third: {{.*}} = self.copy(a, second, attrs={"dump_vars": [a, second]})
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP, dumps=[b, a, first, second]):
# CHECK: with pl.spmd(4):
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP, dumps=[a, first, second]):
# CHECK: with pl.at(level=pl.Level.CORE_GROUP, dumps=[a, first, second]):
# CHECK-NEXT: for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK: with pl.scope():
# CHECK-NEXT: fourth: {{.*}} = self.copy(b, third)
# CHECK-NEXT: return fourth
import pypto.language as pl


@pl.program
class DumpTag:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, src: pl.Tensor[[32, 16], pl.FP32], dst: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        t: pl.Tile[[32, 16], pl.FP32] = pl.load(src, [0, 0], [32, 16])
        dst = pl.store(t, [0, 0], dst)
        return dst

    @pl.function(type=pl.FunctionType.Orchestration, strict_ssa=False, auto_scope=False)
    def orch(self, a: pl.Tensor[[32, 16], pl.FP32], b: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        first = self.copy(a, out)
        pl.dump_tag(a)
        pl.dump_tag(first)
        pl.dump_tag(a)
        second = self.copy(a, first)
        pl.dump_tag(second)
        a = self.copy(b, second)
        third = self.copy(a, second)
        with pl.at(level=pl.Level.CORE_GROUP, dumps=[b]):
            t: pl.Tile[[32, 16], pl.FP32] = pl.load(b, [0, 0], [32, 16])
        for i in pl.spmd(4):
            u: pl.Tile[[32, 16], pl.FP32] = pl.load(b, [0, 0], [32, 16])
        for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            v: pl.Tile[[16, 16], pl.FP32] = pl.load(b, [aiv * 16, 0], [16, 16])
        with pl.scope():
            fourth = self.copy(b, third)
        return fourth
