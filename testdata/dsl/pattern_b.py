# Pattern B (docs/dsl.md, "Names after a loop or an if"): a for/while that
# carries no values and an if without pl.yield_ leave their names bound after
# them, and assigning a bound name inside a block assigns the same Var again.
# The program prints back as written (a fixed point), LowerCompositeOps and
# LegalizeTileCast rewrite the statements in place, pto-run runs it, and PTO
# codegen rejects it before writing anything.
#
# RUN: pto-opt %s --passes=none --concise | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# One name per Var: a second Var named acc or g would print as acc_1 / g_1.
# CHECK: g = pl.tile.cast(acc, target_type=pl.BF16, mode='rint')
# CHECK-NEXT: for i in pl.range(3):
# CHECK-NEXT: m = pl.tile.cmps(acc, 0.0, cmp_type=4)
# CHECK-NEXT: acc = pl.tile.select(m, acc, 1.0)
# CHECK-NEXT: h = pl.tile.cast(acc, target_type=pl.FP16, mode='round')
# CHECK-NEXT: g = pl.tile.cast(h, target_type=pl.BF16, mode='rint')
# CHECK-NEXT: acc = pl.tile.cast(g, target_type=pl.FP32, mode='round')
# CHECK-NEXT: if n > 0:
# CHECK-NEXT: last = pl.tile.muls(acc, 2.0)
# CHECK-NEXT: else:
# CHECK-NEXT: last = pl.tile.cast(g, target_type=pl.FP32, mode='round')
# CHECK-NEXT: r = pl.tile.store(last, [0, 0], out)
#
# The rewrites assign the statement's own Var: the loop still reassigns acc
# and g.
# RUN: pto-opt %s --passes=lower-composite-ops,legalize-tile-cast --backend=a5 --concise | FileCheck %s --check-prefix=LOWER
# LOWER: for i in pl.range(3):
# LOWER-NEXT: m = pl.tile.cmps(acc, 0.0, cmp_type=4)
# LOWER-NEXT: acc__sel_tmp_tmp_v0 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# LOWER-NEXT: acc = pl.tile.sels(m, acc, acc__sel_tmp_tmp_v0, 1.0)
# LOWER-NEXT: h = pl.tile.cast(acc, target_type=pl.FP16, mode='round')
# LOWER-NEXT: g__cast_fp32_tmp_v0 = pl.tile.cast(h, target_type=pl.FP32, mode='rint')
# LOWER-NEXT: g = pl.tile.cast(g__cast_fp32_tmp_v0, target_type=pl.BF16, mode='rint')
# LOWER-NEXT: acc = pl.tile.cast(g, target_type=pl.FP32, mode='round')
# LOWER: last = pl.tile.cast(g, target_type=pl.FP32, mode='round')
# LOWER-NOT: _1
# RUN: pto-opt %s --passes=lower-composite-ops,legalize-tile-cast --backend=a5 > $TEST_TMPDIR/lowered.py
# RUN: pto-opt $TEST_TMPDIR/lowered.py --passes=none | diff $TEST_TMPDIR/lowered.py -
#
# RUN: pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/run
#
# Codegen needs SSA form: without ConvertToSSA (--passes=none) it rejects the
# reassignment; the default pipeline converts first and compiles it.
# RUN: not pto-opt %s --passes=none --emit=pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# RUN: pto-opt %s --emit=pto | FileCheck %s --check-prefix=PTO
# PTO: scf.for %i = %c0 to %c3 step %c1 {
# PTO: scf.if
# CODEGEN: pattern_b.py:61:13: error: codegen: 'acc' is assigned again in another loop body or branch (first at {{.*}}pattern_b.py:57:9); PTO codegen needs each variable assigned once
import pypto.language as pl

@pl.program
class PatternB:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc = pl.tile.load(x, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        g = pl.tile.cast(acc, target_type=pl.BF16, mode='rint')
        for i in pl.range(3):
            m = pl.tile.cmps(acc, 0.0, cmp_type=4)
            acc = pl.tile.select(m, acc, 1.0)
            h = pl.tile.cast(acc, target_type=pl.FP16, mode='round')
            g = pl.tile.cast(h, target_type=pl.BF16, mode='rint')
            acc = pl.tile.cast(g, target_type=pl.FP32)
        if n > 0:
            last = pl.tile.muls(acc, 2.0)
        else:
            last = pl.tile.cast(g, target_type=pl.FP32)
        r = pl.tile.store(last, [0, 0], out)
        return r
