# pto-run reports bad inputs and writes no output at all.
#
# RUN: rm -rf $TEST_TMPDIR/e && not pto-run %s --func=k --out-dir=$TEST_TMPDIR/e/o 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: pto-run: error: missing input 'x' (FP32 [2, 8]): pass --in=x=PATH.npy or --seed=N
# RUN: mkdir -p $TEST_TMPDIR/e && printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27<f2\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 8), }                                                          \x0a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' > $TEST_TMPDIR/e/h.npy
# RUN: not pto-run %s --func=k --in=x=$TEST_TMPDIR/e/h.npy --out-dir=$TEST_TMPDIR/e/o 2>&1 | FileCheck %s --check-prefix=DTYPE
# DTYPE: pto-run: error: input 'x': expected dtype <f4 (FP32), got <f2
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27<f4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 4), }                                                          \x0a\x00\x00\x80?\x00\x00\x00@\x00\x00@@\x00\x00\x80@' > $TEST_TMPDIR/e/s.npy
# RUN: not pto-run %s --func=k --in=x=$TEST_TMPDIR/e/s.npy --out-dir=$TEST_TMPDIR/e/o 2>&1 | FileCheck %s --check-prefix=SHAPE
# SHAPE: pto-run: error: input 'x': expected shape (2, 8) for FP32 [2, 8], got (1, 4)
# RUN: printf 'not a numpy file' > $TEST_TMPDIR/e/bad.npy
# RUN: not pto-run %s --func=k --in=x=$TEST_TMPDIR/e/bad.npy --out-dir=$TEST_TMPDIR/e/o 2>&1 | FileCheck %s --check-prefix=MALFORMED
# MALFORMED: bad.npy: malformed .npy: missing the \x93NUMPY magic
# RUN: not pto-run %s --func=nope --seed=1 --out-dir=$TEST_TMPDIR/e/o 2>&1 | FileCheck %s --check-prefix=FUNC
# FUNC: pto-run: error: no function 'nope' in the program; it has: k
# RUN: not pto-run %s --func=k --seed=1 --in=y=$TEST_TMPDIR/e/s.npy --out-dir=$TEST_TMPDIR/e/o 2>&1 | FileCheck %s --check-prefix=PARAM
# PARAM: pto-run: error: function 'k' has no parameter 'y'; its parameters: x, i, out
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27<i8\x27, \x27fortran_order\x27: False, \x27shape\x27: (), }                                                              \x0a\x07\x00\x00\x00\x00\x00\x00\x00' > $TEST_TMPDIR/e/i.npy
# RUN: not pto-run %s --func=k --seed=1 --in=i=$TEST_TMPDIR/e/i.npy --out-dir=$TEST_TMPDIR/e/o 2>&1 | FileCheck %s --check-prefix=OOB
# OOB: errors.py:{{[0-9]+}}:{{[0-9]+}}: error: tile.load: reads past the end of dimension 1: offset 7 + extent 4 is outside [0, 8]
# OOB-NEXT: {{^ +}}t = pl.tile.load(x, [0, i], [2, 4], [2, 4], target_memory=pl.Mem.Vec){{$}}
# OOB-NEXT: {{^ +\^$}}
# RUN: test ! -e $TEST_TMPDIR/e/o
import pypto.language as pl

@pl.program
class Errors:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[2, 8], pl.FP32], i: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[2, 4], pl.FP32]]) -> pl.Tensor[[2, 4], pl.FP32]:
        t = pl.tile.load(x, [0, i], [2, 4], [2, 4], target_memory=pl.Mem.Vec)
        r = pl.tile.store(t, [0, 0], out)
        return r
