# A put's region comes whole, after the stages; a second stage is the
# first one's twin. Each call is rejected where it stands, naming the op,
# and nothing is printed.
#
# RUN: not pto-opt %s --passes=none 2>&1 | FileCheck %s
# RUN: test -z "$(pto-opt %s --passes=none 2>/dev/null)"
#
# CHECK: transfer_stages_errors.py:[[#@LINE+12]]:9: error: pld.tile.put: stage2 shape [1, 32] must equal the stage's [1, 64] (the two ping-pong staging tiles are twins)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TransferStagesErrors:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, out: pld.DistributedTensor[[2, 64], pl.FP32], inp: pl.Tensor[[2, 64], pl.FP32], peer: pl.Scalar[pl.INDEX]):
        ping = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        small = pl.tile.create([1, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pld.tile.put(out, peer, inp, ping, [0, 0], [1, 0], [1, 64])
        pld.tile.put(out, peer, inp, ping, small)
        return
