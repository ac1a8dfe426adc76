# pld.tile.put / pld.tile.get with one or two staging tiles, whole or by
# region, written as upstream's wrappers take them: a second stage
# (ping-pong staging) right after the first, the region after the stages
# by position or by name, atomic keyword-only and None_ when left out.
# Each prints positionally, 4, 5, 7 or 8 operands.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: pld.tile.put(out, peer, inp, ping, atomic=pl.AtomicType.None_)
# CHECK-NEXT: pld.tile.put(out, peer, inp, ping, pong, atomic=pl.AtomicType.None_)
# CHECK-NEXT: pld.tile.put(out, peer, inp, ping, pong, [peer, 0], [1, 0], [1, 64], atomic=pl.AtomicType.Add)
# CHECK: pld.tile.put(out, peer, inp, ping, [0, 0], [1, 0], [1, 64], atomic=pl.AtomicType.None_)
# CHECK-NEXT: pld.tile.put(out, peer, inp, ping, [0, 0], [0, 0], [1, 64], atomic=pl.AtomicType.Add)
# CHECK-NEXT: pld.tile.put(out, peer, inp, ping, pong, [1, 0], [0, 0], [1, 64], atomic=pl.AtomicType.None_)
# CHECK-NEXT: pld.tile.put(out, peer, inp, ping, pong, atomic=pl.AtomicType.None_)
# CHECK-NEXT: pld.tile.get(inp, peer, out, ping, pong)
# CHECK-NEXT: pld.tile.get(inp, peer, out, ping, pong, [0, 0], [1, 0], [1, 64])
# CHECK-NEXT: pld.tile.get(inp, peer, out, ping, [1, 0], [0, 0], [1, 64])
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TransferStages:
    @pl.function(type=pl.FunctionType.InCore)
    def main(
        self,
        out: pld.DistributedTensor[[2, 64], pl.FP32],
        inp: pl.Tensor[[2, 64], pl.FP32],
        peer: pl.Scalar[pl.INDEX],
    ):
        ping = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pong = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pld.tile.put(out, peer, inp, ping)
        pld.tile.put(out, peer, inp, ping, pong)
        pld.tile.put(out, peer, inp, ping, pong, [peer, 0], [1, 0], [1, 64], atomic=pld.AtomicType.Add)
        # The canonical one-stage region: the first list starts the region.
        pld.tile.put(out, peer, inp, ping, [0, 0], [1, 0], [1, 64])
        pld.tile.put(out, peer, inp, ping, dst_offsets=[0, 0], src_offsets=[0, 0], shape=[1, 64], atomic=pld.AtomicType.Add)
        pld.tile.put(out, peer, inp, ping, stage2=pong, dst_offsets=[1, 0], src_offsets=[0, 0], shape=[1, 64])
        pld.tile.put(dst=out, peer=peer, src=inp, stage=ping, stage2=pong)
        pld.tile.get(inp, peer, out, ping, pong)
        pld.tile.get(inp, peer, out, ping, pong, [0, 0], [1, 0], [1, 64])
        pld.tile.get(inp, peer, out, ping, [1, 0], [0, 0], [1, 64])
        return
