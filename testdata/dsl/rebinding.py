# Rebinding a name keeps the name, as upstream's printer does: `y = self.k(x, y)`
# binds y again and prints `y`, not `y_1`, whether y is a parameter or a
# local. A rebound name is one Var, as in upstream's IR, so the program is not
# in SSA form until ConvertToSSA gives each binding a Var of its own (and a
# name of its own). The print reads back as itself.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/rebinding_once.py
# RUN: pto-opt $TEST_TMPDIR/rebinding_once.py --passes=none | diff $TEST_TMPDIR/rebinding_once.py -
# RUN: pto-opt %s --passes=convert-to-ssa | FileCheck %s --check-prefix=SSA
# RUN: not pto-opt %s --passes=infer-tile-memory-space 2>&1 | FileCheck %s --check-prefix=NOTSSA
#
# CHECK: def add_one(x: pl.Tensor{{\[\[}}16], pl.FP32], y: pl.Out[pl.Tensor{{\[\[}}16], pl.FP32]]) -> pl.Tensor{{\[\[}}16], pl.FP32]:
# CHECK-NEXT: t: pl.Tile{{\[\[}}16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0], [16], [16], target_memory=pl.Mem.Vec)
# CHECK-NEXT: t: pl.Tile{{\[\[}}16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t, 1.0)
# CHECK-NEXT: y: pl.Tensor{{\[\[}}16], pl.FP32] = pl.tile.store(t, [0], y)
# CHECK-NEXT: return y
# CHECK: def main(self, x: pl.Tensor{{\[\[}}16], pl.FP32], y: pl.Tensor{{\[\[}}16], pl.FP32]) -> pl.Tensor{{\[\[}}16], pl.FP32]:
# CHECK-NEXT: y: pl.Tensor{{\[\[}}16], pl.FP32] = self.add_one(x, y)
# CHECK-NEXT: y: pl.Tensor{{\[\[}}16], pl.FP32] = self.add_one(x, y)
# CHECK-NEXT: return y
#
# SSA: def main(
# SSA-NEXT: y_1: pl.Tensor{{\[\[}}16], pl.FP32] = self.add_one(x, y)
# SSA-NEXT: y_2: pl.Tensor{{\[\[}}16], pl.FP32] = self.add_one(x, y_1)
# SSA-NEXT: return y_2
#
# NOTSSA: pass 'infer-tile-memory-space' requires SSAForm; run convert-to-ssa before it:
# NOTSSA-NEXT: rebinding.py:{{[0-9]+}}:9: error: not in SSA form: 't' is assigned again
import pypto.language as pl


@pl.program
class Rebinding:
    @pl.function(type=pl.FunctionType.InCore)
    def add_one(self, x: pl.Tensor[[16], pl.FP32],
                y: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        t = pl.load(x, [0], [16])
        t = pl.add(t, 1.0)
        y = pl.store(t, [0], y)
        return y

    @pl.function
    def main(self, x: pl.Tensor[[16], pl.FP32], y: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        y = self.add_one(x, y)
        y = self.add_one(x, y)
        return y
