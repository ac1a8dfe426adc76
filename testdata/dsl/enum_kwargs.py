# Enum members as kwarg values: pl.PipeType.X (an int kwarg in the IR) and
# pld.AtomicType.X (pl.AtomicType under its distributed name). Pipes and an
# int `atomic` print as upstream's printer spells them.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
# CHECK-NEXT: pl.system.sync_dst(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=1)
# CHECK-NEXT: pl.system.sync_set(pipe=pl.PipeType.MTE3, event_id=3)
# CHECK-NEXT: pl.system.sync_wait(e, pipe=pl.PipeType.FIX)
# CHECK: pld.tile.put(out, peer, inp, stage, [peer, 0], [0, 0], [1, 64], atomic=pl.AtomicType.Add)
# CHECK-NEXT: pld.tile.put(out, peer, inp, stage, [peer, 0], [0, 0], [1, 64], atomic=pl.AtomicType.None_)
# CHECK: pl.tile.store(t, [0, 0], plain, atomic=pl.AtomicType.Add)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class EnumKwargs:
    @pl.function(type=pl.FunctionType.InCore)
    def main(
        self,
        out: pld.DistributedTensor[[2, 64], pl.FP32],
        inp: pl.Tensor[[1, 64], pl.FP32],
        plain: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        peer: pl.Scalar[pl.INDEX],
        e: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        pl.system.sync_src(set_pipe=pl.PipeType.MTE2, wait_pipe=pl.PipeType.V, event_id=0)
        pl.system.sync_dst(set_pipe=pl.PipeType.MTE1, wait_pipe=pl.PipeType.M, event_id=1)
        pl.system.sync_set(pipe=pl.PipeType.MTE3, event_id=3)
        pl.system.sync_wait(e, pipe=pl.PipeType.FIX)
        stage = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pld.tile.put(out, peer, inp, stage, [peer, 0], [0, 0], [1, 64], atomic=pld.AtomicType.Add)
        pld.tile.put(out, peer, inp, stage, [peer, 0], [0, 0], [1, 64], atomic=pld.AtomicType.None_)
        t = pl.load(inp, [0, 0], [1, 64])
        res = pl.tile.store(t, [0, 0], plain, atomic=pld.AtomicType.Add)
        return res
