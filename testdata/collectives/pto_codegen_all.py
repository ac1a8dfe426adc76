# Every collective, once lowered by the default pipeline, emits PTO: barrier,
# broadcast, allgather, all_to_all, all_to_all_v, reduce_scatter and
# allreduce (mesh and ring). Each kernel keeps its signal protocol
# (pto.comm.tnotify / pto.comm.twait) and no pld op survives; every
# cross-rank write is released (cacheinvalid + GM fence) before the next
# notify, and every wait invalidates before the reads it guards.
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# CHECK-LABEL: func.func @barrier(
# CHECK: pto.comm.tnotify(
# CHECK: pto.comm.twait(
# CHECK-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm>
# CHECK: pto.comm.tnotify(
# CHECK-LABEL: func.func @broadcast(
# CHECK: pto.comm.twait(
# CHECK: pto.comm.tget(%data_pview, %data_peer_pview,
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %data_pview single_cache_line
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tnotify(
# CHECK-LABEL: func.func @allgather(
# CHECK: pto.comm.tput(%out_peer_pview,
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %out_peer_pview single_cache_line
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tnotify(
# CHECK: pto.comm.twait(
# CHECK-LABEL: func.func @all_to_all(
# CHECK: pto.comm.tput(%out_peer_pview,
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %out_peer_pview single_cache_line
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tnotify(
# CHECK: pto.comm.twait(
# CHECK-LABEL: func.func @all_to_all_v(
# CHECK: pto.comm.tnotify(
# CHECK: pto.comm.twait(
# CHECK: pto.comm.tput(%out_peer_pview,
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %out_peer_pview single_cache_line
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tnotify(
# CHECK-LABEL: func.func @reduce_scatter(
# CHECK: pto.comm.twait(
# CHECK: pto.tload ins(%data_peer_pview
# CHECK: pto.comm.tnotify(
# CHECK-LABEL: func.func @allreduce_mesh(
# CHECK: pto.comm.twait(
# CHECK: pto.tload ins(%data2__target_2d_tmp_v4_peer_pview
# CHECK: pto.comm.tnotify(
# CHECK-LABEL: func.func @allreduce_ring(
# CHECK: pto.comm.twait(
# CHECK: pto.comm.tput(
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tnotify(
# CHECK-NOT: pld.

# pypto.program: AllCollectives
import pypto.language as pl

@pl.program
class AllCollectives:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def barrier(signal: pld.DistributedTensor[[4, 1], pl.INT32]) -> pld.DistributedTensor[[4, 1], pl.INT32]:
        signal1 = pld.tensor.barrier(signal)
        return signal1

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def broadcast(data: pld.DistributedTensor[[1, 17], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, 17], pl.FP32]:
        data2 = pld.tensor.broadcast(data, signal, root=1)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def allgather(inp: pl.Tensor[[1, 17], pl.FP32], out: pld.DistributedTensor[[2, 17], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 17], pl.FP32]:
        out2 = pld.tensor.allgather(inp, out, signal)
        return out2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def all_to_all(inp: pl.Tensor[[2, 64], pl.FP16], out: pld.DistributedTensor[[2, 64], pl.FP16], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 64], pl.FP16]:
        out2 = pld.tensor.all_to_all(inp, out, signal)
        return out2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def all_to_all_v(inp: pl.Tensor[[6, 16], pl.FP32], out: pld.DistributedTensor[[6, 16], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32], counts: pl.Tensor[[2], pl.INT32], recv: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[6, 16], pl.FP32]:
        out2 = pld.tensor.all_to_all_v(inp, out, signal, counts, recv)
        return out2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def reduce_scatter(data: pld.DistributedTensor[[2, 17], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 17], pl.FP32]:
        data2 = pld.tensor.reduce_scatter(data, signal, op=1)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def allreduce_mesh(data: pld.DistributedTensor[[1, 4097], pl.FP32], signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[1, 4097], pl.FP32]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
        return data2

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def allreduce_ring(data: pld.DistributedTensor[[1, 17], pl.FP16], signal: pld.DistributedTensor[[2, 2], pl.INT32]) -> pld.DistributedTensor[[1, 17], pl.FP16]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='ring', core_num=1)
        return data2
