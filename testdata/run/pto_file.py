# pto-run runs a PTO module as written: the kernel below, lowered and
# emitted, stores on the PTO interpreter exactly what the IR interpreter
# stores for the lowered program, on the same random inputs (--seed binds
# both alike; the out pointer has no file, so only the kernel's stores
# define it and pto-run warns of nothing), on a5 and a2a3. Pointers bind by the DSL parameter's name
# (the view made of them) or as argN; every pointer's memory is written.
#
# RUN: rm -rf $TEST_TMPDIR/pf && mkdir -p $TEST_TMPDIR/pf
# RUN: pto-opt %s --emit=pto -o $TEST_TMPDIR/pf/k.pto
# RUN: pto-run %s --func=k --passes=default --seed=3 --out-dir=$TEST_TMPDIR/pf/ir
# RUN: pto-run $TEST_TMPDIR/pf/k.pto --seed=3 --out-dir=$TEST_TMPDIR/pf/pto | FileCheck %s --allow-empty --check-prefix=QUIET
# RUN: cmp $TEST_TMPDIR/pf/ir/out.npy $TEST_TMPDIR/pf/pto/out.npy
# RUN: ls $TEST_TMPDIR/pf/pto | FileCheck %s --check-prefix=FILES
# RUN: pto-opt %s --emit=pto --backend=a2a3 -o $TEST_TMPDIR/pf/k2.pto
# RUN: pto-run %s --func=k --passes=default --backend=a2a3 --in=x=$TEST_TMPDIR/pf/pto/x.npy --out-dir=$TEST_TMPDIR/pf/ir2
# RUN: pto-run $TEST_TMPDIR/pf/k2.pto --func=k --in=x=$TEST_TMPDIR/pf/pto/x.npy --out-dir=$TEST_TMPDIR/pf/pto2 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
# RUN: cmp $TEST_TMPDIR/pf/ir2/out.npy $TEST_TMPDIR/pf/pto2/out.npy
#
# Errors: an unknown parameter, a pass pipeline, a PTO error at its place.
# RUN: not pto-run $TEST_TMPDIR/pf/k.pto --in=y=$TEST_TMPDIR/pf/ir/out.npy --out-dir=$TEST_TMPDIR/pf/e 2>&1 | FileCheck %s --check-prefix=NAME
# RUN: not pto-run $TEST_TMPDIR/pf/k.pto --passes=default --out-dir=$TEST_TMPDIR/pf/e 2>&1 | FileCheck %s --check-prefix=PASSES
# RUN: sed 's/pto.tmuls/pto.tmulz/' $TEST_TMPDIR/pf/k.pto > $TEST_TMPDIR/pf/bad.pto
# RUN: not pto-run $TEST_TMPDIR/pf/bad.pto --seed=1 --out-dir=$TEST_TMPDIR/pf/e 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: test ! -e $TEST_TMPDIR/pf/e
#
# QUIET-NOT: warning
# FILES: out.npy
# FILES-NEXT: x.npy
# NAME: error: function 'k' has no parameter 'y'; its parameters: arg0 or x, arg1 or out
# PASSES: error: --passes applies to DSL programs; a PTO module runs as written
# BAD: bad.pto:{{[0-9]+}}:{{[0-9]+}}: error: unknown op 'pto.tmulz': not in the PTO grammar we target
# BAD-NEXT: pto.tmulz ins(

# pypto.program: PtoFile
import pypto.language as pl

@pl.program
class PtoFile:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        t = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        s = pl.tile.sin(t)
        scaled = pl.tile.muls(s, 100.0)
        q = pl.tile.cast(scaled, target_type=pl.INT8, mode='round')
        h = pl.tile.cast(q, target_type=pl.FP16, mode='none')
        o = pl.tile.store(h, [0, 0], out)
        return o
