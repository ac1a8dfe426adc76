# Golden: the primitive unary tile ops; they keep the input's valid shape, and
# pto-opt --emit=pto and pto-run reject them, naming the op.
# recip's high_precision=False is the default and is not recorded. Each
# prints in its canonical form and parses back to the same text.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --passes=none | pto-opt - --passes=none | FileCheck %s
# RUN: not pto-opt %s --emit=pto 2>&1 | FileCheck %s --check-prefix=PTO
# RUN: rm -rf $TEST_TMPDIR/run && not pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/run/o 2>&1 | FileCheck %s --check-prefix=INTERP
#
# CHECK: u0: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.exp(a)
# CHECK-NEXT: u1: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.sqrt(u0)
# CHECK-NEXT: u2: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.relu(u1)
# CHECK-NEXT: u3: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.recip(u2)
# CHECK-NEXT: u4: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.recip(u3, high_precision=True)
# CHECK-NEXT: u5: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.rsqrt(u4)
# CHECK-NEXT: u6: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.rsqrt(u5, tmp)
# CHECK-NEXT: u7: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.log(u6)
# CHECK-NEXT: u8: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.log(u7, high_precision=True)
# CHECK-NEXT: u9: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 12])] = pl.tile.recip(u8){{$}}
# PTO: tile_unary.py:{{[0-9]+}}:14: error: codegen: tile.exp has no PTO emitter (in function 'k')
# INTERP: tile_unary.py:{{[0-9]+}}:14: error: tile.exp: the reference interpreter has no kernel for this op (not simulated yet (#20 registers it for parsing and passes only)) (in function 'k')
import pypto.language as pl

@pl.program
class TileUnary:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a = pl.tile.load(x, [0, 0], [16, 16], [8, 12], target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        u0 = pl.tile.exp(a)
        u1 = pl.tile.sqrt(u0)
        u2 = pl.tile.relu(u1)
        u3 = pl.tile.recip(u2)
        u4 = pl.tile.recip(u3, high_precision=True)
        u5 = pl.tile.rsqrt(u4)
        u6 = pl.tile.rsqrt(u5, tmp)
        u7 = pl.tile.log(u6)
        u8 = pl.tile.log(u7, high_precision=True)
        u9 = pl.tile.recip(u8, high_precision=False)
        r = pl.tile.store(u9, [0, 0], out)
        return r
