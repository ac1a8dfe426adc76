# pto-run: the interpreter takes tile.cast's scratch operand and ignores it
# for the result: a non-saturating FP16 -> INT8 cast computes the same bytes
# without passes and after the default pipeline for a2a3, which gives it a
# scratch tile.
#
# RUN: pto-opt %s --backend=a2a3 --concise | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/ts && mkdir -p $TEST_TMPDIR/ts && printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27<f2\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 8), }                                                          \x0a\x00\x3e\x80\xc1\xfe\x57\x04\xd8\xb0\x5c\xb0\xdc\xff\x7b\xd0\x63' > $TEST_TMPDIR/ts/x.npy
# RUN: pto-run %s --func=k --in=x=$TEST_TMPDIR/ts/x.npy --out-dir=$TEST_TMPDIR/ts/direct
# RUN: pto-run %s --func=k --passes=default --backend=a2a3 --in=x=$TEST_TMPDIR/ts/x.npy --out-dir=$TEST_TMPDIR/ts/scratch
# RUN: cmp $TEST_TMPDIR/ts/direct/out.npy $TEST_TMPDIR/ts/scratch/out.npy
# RUN: od -A n -t d1 -j 128 -v $TEST_TMPDIR/ts/scratch/out.npy | FileCheck %s --check-prefix=OUT
#
# CHECK: q = pl.tile.cast(h, q__tcvt_tmp_v0, target_type=pl.INT8, mode='trunc', saturation_mode='off')
#
# x = 1.5 -2.75 127.9375 -128.5 300 -300 65504 1000, truncated without
# saturation (the interpreter wraps an overflow modulo 2^8, docs/numerics.md):
# OUT: 1 -2 127 -128 44 -44 -32 -24
import pypto.language as pl

@pl.program
class TcvtScratchRun:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[1, 8], pl.FP16], out: pl.Out[pl.Tensor[[1, 8], pl.INT8]]) -> pl.Tensor[[1, 8], pl.INT8]:
        h = pl.tile.load(x, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        r = pl.tile.store(q, [0, 0], out)
        return r
