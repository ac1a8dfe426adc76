# pto-run --ranks=4: a mesh allreduce (Sum) lowered by lower-composite-ops
# runs on four ranks, each with its own [1, 4] window (rank r holds r, r+1,
# r+2, r+3; the signal file binds every rank). Every rank ends with the
# element-wise sum 6 10 14 18, the signal window ends at zero, another
# schedule seed and the free-running thread mode give the same bytes.
#
# RUN: rm -rf $TEST_TMPDIR/arc && mkdir -p $TEST_TMPDIR/arc
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3ci4\x27, \x27fortran_order\x27: False, \x27shape\x27: (4, 1), }                                                          \x0a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' > $TEST_TMPDIR/arc/sig.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 4), }                                                          \x0a\x00\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40' > $TEST_TMPDIR/arc/d0.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 4), }                                                          \x0a\x00\x00\x80\x3f\x00\x00\x00\x40\x00\x00\x40\x40\x00\x00\x80\x40' > $TEST_TMPDIR/arc/d1.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 4), }                                                          \x0a\x00\x00\x00\x40\x00\x00\x40\x40\x00\x00\x80\x40\x00\x00\xa0\x40' > $TEST_TMPDIR/arc/d2.npy
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3cf4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 4), }                                                          \x0a\x00\x00\x40\x40\x00\x00\x80\x40\x00\x00\xa0\x40\x00\x00\xc0\x40' > $TEST_TMPDIR/arc/d3.npy
# RUN: pto-run %s --func=k --passes=lower-composite-ops --ranks=4 --in=signal=$TEST_TMPDIR/arc/sig.npy --in=data@0=$TEST_TMPDIR/arc/d0.npy --in=data@1=$TEST_TMPDIR/arc/d1.npy --in=data@2=$TEST_TMPDIR/arc/d2.npy --in=data@3=$TEST_TMPDIR/arc/d3.npy --out-dir=$TEST_TMPDIR/arc/s | FileCheck %s --check-prefix=NOTE
# RUN: od -A n -t f4 -j 128 -v $TEST_TMPDIR/arc/s/data.rank2.npy | FileCheck %s
# RUN: cmp $TEST_TMPDIR/arc/s/data.rank0.npy $TEST_TMPDIR/arc/s/data.rank3.npy
# RUN: od -A n -t d4 -j 128 -v $TEST_TMPDIR/arc/s/signal.rank1.npy | FileCheck %s --check-prefix=SIG
# RUN: pto-run %s --func=k --passes=lower-composite-ops --ranks=4 --schedule-seed=7 --in=signal=$TEST_TMPDIR/arc/sig.npy --in=data@0=$TEST_TMPDIR/arc/d0.npy --in=data@1=$TEST_TMPDIR/arc/d1.npy --in=data@2=$TEST_TMPDIR/arc/d2.npy --in=data@3=$TEST_TMPDIR/arc/d3.npy --out-dir=$TEST_TMPDIR/arc/s7
# RUN: cmp $TEST_TMPDIR/arc/s/data.rank1.npy $TEST_TMPDIR/arc/s7/data.rank1.npy
# RUN: pto-run %s --func=k --passes=lower-composite-ops --ranks=4 --threads --in=signal=$TEST_TMPDIR/arc/sig.npy --in=data@0=$TEST_TMPDIR/arc/d0.npy --in=data@1=$TEST_TMPDIR/arc/d1.npy --in=data@2=$TEST_TMPDIR/arc/d2.npy --in=data@3=$TEST_TMPDIR/arc/d3.npy --out-dir=$TEST_TMPDIR/arc/t
# RUN: cmp $TEST_TMPDIR/arc/s/data.rank1.npy $TEST_TMPDIR/arc/t/data.rank1.npy
# NOTE: pto-run: signal windows end at zero on all 4 ranks: signal
# CHECK: 6 10 14 18
# SIG: 0 0 0 0
import pypto.language as pl

@pl.program
class AllReduceFourRanks:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[1, 4], pl.FP32], signal: pld.DistributedTensor[[4, 1], pl.INT32]) -> pld.DistributedTensor[[1, 4], pl.FP32]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
        return data2
