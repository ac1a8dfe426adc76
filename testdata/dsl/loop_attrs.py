# A for loop's attrs={...} (pl.range, pl.parallel, pl.unroll, pl.pipeline):
# string keys with int, float, bool or string literal values, kept on the
# loop in written order and printed after stage= and init_values=, strings
# double-quoted; an empty dict is no attrs. Passes carry them unchanged.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/loop_attrs_once.py
# RUN: pto-opt $TEST_TMPDIR/loop_attrs_once.py --passes=none | diff $TEST_TMPDIR/loop_attrs_once.py -
# RUN: pto-opt %s | FileCheck %s --check-prefix=PASSES
#
# CHECK: for i, (acc,) in pl.pipeline(0, 64, 16, stage=2, init_values=(x,), attrs={"pipeline_overlap_stores": False, "note": "a b"}):
# CHECK: for j in pl.range(4, attrs={"unroll_hint": 2, "ratio": 0.25}):
# CHECK: for k in pl.unroll(2):
# PASSES: attrs={"pipeline_overlap_stores": False, "note": "a b"}
# PASSES: attrs={"unroll_hint": 2, "ratio": 0.25}
import pypto.language as pl


@pl.program
class LoopAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def f(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc,) in pl.pipeline(
            0, 64, 16, stage=2, init_values=(x,), attrs={"pipeline_overlap_stores": False, 'note': 'a b'}
        ):
            t = pl.load(acc, [i], [16])
            r = pl.store(t, [i], acc)
            acc2 = pl.yield_(r)
        for j in pl.range(4, attrs={"unroll_hint": 2, "ratio": 0.25}):
            pass
        for k in pl.unroll(2, attrs={}):
            pass
        return acc2
