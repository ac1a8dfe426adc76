# deps= naming elements of a TASK_ID array, as upstream reads it: written
# one by one (`tids[2 * k]`) or as a comprehension unrolled when the program
# is read (`[tids[k] for k in range(K) if k != SKIP]`, also over a module
# list), the entries fill a fresh TASK_ID array slot by slot before the
# statement, and the submit / task_dummy / pl.at depends on that array. A
# list of plain TaskIds stays as written. The print reads back as itself.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: def main(
# CHECK: _submit_tmp_1: {{.*}} = pl.submit(self.producer, x, deps=[seed_tid])
# CHECK: _submit_deps_buf: pl.Array[3, pl.TASK_ID] = pl.array.create(3, dtype=pl.TASK_ID)
# CHECK-NEXT: _submit_deps_buf_1: pl.Array[3, pl.TASK_ID] = pl.array.update_element(_submit_deps_buf, 0, seed_tid)
# CHECK-NEXT: _submit_deps_buf_2: pl.Array[3, pl.TASK_ID] = pl.array.update_element(_submit_deps_buf_1, 1, pl.array.get_element(tids, 2 * k))
# CHECK-NEXT: _submit_deps_buf_3: pl.Array[3, pl.TASK_ID] = pl.array.update_element(_submit_deps_buf_2, 2, pl.array.get_element(tids, 2 * k + 1))
# CHECK-NEXT: _submit_tmp_2: {{.*}} = pl.submit(self.consumer, x, deps=[_submit_deps_buf_3])
# CHECK: _submit_deps_buf_4: pl.Array[3, pl.TASK_ID] = pl.array.create(3, dtype=pl.TASK_ID)
# CHECK-NEXT: _submit_deps_buf_5: {{.*}} = pl.array.update_element(_submit_deps_buf_4, 0, pl.array.get_element(tids, 0))
# CHECK-NEXT: _submit_deps_buf_6: {{.*}} = pl.array.update_element(_submit_deps_buf_5, 1, pl.array.get_element(tids, 2))
# CHECK-NEXT: _submit_deps_buf_7: {{.*}} = pl.array.update_element(_submit_deps_buf_6, 2, pl.array.get_element(tids, 3))
# CHECK-NEXT: _submit_tmp_3: {{.*}} = pl.submit(self.consumer, x, deps=[_submit_deps_buf_7])
# CHECK: _submit_deps_buf_8: pl.Array[2, pl.TASK_ID] = pl.array.create(2, dtype=pl.TASK_ID)
# CHECK-NEXT: _submit_deps_buf_9: {{.*}} = pl.array.update_element(_submit_deps_buf_8, 0, pl.array.get_element(tids, 3))
# CHECK-NEXT: _submit_deps_buf_10: {{.*}} = pl.array.update_element(_submit_deps_buf_9, 1, pl.array.get_element(tids, 1))
# CHECK-NEXT: fence: pl.Scalar[pl.TASK_ID] = pl.system.task_dummy(deps=[_submit_deps_buf_10])
# CHECK: _submit_deps_buf_11: pl.Array[4, pl.TASK_ID] = pl.array.create(4, dtype=pl.TASK_ID)
# CHECK: with pl.at(level=pl.Level.CORE_GROUP, deps=[_submit_deps_buf_15]):
import pypto.language as pl

K = 4
SKIP = 1
ORDER = [3, 1]


@pl.program
class DepsElements:
    @pl.function(type=pl.FunctionType.InCore)
    def producer(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.InCore)
    def consumer(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.manual_scope():
            seed, seed_tid = pl.submit(self.producer, x)
            tids = pl.array.create(K, pl.TASK_ID)
            for n in pl.parallel(K):
                a, t = pl.submit(self.producer, x, deps=[seed_tid, None])
                tids[n] = t
            for k in pl.parallel(2):
                b, _ = pl.submit(self.consumer, x, deps=[seed_tid, tids[2 * k], tids[2 * k + 1]])
            c, _ = pl.submit(self.consumer, x, deps=[tids[k] for k in range(K) if k != SKIP])
            fence = pl.system.task_dummy(deps=[tids[i] for i in ORDER])
        with pl.at(level=pl.Level.CORE_GROUP, deps=[tids[j] for j in range(4)]):
            y: pl.Tensor[[64], pl.FP32] = c
        return y
