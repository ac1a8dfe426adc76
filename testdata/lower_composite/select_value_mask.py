# tile.select takes the packed predicate mask, never a 0/1 value tile: the
# deducer rejects the call where it is written and points at the conversion.
#
# RUN: not pto-opt %s --passes=lower-composite-ops 2>&1 | FileCheck %s
#
# CHECK: select_value_mask.py:15:13: error: tile.select: cond must be the packed predicate mask of a FP32 [16, 64] selection, i.e. UINT8 [16, 32] (valid [16, 8]) as tile.cmp / tile.cmps produce, got UINT8 [16, 64]; a 0/1 value tile is not a mask: convert it with tile.cmps(value, 0, cmp_type=1)

# pypto.program: SelectValueMask
import pypto.language as pl

@pl.program
class SelectValueMask:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(a: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec], v: pl.Tile[[16, 64], pl.UINT8, pl.Mem.Vec]) -> pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec]:
        s = pl.tile.select(v, a, 0.0)
        return s
