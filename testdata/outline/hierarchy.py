# OutlineHierarchyScopes: a pl.at scope above CORE_GROUP becomes an Opaque
# function at the scope's level and role, named <parent>_<level>[_<role>]_<n>
# with one counter per parent; a scope nested in it is outlined from the new
# function, so the names chain. A CORE_GROUP scope is left to
# OutlineIncoreScopes. A task-id scope becomes a pl.submit binding the task
# id. The interpreter gives the same result before and after.
#
# RUN: pto-opt %s --passes=convert-to-ssa,outline-hierarchy-scopes --backend=none | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/oh && mkdir -p $TEST_TMPDIR/oh
# RUN: pto-run %s --func=main --backend=none --seed=3 --out-dir=$TEST_TMPDIR/oh/direct
# RUN: pto-run %s --func=main --backend=none --seed=3 --passes=convert-to-ssa,outline-hierarchy-scopes --out-dir=$TEST_TMPDIR/oh/outlined
# RUN: cmp $TEST_TMPDIR/oh/direct/ret0.npy $TEST_TMPDIR/oh/outlined/ret0.npy
# RUN: sed -e 's/role=pl.Role.Worker):/role=pl.Role.Worker) as tid:/' %s > %t.py
# RUN: pto-opt %t.py --passes=convert-to-ssa,OutlineHierarchyScopes --backend=none | FileCheck %s --check-prefix=TID
#
# CHECK: @pl.function(level=pl.Level.CHIP)
# CHECK-NEXT: def main_chip_0(self, x: pl.Tensor{{.*}}) -> pl.Tensor
# CHECK: @pl.function(level=pl.Level.HOST, role=pl.Role.Worker)
# CHECK-NEXT: def main_global_orch_1_host_worker_0(self, y: pl.Tensor
# CHECK: @pl.function(level=pl.Level.GLOBAL, role=pl.Role.Orchestrator)
# CHECK-NEXT: def main_global_orch_1(self, a: pl.Tensor
# CHECK: z: pl.Tensor{{.*}} = self.main_global_orch_1_host_worker_0(y, x)
# CHECK: def main(self, x: pl.Tensor
# CHECK-NEXT: a: pl.Tensor{{.*}} = self.main_chip_0(x)
# CHECK-NEXT: z: pl.Tensor{{.*}} = self.main_global_orch_1(a, x)
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP):
#
# TID: ret: pl.Tuple{{.*}}, pl.Scalar[pl.TASK_ID]] = pl.submit(self.main_global_orch_1_host_worker_0, y, x)
# TID-NEXT: z: pl.Tensor{{.*}} = ret[0]
# TID-NEXT: tid: pl.Scalar[pl.TASK_ID] = ret[1]
# TID-NOT: task_invalid

import pypto.language as pl

@pl.program
class Hierarchy:
    @pl.function
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.at(level=pl.Level.CHIP):
            a: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.adds(x, 1.0)
        with pl.at(level=pl.Level.GLOBAL, role=pl.Role.Orchestrator):
            y: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.mul(a, a)
            with pl.at(level=pl.Level.HOST, role=pl.Role.Worker):
                z: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.add(y, x)
        with pl.at(level=pl.Level.CORE_GROUP):
            r: pl.Tensor[[16, 16], pl.FP32] = pl.tensor.muls(z, 0.5)
        return r
