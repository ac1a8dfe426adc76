# A pair absent from both columns fails with src, dst, arch and location, and
# writes no output.
#
# RUN: not pto-opt %s --backend=a5 --passes=legalize-tile-cast 2>&1 | FileCheck %s
# RUN: not pto-opt %s --backend=a5 --passes=legalize-tile-cast -o %s.out
# RUN: test ! -e %s.out
#
# CHECK: unreachable.py:20:13: error: LegalizeTileCast: no native cast path from uint32 to fp32 for arch a5; pto.tcvt does not support this conversion
# CHECK-NEXT: {{^ +}}c = pl.tile.cast(x, target_type=pl.FP32, mode='none'){{$}}
# CHECK-NEXT: {{^ +\^$}}

# pypto.program: Unreachable
import pypto.language as pl

@pl.program
class Unreachable:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(xs: pl.Tensor[[16, 16], pl.UINT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.tile.load(xs, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c = pl.tile.cast(x, target_type=pl.FP32, mode='none')
        r = pl.tile.store(c, [0, 0], out)
        return r
