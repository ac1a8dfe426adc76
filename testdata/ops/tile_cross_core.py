# Issue #20 batch B: tile.tpush_to_aiv, tpush_to_aic, tpop_from_aic, tpop_from_aiv (UnknownType results),
# aiv_shard, aic_gather, tensor.aiv_shard and tensor.aic_gather
# parse, print in canonical form and print back identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_cross_core.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_cross_core.py
# RUN: pto-opt $TEST_TMPDIR/tile_cross_core.py --passes=none | diff $TEST_TMPDIR/tile_cross_core.py -
#
# CHECK: pl.tile.tpush_to_aiv(acc, split=1)
# CHECK: pl.tile.tpush_to_aiv(acc, split=2, lane_stride=16, id=1)
# CHECK: h: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc, split=1)
# CHECK: w: pl.Tile{{\[\[}}128, 32], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc, split=2, lane_stride=16)
# CHECK: pl.tile.tpush_to_aic(h, split=1)
# CHECK: g: pl.Tile{{\[\[}}128, 64], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(h, split=1)
# CHECK: p: pl.UnknownType = pl.tile.tpop_from_aic(split=1)
# CHECK: q: pl.UnknownType = pl.tile.tpop_from_aiv(split=0, id=2)
# CHECK: s: pl.Tensor{{\[\[}}64, 64], pl.FP16] = pl.tensor.aiv_shard(x, split=1)
# CHECK: t: pl.Tensor{{\[\[}}128, 64], pl.FP16] = pl.tensor.aic_gather(s, split=1)

import pypto.language as pl

@pl.program
class TileCrossCore:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, acc: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], x: pl.Tensor[[128, 64], pl.FP16]) -> pl.Tensor[[64, 64], pl.FP16]:
        pl.tile.tpush_to_aiv(acc, split=1)
        pl.tile.tpush_to_aiv(acc, split=2, lane_stride=16, id=1)
        h = pl.tile.aiv_shard(acc, split=1)
        w = pl.tile.aiv_shard(acc, split=2, lane_stride=16)
        pl.tile.tpush_to_aic(h, split=1)
        g = pl.tile.aic_gather(h, split=1)
        p = pl.tile.tpop_from_aic(split=1)
        q = pl.tile.tpop_from_aiv(id=2)
        s = pl.tensor.aiv_shard(x, split=1)
        t = pl.tensor.aic_gather(s, split=1)
        return s
