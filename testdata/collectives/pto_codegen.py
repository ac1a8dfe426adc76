# The default pipeline (lower-composite-ops, legalize-tile-cast) lowers a
# mesh allreduce completely: no composite op reaches PTO codegen, whose pld.*
# emitters (codegen/comm_emitters.cc) then need the kernel's CommContext
# pointer. The emitter core does not pass one yet, so emission stops at the
# first primitive with that diagnostic (see codegen/comm_emitters.h); the IR
# that reaches codegen is checked by the first RUN.
#
# RUN: pto-opt %s --concise | FileCheck %s --check-prefix=IR
# RUN: not pto-opt %s --emit=pto 2>&1 | FileCheck %s
#
# IR-LABEL: def k(
# IR: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# IR: pld.tile.remote_load(data2__target_2d_tmp_v4,
# IR-NOT: pld.tensor.allreduce
#
# CHECK: pto_codegen.py:26:17: error: codegen: the CommContext of window 'data' is not available: the kernel signature does not carry one yet
# CHECK-NOT: is a composite op

# pypto.program: PtoCodegen
import pypto.language as pl

@pl.program
class PtoCodegen:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[1, 4097], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, 4097], pl.FP32]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
        return data2
