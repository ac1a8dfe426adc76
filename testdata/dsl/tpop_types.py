# A tpop cannot know the popped tile's type: the annotation gives it, or
# the wrapper's shape= and dtype= (Vec from the cube, Mat from the vector
# cores). The printed form carries it as the annotation and re-reads to it.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
#
# CHECK: c: pl.Tile{{\[\[}}32, 16], pl.BF16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=0)
# CHECK: a: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
# CHECK: b: pl.Tile{{\[\[}}16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=1)
#
import pypto.language as pl


@pl.program
class Pops:
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, n: pl.Scalar[pl.INDEX]):
        a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tpop_from_aic(split=0)
        b = pl.tpop_from_aic(shape=[16, 16], dtype=pl.FP16, split=1)
        return

    @pl.function(type=pl.FunctionType.AIC)
    def c(self, n: pl.Scalar[pl.INDEX]):
        c = pl.tpop_from_aiv(shape=[32, 16], dtype=pl.BF16)
        return
