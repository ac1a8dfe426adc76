# Task submission and call options in orchestration code: pl.submit and
# pl.spmd_submit bind the callee's result and the task's id (through
# _submit_tmp), deps=[...] lists task ids (None, the invalid task, is left
# out), a self.f(...) call keeps device= and attrs={"arg_directions": ...}.
# All print back in upstream's canonical form and re-read to the same IR.
# The interpreter runs a submit when it is submitted, but not one leaving an
# Out param for the runtime to allocate.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
#
# CHECK: _submit_tmp: pl.Tuple{{.*}}, pl.Scalar[pl.TASK_ID]] = pl.submit(self.k, x, y, allow_early_resolve=True)
# CHECK-NEXT: a: pl.Tensor{{.*}} = _submit_tmp[0]
# CHECK-NEXT: t1: pl.Scalar[pl.TASK_ID] = _submit_tmp[1]
# CHECK-NEXT: t0: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()
# CHECK: _submit_tmp_1: pl.Tuple{{.*}} = pl.spmd_submit(self.k, a, deps=[t0, t1], core_num=4, sync_start=True)
# CHECK: c: pl.Tensor{{.*}} = self.k(b, y, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing]})
# CHECK-NEXT: d: pl.Tensor{{.*}} = self.chip(c, device=1)
#
# RUN: not pto-run %s --func=orch --seed=1 --out-dir=$TEST_TMPDIR/o 2>&1 | FileCheck %s --check-prefix=INTERP
# INTERP: task_submit.py:45:{{[0-9]+}}: error: leaving out 'out' for the runtime to allocate in a submit of 'k' is not supported by the interpreter
# RUN: test ! -e $TEST_TMPDIR/o
import pypto.language as pl


@pl.program
class Tasks:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16], pl.FP32], out: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        t = pl.load(x, [0], [16])
        r = pl.store(t, [0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[16], pl.FP32], y: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        a, t1 = pl.submit(self.k, x, y, allow_early_resolve=True)
        t0 = None
        # The runtime allocates an omitted Out parameter.
        b, t2 = pl.spmd_submit(self.k, a, core_num=4, sync_start=True, deps=[t0, t1, None])
        c = self.k(b, y, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing]})
        d = self.chip(c, device=1)
        return d
