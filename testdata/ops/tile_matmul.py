# Issue #20 batch B: tile.matmul, matmul_acc (with and without init_cond, printed by position),
# matmul_bias, gemv, gemv_acc, gemv_bias, batch_matmul and batch_matmul_acc
# parse, print in canonical form and print back identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_matmul.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_matmul.py
# RUN: pto-opt $TEST_TMPDIR/tile_matmul.py --passes=none | diff $TEST_TMPDIR/tile_matmul.py -
#
# The functions print by name: batched, gemv, k.
# CHECK: l: pl.Tile{{\[\[}}4, 16, 32], pl.FP16, pl.Mem.Left] = pl.tile.move(a, target_memory=pl.Mem.Left)
# CHECK: r: pl.Tile{{\[\[}}1, 32, 16], pl.FP16, pl.Mem.Right] = pl.tile.move(b, target_memory=pl.Mem.Right)
# CHECK: c: pl.Tile{{\[\[}}4, 16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul(l, r)
# CHECK: d: pl.Tile{{\[\[}}4, 16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.batch_matmul_acc(c, l, r)
# CHECK: a: pl.Tile{{\[\[}}1, 64], pl.BF16, pl.Mem.Left] = pl.tile.move(r, target_memory=pl.Mem.Left)
# CHECK: b: pl.Tile{{\[\[}}64, 64], pl.BF16, pl.Mem.Right] = pl.tile.move(m, target_memory=pl.Mem.Right)
# CHECK: g: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])] = pl.tile.gemv(a, b, acc_phase='unspecified')
# CHECK: h: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])] = pl.tile.gemv_acc(g, a, b, acc_phase='final')
# CHECK: i: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])] = pl.tile.gemv_bias(a, b, bias, acc_phase='partial')
# CHECK: a: pl.Tile{{\[\[}}64, 64], pl.BF16, pl.Mem.Left] = pl.tile.move(m, target_memory=pl.Mem.Left)
# CHECK: b: pl.Tile{{\[\[}}64, 64], pl.BF16, pl.Mem.Right] = pl.tile.move(m, target_memory=pl.Mem.Right)
# CHECK: c: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a, b)
# CHECK: d: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(c, a, b, k == 0)
# CHECK: e: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_acc(d, a, b)
# CHECK: f: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_bias(a, b, bias)

import pypto.language as pl

@pl.program
class TileMatmul:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 64], pl.BF16], k: pl.Scalar[pl.INDEX]) -> pl.Tile[[64, 64], pl.FP32, pl.Mem.Acc]:
        m = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        a = pl.tile.move(m, target_memory=pl.Mem.Left)
        b = pl.tile.move(m, target_memory=pl.Mem.Right)
        c = pl.tile.matmul(a, b)
        d = pl.tile.matmul_acc(c, a, b, init_cond=k == 0)
        e = pl.tile.matmul_acc(d, a, b)
        bias = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Bias)
        f = pl.tile.matmul_bias(a, b, bias)
        return f

    @pl.function(type=pl.FunctionType.InCore)
    def gemv(self, x: pl.Tensor[[64, 64], pl.BF16], v: pl.Tensor[[1, 64], pl.BF16]) -> pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 64])]:
        m = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Mat)
        r = pl.tile.load(v, [0, 0], [1, 64], [1, 64], target_memory=pl.Mem.Mat)
        a = pl.tile.move(r, target_memory=pl.Mem.Left)
        b = pl.tile.move(m, target_memory=pl.Mem.Right)
        g = pl.tile.gemv(a, b)
        h = pl.tile.gemv_acc(g, a, b, acc_phase='final')
        bias = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Bias)
        i = pl.tile.gemv_bias(a, b, bias, acc_phase='partial')
        return i

    @pl.function(type=pl.FunctionType.InCore)
    def batched(self, x: pl.Tensor[[4, 16, 32], pl.FP16], y: pl.Tensor[[1, 32, 16], pl.FP16]) -> pl.Tile[[4, 16, 16], pl.FP32, pl.Mem.Acc]:
        a = pl.tile.load(x, [0, 0, 0], [4, 16, 32], [4, 16, 32], target_memory=pl.Mem.Mat)
        b = pl.tile.load(y, [0, 0, 0], [1, 32, 16], [1, 32, 16], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        c = pl.tile.batch_matmul(l, r)
        d = pl.tile.batch_matmul_acc(c, l, r)
        return d
