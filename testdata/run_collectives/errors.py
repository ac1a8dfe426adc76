# pto-run --ranks errors: a deadlock reports every rank's pending wait and
# the signal cells; a signal window that does not end at zero is an error
# (a warning with --check-signals=false); an unlowered collective, a rank
# out of range and a per-rank input without --ranks are rejected.
#
# RUN: rm -rf $TEST_TMPDIR/erc && mkdir -p $TEST_TMPDIR/erc
# RUN: printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27\x3ci4\x27, \x27fortran_order\x27: False, \x27shape\x27: (2, 1), }                                                          \x0a\x00\x00\x00\x00\x00\x00\x00\x00' > $TEST_TMPDIR/erc/sig.npy
# RUN: not pto-run %s --func=crossed --ranks=2 --in=sig=$TEST_TMPDIR/erc/sig.npy --out-dir=$TEST_TMPDIR/erc/a 2>&1 | FileCheck %s --check-prefix=DEADLOCK
# RUN: not pto-run %s --func=unretired --ranks=2 --in=sig=$TEST_TMPDIR/erc/sig.npy --out-dir=$TEST_TMPDIR/erc/b 2>&1 | FileCheck %s --check-prefix=NONZERO
# RUN: pto-run %s --func=unretired --ranks=2 --check-signals=false --in=sig=$TEST_TMPDIR/erc/sig.npy --out-dir=$TEST_TMPDIR/erc/c 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: not pto-run %s --func=unlowered --ranks=2 --in=sig=$TEST_TMPDIR/erc/sig.npy --out-dir=$TEST_TMPDIR/erc/d 2>&1 | FileCheck %s --check-prefix=UNLOWERED
# RUN: not pto-run %s --func=crossed --ranks=2 --in=sig@2=$TEST_TMPDIR/erc/sig.npy --out-dir=$TEST_TMPDIR/erc/e 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: not pto-run %s --func=crossed --in=sig@0=$TEST_TMPDIR/erc/sig.npy --out-dir=$TEST_TMPDIR/erc/f 2>&1 | FileCheck %s --check-prefix=NORANKS
# RUN: test ! -e $TEST_TMPDIR/erc/a/sig.rank0.npy
# DEADLOCK: deadlock: ranks 0, 1 wait on signal cells that no running rank will change
# DEADLOCK-NEXT: rank 0 waits at {{.*}}errors.py:{{[0-9]+}}:{{[0-9]+}} (pld.system.wait) for sig[1, 0] >= 1; the cell holds 0
# DEADLOCK-NEXT: rank 1 waits at {{.*}} (pld.system.wait) for sig[0, 0] >= 1; the cell holds 0
# DEADLOCK-NEXT: signal cells:
# DEADLOCK-NEXT: sig@0 = [0, 0]
# DEADLOCK-NEXT: sig@1 = [0, 0]
# NONZERO: signal window 'sig' does not end at zero: rank 0 holds [0, 1]
# WARN: pto-run: warning: signal window 'sig' does not end at zero: rank 0 holds [0, 1]
# WARN: pto-run: warning: signal window 'sig' does not end at zero: rank 1 holds [1, 0]
# UNLOWERED: pld.tensor.barrier: the multi-rank simulator runs only lowered collectives: run the lower-composite-ops pass first
# RANK: input 'sig@2': the rank after '@' must be in [0, 2)
# NORANKS: input 'sig@0' names a rank: pass --ranks=N
import pypto.language as pl

@pl.program
class Errors:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def crossed(sig: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        other = 1 - me
        w = pld.system.wait(sig, [other, 0], pl.const(1, pl.INT32), cmp=1)
        a = pld.system.notify(sig, other, [me, 0], pl.const(1, pl.INT32), op=0)
        return me

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def unretired(sig: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        other = 1 - me
        a = pld.system.notify(sig, other, [me, 0], pl.const(1, pl.INT32), op=0)
        w = pld.system.wait(sig, [other, 0], pl.const(1, pl.INT32), cmp=1)
        return me

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def unlowered(sig: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 1], pl.INT32]:
        s2 = pld.tensor.barrier(sig)
        return s2
