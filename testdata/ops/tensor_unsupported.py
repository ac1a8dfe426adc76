# The tensor ops of issue #20 are registered for parsing and the passes only:
# PTO codegen and the reference interpreter reject one (here tensor.exp) with
# an error at its line naming the op, and write no output.
#
# RUN: not pto-opt %s --passes=none --emit=pto > $TEST_TMPDIR/out.pto 2> $TEST_TMPDIR/err.txt
# RUN: FileCheck %s --check-prefix=PTO < $TEST_TMPDIR/err.txt
# RUN: test ! -s $TEST_TMPDIR/out.pto
# PTO: tensor_unsupported.py:20:13: error: codegen: tensor.exp: tensor ops must be converted to tile ops before PTO codegen
#
# RUN: rm -rf $TEST_TMPDIR/run && not pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/run/o 2>&1 | FileCheck %s --check-prefix=INTERP
# RUN: test ! -e $TEST_TMPDIR/run/o
# INTERP: tensor_unsupported.py:20:13: error: tensor.exp: {{.*}}not simulated yet (#20 registers it for parsing and passes only)
import pypto.language as pl


@pl.program
class Unsupported:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        e = pl.tensor.exp(x)
        t = pl.tile.load(e, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        r = pl.tile.store(t, [0, 0], out)
        return r
