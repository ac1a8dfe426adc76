# Data before signal. A cross-rank write is released before any later
# notify can signal it: after pto.comm.tput the tail pipe barrier drains the
# DMA, pto.cmo.cacheinvalid takes the written peer region out of the data
# cache and pto.fence.barrier_all #pto.fence_scope<gm> makes the write
# observable in DDR. A pld.tile.get that fills a window is released the same
# way (on the local region it wrote); one into a plain tensor is not. So is
# a pl.tile.store into a window (a peer may remote_load it once signalled),
# with no barrier: the fence drains the store pipe. The notify needs only its
# own barrier; a wait is followed by a whole-GM cacheinvalid so the reads
# after it see the peer's data.
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# CHECK-LABEL: func.func @publish(
# CHECK: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.comm.tput(%out_peer_pview, %inp_pview, buf(%stage) : {{.*}}) {atomicType = #pto<atomic_type atomic_add>}
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %out_peer_pview single_cache_line : !pto.partition_tensor_view<1x64xf32>
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tget(%win_pview, %out_peer_pview_1, buf(%stage) : {{.*}})
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %win_pview single_cache_line : !pto.partition_tensor_view<1x64xf32>
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tget(%plain_pview, %out_peer_pview_2, buf(%stage) : {{.*}})
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NOT: pto.cmo
# CHECK-NOT: pto.fence
# CHECK: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.comm.tnotify(%sig_cell_pview, %c1_i32 : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
# CHECK-NOT: pto.fence
# CHECK: pto.comm.twait(%sig_cell_pview_1, %c1_i32 : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
# CHECK-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm>
# CHECK-NEXT: = pto.partition_view %win,
# CHECK-NEXT: pto.tload
# CHECK-NOT: pto.fence
# CHECK: return
#
# A store into a plain tensor is not released; one into a window is, on the
# region it wrote, before the notify.
# CHECK-LABEL: func.func @store_publish(
# CHECK: pto.tstore ins(%t : {{.*}}) outs(%plain_pview : !pto.partition_tensor_view<1x64xf32>)
# CHECK-NEXT: %out_pview = pto.partition_view %out, offsets = [%c1, %c0], sizes = [%c1, %c64]
# CHECK-NEXT: pto.tstore ins(%t : {{.*}}) outs(%out_pview : !pto.partition_tensor_view<1x64xf32>) {atomicType = #pto<atomic_type atomic_add>}
# CHECK-NEXT: pto.cmo.cacheinvalid %out_pview single_cache_line : !pto.partition_tensor_view<1x64xf32>
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.comm.tnotify(
# CHECK: return
#
# The ring allreduce pushes with TPUT: every push is released before the
# push-done notify. Each reduce-scatter step stores its sum into the window
# (the next step pushes it on) and releases it too.
# CHECK-LABEL: func.func @ring(
# CHECK: pto.comm.tput(
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %data2__target_2d_tmp_v5_peer_pview single_cache_line : !pto.partition_tensor_view<1x?xf16>
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tnotify(
# CHECK: pto.tstore ins(%data2__acc_rs_next_tmp_v41 : {{.*}}) outs(%data2__target_2d_tmp_v5_pview_4 : !pto.partition_tensor_view<1x?xf16>)
# CHECK-NEXT: pto.cmo.cacheinvalid %data2__target_2d_tmp_v5_pview_4 single_cache_line : !pto.partition_tensor_view<1x?xf16>
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tput(
# CHECK-NEXT: pto.barrier <PIPE_ALL>
# CHECK-NEXT: pto.cmo.cacheinvalid %data2__target_2d_tmp_v5_peer_pview_1 single_cache_line : !pto.partition_tensor_view<1x?xf16>
# CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# CHECK: pto.comm.tnotify(

# pypto.program: Publish
import pypto.language as pl

@pl.program
class Publish:
    @pl.function(type=pl.FunctionType.InCore)
    def publish(out: pld.DistributedTensor[[2, 64], pl.FP32], inp: pl.Tensor[[1, 64], pl.FP32], win: pld.DistributedTensor[[1, 64], pl.FP32], plain: pl.Tensor[[1, 64], pl.FP32], sig: pld.DistributedTensor[[2, 1], pl.INT32], peer: pl.Scalar[pl.INDEX]) -> pl.Tensor[[1, 64], pl.FP32]:
        stage = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pld.tile.put(out, peer, inp, stage, [peer, 0], [0, 0], [1, 64], atomic=1)
        pld.tile.get(win, peer, out, stage, [0, 0], [1, 0], [1, 64])
        pld.tile.get(plain, peer, out, stage, [0, 0], [0, 0], [1, 64])
        pld.system.notify(sig, peer, [peer, 0], 1, op=1)
        pld.system.wait(sig, [peer, 0], 1, cmp=1)
        t = pl.tile.load(win, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        r = pl.tile.store(t, [0, 0], plain)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def store_publish(out: pld.DistributedTensor[[2, 64], pl.FP32], inp: pl.Tensor[[1, 64], pl.FP32], plain: pl.Tensor[[1, 64], pl.FP32], sig: pld.DistributedTensor[[2, 1], pl.INT32], peer: pl.Scalar[pl.INDEX]) -> pld.DistributedTensor[[2, 64], pl.FP32]:
        t = pl.tile.load(inp, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Vec)
        p = pl.tile.store(t, [0, 0], plain)
        r = pl.tile.store(t, [1, 0], out, atomic=pl.AtomicType.Add)
        pld.system.notify(sig, peer, [peer, 0], 1, op=0)
        return r

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def ring(data: pld.DistributedTensor[[1, 17], pl.FP16], signal: pld.DistributedTensor[[2, 2], pl.INT32]) -> pld.DistributedTensor[[1, 17], pl.FP16]:
        data2 = pld.tensor.allreduce(data, signal, op=0, mode='ring', core_num=1)
        return data2
