# Issue #20 batch B: tile.matmul_mx, matmul_mx_acc, matmul_mx_bias and tget_scale_addr
# parse, print in canonical form and print back identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_matmul_mx.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_matmul_mx.py
# RUN: pto-opt $TEST_TMPDIR/tile_matmul_mx.py --passes=none | diff $TEST_TMPDIR/tile_matmul_mx.py -
#
# CHECK: sa2: pl.Tile{{\[\[}}16, 2], pl.FP8E8M0, pl.Mem.LeftScale] = pl.tile.tget_scale_addr(sa, a)
# CHECK: sb2: pl.Tile{{\[\[}}2, 32], pl.FP8E8M0, pl.Mem.RightScale] = pl.tile.tget_scale_addr(sb, b)
# CHECK: c: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_mx(a, sa2, b, sb2)
# CHECK: d: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_mx_acc(c, a, sa2, b, sb2)
# CHECK: e: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_mx_bias(a, sa2, b, sb2, bias)

import pypto.language as pl

@pl.program
class TileMatmulMx:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tile[[16, 64], pl.FP8E4M3FN, pl.Mem.Left], sa: pl.Tile[[16, 2], pl.FP8E8M0, pl.Mem.LeftScale], b: pl.Tile[[64, 32], pl.FP8E4M3FN, pl.Mem.Right], sb: pl.Tile[[2, 32], pl.FP8E8M0, pl.Mem.RightScale], bias: pl.Tile[[1, 32], pl.FP32, pl.Mem.Bias]) -> pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc]:
        sa2 = pl.tile.tget_scale_addr(sa, a)
        sb2 = pl.tile.tget_scale_addr(sb, b)
        c = pl.tile.matmul_mx(a, sa2, b, sb2)
        d = pl.tile.matmul_mx_acc(c, a, sa2, b, sb2)
        e = pl.tile.matmul_mx_bias(a, sa2, b, sb2, bias)
        return e
