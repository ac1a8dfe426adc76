# A scalar on_true is materialized as a tile.full with the other branch's
# view, so its buffer is allocated valid where that branch is (v_col=40)
# and TSEL selects into the narrowed extent.
#
# RUN: pto-opt %s --emit=pto --backend=a5 | FileCheck %s
# RUN: pto-opt %s --emit=pto --backend=a2a3 | FileCheck %s
#
# CHECK: %s__sel_true_tmp_v0 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=40,
# CHECK: pto.texpands ins(%{{.*}} : f32) outs(%s__sel_true_tmp_v0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=40,
# CHECK: pto.tsel ins(%mask, %s__sel_true_tmp_v0, %tb,
# CHECK-NOT: set_validshape

import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(b: pl.Tensor[[16, 64], pl.FP32], m: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        tb = pl.tile.load(b, [0, 0], [16, 64], [16, 40], target_memory=pl.Mem.Vec)
        tm = pl.tile.load(m, [0, 0], [16, 64], [16, 40], target_memory=pl.Mem.Vec)
        mask = pl.tile.cmps(tm, 0.0, cmp_type=2)
        s = pl.tile.select(mask, 1.0, tb)
        r = pl.tile.store(s, [0, 0], out)
        return r
