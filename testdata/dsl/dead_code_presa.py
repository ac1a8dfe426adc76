# Statements after `break` / `continue` in their block (dead code upstream
# keeps) and a pl.range loop with init_values but no pl.yield_ (upstream's
# pre-SSA form, docs/dsl.md "Early returns, dead code and pre-SSA loops")
# print back as written and are a fixed point. The interpreter and PTO
# codegen reject the pre-SSA loop, naming it, with no output.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/dc_once.py
# RUN: pto-opt $TEST_TMPDIR/dc_once.py --passes=none | diff $TEST_TMPDIR/dc_once.py -
# RUN: pto-opt %s > /dev/null
# RUN: not pto-opt %s --passes=none --emit=pto -o $TEST_TMPDIR/dc.pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# RUN: test ! -e $TEST_TMPDIR/dc.pto
# RUN: rm -rf $TEST_TMPDIR/dc_run && mkdir -p $TEST_TMPDIR/dc_run
# RUN: not pto-run %s --func=doubled --seed=1 --out-dir=$TEST_TMPDIR/dc_run 2>&1 | FileCheck %s --check-prefix=INTERP
#
# CHECK: def doubled(
# CHECK: t: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
# CHECK-NEXT: {{^        for i, \(acc,\) in pl.range\(4, init_values=\(t,\)\):$}}
# CHECK-NEXT: {{^            acc_1: pl.Tile\[\[16, 16\], pl.FP32, pl.Mem.Vec\] = pl.tile.add\(acc, acc\)$}}
# CHECK-NEXT: {{^        return pl.tile.store\(t, \[0, 0\], out\)$}}
# CHECK: for i, (acc,) in pl.range(n, init_values=(0,)):
# CHECK-NEXT: {{^            if i == 3:$}}
# CHECK-NEXT: {{^                continue$}}
# CHECK-NEXT: {{^                skipped: pl.Scalar\[pl.INDEX\] = acc \+ 1000$}}
# CHECK-NEXT: {{^            if i == 5:$}}
# CHECK-NEXT: {{^                break$}}
# CHECK-NEXT: {{^                stopped: pl.Scalar\[pl.INDEX\] = acc \+ 1000$}}
# CODEGEN: dead_code_presa.py:[[#@LINE+14]]:9: error: codegen: a loop with init_values and no pl.yield_ (upstream's pre-SSA form) is not supported by PTO codegen
# INTERP: dead_code_presa.py:[[#@LINE+13]]:9: error: a loop with init_values and no pl.yield_ (upstream's pre-SSA form) is not supported by the interpreter
import pypto.language as pl


@pl.program
class DeadCodeAndPreSsa:
    @pl.function(type=pl.FunctionType.InCore)
    def doubled(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        for i, (acc,) in pl.range(4, init_values=(t,)):
            acc = pl.add(acc, acc)
        return pl.store(t, [0, 0], out)

    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(n, init_values=(0,)):
            if i == 3:
                continue
                skipped: pl.Scalar[pl.INDEX] = acc + 1000
            if i == 5:
                break
                stopped: pl.Scalar[pl.INDEX] = acc + 1000
            nxt: pl.Scalar[pl.INDEX] = acc + i
            out = pl.yield_(nxt)
        return out
