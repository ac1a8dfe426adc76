# A SubWorker at HOST level or above whose body is a bare `...` is an
# abstract, runtime-bound callback (upstream's requires_runtime_binding): its
# body is empty and it prints back as `...` (a fixed point), after its
# pl.func_attr prologue. An external_source kernel may also be written with
# `...` (it prints `pass`, as before). `...` elsewhere is an error. Codegen
# and the interpreter reject the callback, naming it, with no output.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/abs_once.py
# RUN: pto-opt $TEST_TMPDIR/abs_once.py --passes=none | diff $TEST_TMPDIR/abs_once.py -
# RUN: not pto-opt %s --passes=none --emit=pto -o $TEST_TMPDIR/abs.pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# RUN: test ! -e $TEST_TMPDIR/abs.pto
# RUN: rm -rf $TEST_TMPDIR/abs_run && mkdir -p $TEST_TMPDIR/abs_run
# RUN: not pto-run %s --func=on_result --seed=1 --out-dir=$TEST_TMPDIR/abs_run 2>&1 | FileCheck %s --check-prefix=INTERP
# RUN: printf 'import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    def f(self): ...\n' > $TEST_TMPDIR/abs_bad.py
# RUN: not pto-opt $TEST_TMPDIR/abs_bad.py 2>&1 | FileCheck %s --check-prefix=BAD
#
# Functions print sorted by name: mm before on_result.
# CHECK: def mm(a: pl.Tensor{{\[\[}}16, 16], pl.FP16]):
# CHECK-NEXT: {{^        pass$}}
# CHECK: @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
# CHECK-NEXT: def on_result(x: pl.Tensor{{\[\[}}8], pl.FP32]) -> pl.Tensor{{\[\[}}8], pl.FP32]:
# CHECK-NEXT: pl.func_attr({"tag": 3})
# CHECK-NEXT: {{^        \.\.\.$}}
# CODEGEN: error: codegen: function 'on_result' is an abstract SubWorker (a `...` body the runtime binds): nothing to emit
# INTERP: error: function 'on_result' is an abstract SubWorker (a `...` body the runtime binds): the interpreter cannot run it
# BAD: abs_bad.py:5:18: error: a `...` body is only allowed on a SubWorker at level HOST or above
import pypto.language as pl


@pl.program
class AbstractSubWorker:
    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)
    def on_result(x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        pl.func_attr({"tag": 3})
        # Bound at run time.
        ...

    @pl.function(type=pl.FunctionType.AIC, external_source="kernels/mm.cpp")
    def mm(self, a: pl.Tensor[[16, 16], pl.FP16]): ...
