# A ring allreduce's signal must be [2*(NR-1), NR], NR being the group's rank
# count, which only the run time knows. A [4, 1] signal is reported with
# what each of its dims fits (4 rows: NR = 3; 1 column: NR = 1), never with
# an expectation derived from the shape being rejected.
#
# RUN: not pto-opt %s --passes=lower-composite-ops 2>&1 | FileCheck %s
#
# CHECK: ring_signal_shape.py:17:17: error: pld.tensor.allreduce: mode="ring" signal shape [4, 1] must be [2*(NR-1), NR] for the group's rank count NR (one row per ring round, one column per rank); its dims disagree: 4 rows fit NR = 3 (shape [4, 3]), 1 column fits NR = 1 (shape [0, 1])

# pypto.program: RingSignalShape
import pypto.language as pl

@pl.program
class RingSignalShape:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[1, 17], pl.FP32], signal: pld.DistributedTensor[[4, 1], pl.INT32]) -> pld.DistributedTensor[[1, 17], pl.FP32]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='ring', core_num=1)
        return data2
