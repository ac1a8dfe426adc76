# pl.TASK_ID is a scalar-only dtype: a tensor or tile of task ids is an
# error, from the verifier for an annotation and from the deducer for an op
# that would make one (before this, pto-run aborted on tile.add of such
# tiles).
#
# RUN: not pto-opt %s 2>&1 | FileCheck %s
# CHECK: task_id_elements.py:25:17: error: 'x' has type pl.Tensor{{\[\[}}16, 16], pl.TASK_ID]: a task id is a scalar-only dtype (tensors and tiles cannot hold it; use pl.Array)
#
# RUN: rm -rf $TEST_TMPDIR/run && not pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/run/o 2>&1 | FileCheck %s --check-prefix=RUNNER
# RUNNER: error: 'x' has type
# RUN: test ! -e $TEST_TMPDIR/run/o
#
# RUN: sed 's/^        return x$/        t: pl.Tile[[16, 16], pl.TASK_ID, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)\n        return x/' %s > $TEST_TMPDIR/load.py
# RUN: not pto-opt $TEST_TMPDIR/load.py 2>&1 | FileCheck %s --check-prefix=LOAD
# LOAD: load.py:26:56: error: tile.load: a TASK_ID is a scalar-only dtype; no tensor or tile holds it
import pypto.language as pl

# A scalar task id and an array of them are fine.
@pl.program
class TaskIdTensors:
    @pl.function
    def ok(self, t: pl.Scalar[pl.TASK_ID], a: pl.Array[4, pl.TASK_ID]) -> pl.Scalar[pl.TASK_ID]:
        return t
    @pl.function
    def k(self, x: pl.Tensor[[16, 16], pl.TASK_ID]) -> pl.Tensor[[16, 16], pl.TASK_ID]:
        return x
