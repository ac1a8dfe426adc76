# Loop kinds other than pl.range written by hand (pl.parallel, pl.unroll with
# an explicit start and step, pl.pipeline with stage= and init_values), an
# InOut param, the from-import form, and the marker that makes no IR
# (pl.no_dep; pl.dump_tag, allowed only in orchestration, is in
# scope_rules.py). Also what //fuzz/dict:dict_test finds these
# dictionary forms in.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: def k(x: {{.*}}, acc: pl.InOut[pl.Tensor{{.*}}:
# CHECK-NEXT: = pl.tile.load(x, [0, 0],
# CHECK-NEXT: for i in pl.parallel(2):
# CHECK-NEXT: u: {{.*}} = pl.tile.add(t, t)
# CHECK-NEXT: for j in pl.unroll(2):
# CHECK-NEXT: v: {{.*}} = pl.tile.muls(t, 2.0)
# CHECK-NEXT: for p, (c,) in pl.pipeline(4, stage=2, init_values=(t,)):
# CHECK-NEXT: c2: {{.*}} = pl.tile.add(c, t)
# CHECK-NEXT: c_out: {{.*}} = pl.yield_(c2)
# CHECK-NEXT: r: {{.*}} = pl.tile.store(c_out, [0, 0], acc)
from pypto import language as pl


@pl.program
class LoopKinds:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 16], pl.FP32], acc: pl.InOut[pl.Tensor[[4, 16], pl.FP32]]) -> pl.Tensor[[4, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [4, 16])
        for i in pl.parallel(2):
            u = pl.add(t, pl.no_dep(t))
        for j in pl.unroll(0, 2, 1):
            v = pl.mul(t, 2.0)
        for p, (c,) in pl.pipeline(4, stage=2, init_values=(t,)):
            c2 = pl.add(c, t)
            c_out = pl.yield_(c2)
        r = pl.store(c_out, [0, 0], acc)
        return r
