# A mesh collective given a ring allreduce's signal ([2*(NR-1), NR], here
# [4, 3] for NR = 3) reports the mesh-signal rule at the call, not a dim-0
# mismatch with the target's NR: the deducer compares dim 0 with NR only for
# a signal shaped [NR, 1] and leaves every other shape to the lowering.
#
# RUN: not pto-opt %s --passes=lower-composite-ops 2>&1 | FileCheck %s
# RUN: pto-opt %s --passes=none | FileCheck %s --check-prefix=PARSED
#
# CHECK: mesh_signal_shape.py:19:17: error: pld.tensor.reduce_scatter: signal shape[1] must be 1 (one cell per rank), got 3; a signal shaped for mode="ring" allreduce ([2*(NR-1), NR]) cannot be shared with this collective; give it its own [NR, 1] signal window
# PARSED: = pld.tensor.reduce_scatter(data, signal, op=1)

# pypto.program: MeshSignalShape
import pypto.language as pl

@pl.program
class MeshSignalShape:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[3, 17], pl.FP32], signal: pld.DistributedTensor[[4, 3], pl.INT32]) -> pld.DistributedTensor[[3, 17], pl.FP32]:
        data2 = pld.tensor.reduce_scatter(data, signal, op=1)
        return data2
