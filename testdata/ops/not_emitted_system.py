# An op #20 registers for parsing and the passes only: codegen and the
# reference interpreter reject it up front with a located error naming the
# op, and write nothing.
#
# RUN: pto-opt %s | FileCheck %s --check-prefix=IR
# IR: pl.system.bar_v()
#
# RUN: not pto-opt %s --emit=pto > $TEST_TMPDIR/out.pto 2> $TEST_TMPDIR/err.txt
# RUN: FileCheck %s --check-prefix=PTO < $TEST_TMPDIR/err.txt
# RUN: test ! -s $TEST_TMPDIR/out.pto
# PTO: not_emitted_system.py:23:9: error: codegen: system.bar_v has no PTO emitter (in function 'k')
#
# RUN: rm -rf $TEST_TMPDIR/run && not pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/run/o 2>&1 | FileCheck %s --check-prefix=INTERP
# RUN: test ! -e $TEST_TMPDIR/run/o
# INTERP: not_emitted_system.py:23:9: error: system.bar_v: the reference interpreter has no kernel for this op (not simulated yet (#20 registers it for parsing and passes only)) (in function 'k')
import pypto.language as pl

@pl.program
class NotEmitted:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        pl.system.bar_v()
        r: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(a, [0, 0], out)
        return r
