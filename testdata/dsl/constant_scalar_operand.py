# A module constant number as the second operand of a dispatching pl.X op
# picks the scalar form, as the same literal written inline does
# (pl.add(tile, EPS) is tile.adds, not tile.add).
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: a: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t, 0.001)
# CHECK-NEXT: b: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(a, 2.0)
import pypto.language as pl

EPS = 1e-3
TWO = 2


@pl.program
class ConstOperand:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        a = pl.add(t, EPS)
        b = pl.mul(a, TWO)
        return pl.store(b, [0, 0], out)
