# FlattenCallExpr: calls nested in call arguments, an if condition, loop
# bounds and a return value are computed into temporaries right before their
# statement, inner calls first; a second run changes nothing; the default
# pipeline runs it after convert-to-ssa and normalize-stmt-structure.
#
# RUN: pto-opt %s --passes=normalize-stmt-structure,flatten-call-expr --backend=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=NormalizeStmtStructure,FlattenCallExpr --backend=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=normalize-stmt-structure,flatten-call-expr --backend=none | diff $TEST_TMPDIR/once.py -
# RUN: not pto-opt %s --passes=flatten-call-expr --backend=none 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not pto-opt %s --passes=verify-no-nested-call --backend=none 2>&1 | FileCheck %s --check-prefix=NESTED
# RUN: pto-opt %s --passes=NormalizeStmtStructure,FlattenCallExpr,VerifyNoNestedCall --backend=none -o /dev/null
#
# CHECK: [[E:r__call_tmp_v[0-9]+]] = pl.tensor.exp(x)
# CHECK-NEXT: [[M:r__call_tmp_v[0-9]+]] = pl.tensor.muls([[E]], 2.0)
# CHECK-NEXT: [[E2:r__call_tmp_v[0-9]+]] = pl.tensor.exp(x)
# CHECK-NEXT: r = pl.tensor.add([[M]], [[E2]])
# CHECK-NEXT: [[B:init__call_tmp_v[0-9]+]] = pl.tile.get_block_idx()
# CHECK-NEXT: for i, (acc,) in pl.range([[B]], 8, init_values=(r,)):
# CHECK-NEXT:     [[C:cond__call_tmp_v[0-9]+]] = pl.tile.get_block_idx()
# CHECK-NEXT:     if [[C]] < n:
# CHECK: [[RET:ret__call_tmp_v[0-9]+]] = pl.tensor.exp(s)
# CHECK-NEXT: return [[RET]]
#
# NESTED: nested_calls.py:33:20: error: nested call: tensor.muls is an argument of another call in function 'main'; run FlattenCallExpr
# ORDER: pass 'flatten-call-expr' requires NormalizedStmtStructure, which no earlier step established; run a pass that produces it first

import pypto.language as pl

@pl.program
class Nested:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        r = pl.add(pl.mul(pl.exp(x), 2.0), pl.exp(x))
        for i, (acc,) in pl.range(pl.tile.get_block_idx(), 8, init_values=(r,)):
            if pl.tile.get_block_idx() < n:
                v = pl.add(acc, 1.0)
                w = pl.yield_(v)
            else:
                w = pl.yield_(acc)
            s = pl.yield_(w)
        return pl.exp(s)
