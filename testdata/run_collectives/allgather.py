# pto-run --ranks=3: allgather pushes rank r's [1, 8] chunk (10r .. 10r+7)
# into row r of every rank's window. The window starts as zeros on every
# rank (one file for all ranks); rank 1's result holds all three rows, the
# other ranks (and the returned window) hold the same bytes, and schedule
# seed 4 (a sticky schedule: one rank runs far ahead) gives them too.
#
# RUN: rm -rf $TEST_TMPDIR/agc && mkdir -p $TEST_TMPDIR/agc
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3ci4\x27, \x27fortran_order\x27: False, \x27shape\x27: (3, 1), }                                                          \x0a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' > $TEST_TMPDIR/agc/sig.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 8), }                                                          \x0a\x00\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40\x00\x00\x80\x40\x00\x00\xa0\x40\x00\x00\xc0\x40\x00\x00\xe0\x40' > $TEST_TMPDIR/agc/x0.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 8), }                                                          \x0a\x00\x00 A\x00\x000A\x00\x00\x40A\x00\x00PA\x00\x00\x60A\x00\x00pA\x00\x00\x80A\x00\x00\x88A' > $TEST_TMPDIR/agc/x1.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 8), }                                                          \x0a\x00\x00\xa0A\x00\x00\xa8A\x00\x00\xb0A\x00\x00\xb8A\x00\x00\xc0A\x00\x00\xc8A\x00\x00\xd0A\x00\x00\xd8A' > $TEST_TMPDIR/agc/x2.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (3, 8), }                                                          \x0a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' > $TEST_TMPDIR/agc/zero.npy
# RUN: pto-run %s --func=k --passes=lower-composite-ops --ranks=3 --in=signal=$TEST_TMPDIR/agc/sig.npy --in=out=$TEST_TMPDIR/agc/zero.npy --in=inp@0=$TEST_TMPDIR/agc/x0.npy --in=inp@1=$TEST_TMPDIR/agc/x1.npy --in=inp@2=$TEST_TMPDIR/agc/x2.npy --out-dir=$TEST_TMPDIR/agc/o | FileCheck %s --check-prefix=NOTE
# RUN: od -A n -t f4 -j 128 -v $TEST_TMPDIR/agc/o/out.rank1.npy | FileCheck %s
# RUN: cmp $TEST_TMPDIR/agc/o/out.rank0.npy $TEST_TMPDIR/agc/o/out.rank2.npy
# RUN: cmp $TEST_TMPDIR/agc/o/out.rank0.npy $TEST_TMPDIR/agc/o/ret0.rank1.npy
# RUN: pto-run %s --func=k --passes=lower-composite-ops --ranks=3 --schedule-seed=4 --in=signal=$TEST_TMPDIR/agc/sig.npy --in=out=$TEST_TMPDIR/agc/zero.npy --in=inp@0=$TEST_TMPDIR/agc/x0.npy --in=inp@1=$TEST_TMPDIR/agc/x1.npy --in=inp@2=$TEST_TMPDIR/agc/x2.npy --out-dir=$TEST_TMPDIR/agc/o4
# RUN: cmp $TEST_TMPDIR/agc/o/out.rank1.npy $TEST_TMPDIR/agc/o4/out.rank1.npy
# NOTE: pto-run: signal windows end at zero on all 3 ranks: signal
# CHECK: 0 1 2 3
# CHECK-NEXT: 4 5 6 7
# CHECK-NEXT: 10 11 12 13
# CHECK-NEXT: 14 15 16 17
# CHECK-NEXT: 20 21 22 23
# CHECK-NEXT: 24 25 26 27
import pypto.language as pl

@pl.program
class AllGatherThreeRanks:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(inp: pl.Tensor[[1, 8], pl.FP32], out: pld.DistributedTensor[[3, 8], pl.FP32], signal: pld.DistributedTensor[[3, 1], pl.INT32]) -> pld.DistributedTensor[[3, 8], pl.FP32]:
        out2 = pld.tensor.allgather(inp, out, signal)
        return out2
