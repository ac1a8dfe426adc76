# Ping-pong staging: a pld.tile.put / pld.tile.get with a second staging
# tile passes both bounce tiles in one buf(...) group, each adding its
# tile_buf type after the two partition views' (PTO's two-buffer tput /
# tget); the region, when given, follows the stages in the IR call.
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# CHECK: %ping = pto.alloc_tile : [[T:!pto.tile_buf<loc=vec, dtype=f16, rows=4, cols=32, [^>]*>]]
# CHECK: %pong = pto.alloc_tile : [[T]]
# CHECK: pto.comm.tput(%dst_peer_pview, %src_pview, buf(%ping, %pong) : !pto.partition_tensor_view<16x64xf16>, !pto.partition_tensor_view<16x64xf16>, [[T]], [[T]]) {atomicType = #pto<atomic_type atomic_none>}
# CHECK: %dst_peer_pview_1 = pto.partition_view %dst_peer_1, offsets = [%c8, %c0], sizes = [%c8, %c64]
# CHECK: pto.comm.tput(%dst_peer_pview_1, %src_pview_1, buf(%ping, %pong) : !pto.partition_tensor_view<8x64xf16>, !pto.partition_tensor_view<8x64xf16>, [[T]], [[T]]) {atomicType = #pto<atomic_type atomic_add>}
# CHECK: pto.comm.tget(%src_pview_2, %dst_peer_pview_2, buf(%ping, %pong) : !pto.partition_tensor_view<16x64xf16>, !pto.partition_tensor_view<16x64xf16>, [[T]], [[T]])
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TransferStages:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]],
        src: pl.Tensor[[16, 64], pl.FP16],
        peer: pl.Scalar[pl.INT32],
    ):
        ping = pl.tile.create([4, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        pong = pl.tile.create([4, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        pld.tile.put(dst, peer, src, ping, pong)
        pld.tile.put(dst, peer, src, ping, pong, [8, 0], [0, 0], [8, 64], atomic=pld.AtomicType.Add)
        pld.tile.get(src, peer, dst, ping, pong)
        return
