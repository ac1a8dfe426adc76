# A level alias in pl.at (pl.Level.POD is CLUSTER_0, as in upstream's Level
# enum) is the primary level; the scope prints the primary name.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: with pl.at(level=pl.Level.CLUSTER_0):
# CHECK: with pl.at(level=pl.Level.CHIP):
import pypto.language as pl


@pl.program
class Aliases:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(pl.Level.POD):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        with pl.at(level=pl.Level.UMA):
            z: pl.Tensor[[64], pl.FP32] = pl.add(y, y)
        return z
