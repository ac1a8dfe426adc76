# The ops of issue #20 batch B are registered for parsing, printing and the
# passes only: the default pipeline leaves them alone, while PTO codegen and
# the reference interpreter reject one with a located error naming the op and
# write nothing.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/none.py
# RUN: pto-opt %s > $TEST_TMPDIR/default.py
# RUN: diff $TEST_TMPDIR/none.py $TEST_TMPDIR/default.py
# RUN: not pto-opt %s --emit=pto > $TEST_TMPDIR/out.pto 2> $TEST_TMPDIR/err.txt
# RUN: FileCheck %s --check-prefix=PTO < $TEST_TMPDIR/err.txt
# RUN: test ! -s $TEST_TMPDIR/out.pto
# RUN: rm -rf $TEST_TMPDIR/run && not pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/run/o 2>&1 | FileCheck %s --check-prefix=INTERP
# RUN: test ! -e $TEST_TMPDIR/run/o
#
# PTO: not_emitted.py:26:53: error: codegen: tile.concat has no PTO emitter (in function 'k')
# INTERP: not_emitted.py:26:53: error: tile.concat: the reference interpreter has no kernel for this op (not simulated yet (#20 registers it for parsing and passes only)) (in function 'k')

import pypto.language as pl

@pl.program
class NotEmitted:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        a: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        b: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        c: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.concat(a, b)
        r: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(c, [0, 0], out)
        return r
