# pld.system.wait / notify take a window of any dtype and any scalar, as
# upstream's deducers do. PTO codegen and the interpreter signal INT32 cells
# with integer values only; they reject anything else with a located error
# and write nothing.
#
# RUN: pto-opt %s --passes=none | FileCheck %s --check-prefix=IR
# IR: pld.system.wait(data, [0], pl.const(1, pl.INT32), cmp=0)
# IR: pld.system.notify(data, 0, [1], 2.5, op=1)
#
# RUN: not pto-opt %s --emit=pto > $TEST_TMPDIR/out.pto 2> $TEST_TMPDIR/err.txt
# RUN: FileCheck %s --check-prefix=PTO < $TEST_TMPDIR/err.txt
# RUN: test ! -s $TEST_TMPDIR/out.pto
# PTO: signal_dtypes.py:25:9: error: codegen: pld.system.wait: signal cells must be INT32, got FP32
#
# RUN: rm -rf $TEST_TMPDIR/run && not pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/run/o 2>&1 | FileCheck %s --check-prefix=INTERP
# RUN: test ! -e $TEST_TMPDIR/run/o
# INTERP: signal_dtypes.py:25:9: error: pld.system.wait: the interpreter signals INT32 cells only; the window has FP32 elements
import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class SignalDtypes:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[64], pl.FP32]):
        pld.system.wait(data, offsets=[0], expected=1, cmp=pld.WaitCmp.Eq)
        pld.system.notify(data, 0, [1], 2.5, op=pld.NotifyOp.Set)
