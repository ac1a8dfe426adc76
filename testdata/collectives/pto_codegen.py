# The default pipeline (lower-composite-ops, legalize-tile-cast) lowers a
# mesh allreduce completely, and PTO codegen emits the kernel: each window
# parameter brings its CommContext pointer argument, the barriers become
# pto.comm.tnotify / pto.comm.twait loops, and the chunk loop reduces remote
# loads into the local tile.
#
# RUN: pto-opt %s --concise | FileCheck %s --check-prefix=IR
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# IR-LABEL: def k(
# IR: data2__ctx_tmp_v0 = pld.system.get_comm_ctx(data)
# IR: pld.tile.remote_load(data2__target_2d_tmp_v4,
# IR-NOT: pld.tensor.allreduce
#
# CHECK: func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<i32>, %data_ctx: !pto.ptr<i64>, %signal_ctx: !pto.ptr<i64>)
# CHECK: pto.load_scalar %data_ctx
# CHECK: scf.for
# CHECK: pto.comm.tnotify({{.*}}) {notifyOp = #pto<notify_op atomic_add>}
# CHECK: pto.comm.twait({{.*}}) {cmp = #pto<wait_cmp ge>}
# CHECK: scf.for {{.*}} = %c0 to %c4097 step %c4096
# CHECK: pto.tload
# CHECK: pto.tadd
# CHECK: pto.tstore
# CHECK-NOT: pld.

# pypto.program: PtoCodegen
import pypto.language as pl

@pl.program
class PtoCodegen:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(data: pld.DistributedTensor[[1, 4097], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, 4097], pl.FP32]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
        return data2
