# tile.tquant_mx: value-returning tile.tquant_mx_raw + tile.tmov_x2zz with Vec
# workspaces and the public FP8 aliases; projections of the public tuple
# (also through an alias) fold to its elements; an unused result keeps the
# raw calls (their workspaces are written).
#
# testdata/lower_composite/tquant_mx_pto.py emits the PTO of these forms.
#
# RUN: pto-opt %s --passes=lower-composite-ops --backend=a5 --concise | FileCheck %s
#
# CHECK-LABEL: def axis0(
# CHECK-NEXT: pair__tq_src_kn_tmp_v0 = pl.tile.transpose(a, 0, 1)
# CHECK-NEXT: pair__tq_max_tmp_v1 = pl.tile.create([2, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pair__tq_scaling_tmp_v2 = pl.tile.create([2, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pair__tq_raw_tmp_v3 = pl.tile.tquant_mx_raw(pair__tq_src_kn_tmp_v0, pair__tq_max_tmp_v1, pair__tq_scaling_tmp_v2, dtype=pl.FP8E4M3FN, group_axis=0)
# CHECK-NEXT: pair__tq_dst_tmp_v4 = pair__tq_raw_tmp_v3[0]
# CHECK-NEXT: pair__tq_exp_tmp_v5 = pair__tq_raw_tmp_v3[1]
# CHECK-NEXT: pair__tq_quant_tmp_v6 = pl.tile.reinterpret_view(pair__tq_dst_tmp_v4, dtype=pl.FP8E4M3FN)
# CHECK-NEXT: pair__tq_x2zz_tmp_tmp_v7 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pair__tq_exp_zz_tmp_v8 = pl.tile.tmov_x2zz(pair__tq_exp_tmp_v5, pair__tq_x2zz_tmp_tmp_v7, group_axis=0)
# CHECK-NEXT: pair__tq_scale_tmp_v9 = pl.tile.reinterpret_view(pair__tq_exp_zz_tmp_v8, dtype=pl.FP8E8M0)
# CHECK-NEXT: pair__tq_scale_nn_tmp_v10 = pl.tile.transpose_view(pair__tq_scale_tmp_v9)
# CHECK-NEXT: pair = [pair__tq_quant_tmp_v6, pair__tq_scale_nn_tmp_v10]
# CHECK-NEXT: alias = pair
# CHECK-NEXT: s = pair__tq_scale_nn_tmp_v10
# CHECK-NEXT: return s
# CHECK-LABEL: def axis1(
# CHECK-NEXT: a = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
# CHECK-NEXT: pair__tq_max_tmp_v0 = pl.tile.create([1, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pair__tq_scaling_alloc_tmp_v1 = pl.tile.create([1, 128], dtype=pl.FP16, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pair__tq_scaling_tmp_v2 = pl.tile.set_validshape(pair__tq_scaling_alloc_tmp_v1, 1, 32)
# CHECK-NEXT: pair__tq_raw_tmp_v3 = pl.tile.tquant_mx_raw(a, pair__tq_max_tmp_v0, pair__tq_scaling_tmp_v2, dtype=pl.FP8E4M3FN, group_axis=1)
# CHECK-NEXT: pair__tq_dst_tmp_v4 = pair__tq_raw_tmp_v3[0]
# CHECK-NEXT: pair__tq_exp_tmp_v5 = pair__tq_raw_tmp_v3[1]
# CHECK-NEXT: pair__tq_quant_tmp_v6 = pl.tile.reinterpret_view(pair__tq_dst_tmp_v4, dtype=pl.FP8E4M3FN)
# CHECK-NEXT: pair__tq_x2zz_tmp_tmp_v7 = pl.tile.create([1, 96], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pair__tq_exp_zz_tmp_v8 = pl.tile.tmov_x2zz(pair__tq_exp_tmp_v5, pair__tq_x2zz_tmp_tmp_v7, group_axis=1, dst_rows=16, dst_cols=2)
# CHECK-NEXT: pair__tq_scale_tmp_v9 = pl.tile.reinterpret_view(pair__tq_exp_zz_tmp_v8, dtype=pl.FP8E8M0)
# CHECK-NEXT: pair = [pair__tq_quant_tmp_v6, pair__tq_scale_tmp_v9]
# CHECK-NEXT: q = pair__tq_quant_tmp_v6
# CHECK-NEXT: r = pl.tile.store(q, [0, 0], q_out)
# CHECK-NEXT: return r
# CHECK-LABEL: def unused(
# CHECK-NEXT: eval__tq_max_tmp_v0 = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: eval__tq_scaling_alloc_tmp_v1 = pl.tile.create([1, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: eval__tq_scaling_tmp_v2 = pl.tile.set_validshape(eval__tq_scaling_alloc_tmp_v1, 1, 64)
# CHECK-NEXT: eval__tq_raw_tmp_v3 = pl.tile.tquant_mx_raw(a, eval__tq_max_tmp_v0, eval__tq_scaling_tmp_v2, dtype=pl.FP8E4M3FN, group_axis=1)
# CHECK-NEXT: eval__tq_dst_tmp_v4 = eval__tq_raw_tmp_v3[0]
# CHECK-NEXT: eval__tq_exp_tmp_v5 = eval__tq_raw_tmp_v3[1]
# CHECK-NEXT: eval__tq_quant_tmp_v6 = pl.tile.reinterpret_view(eval__tq_dst_tmp_v4, dtype=pl.FP8E4M3FN)
# CHECK-NEXT: eval__tq_x2zz_tmp_tmp_v7 = pl.tile.create([1, 96], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: eval__tq_exp_zz_tmp_v8 = pl.tile.tmov_x2zz(eval__tq_exp_tmp_v5, eval__tq_x2zz_tmp_tmp_v7, group_axis=1, dst_rows=32, dst_cols=2)
# CHECK-NEXT: eval__tq_scale_tmp_v9 = pl.tile.reinterpret_view(eval__tq_exp_zz_tmp_v8, dtype=pl.FP8E8M0)
# CHECK-NEXT: return a
# CHECK-NOT: pl.tile.tquant_mx(

# pypto.program: QuantMx
import pypto.language as pl

@pl.program
class QuantMx:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def axis1(x: pl.Tensor[[16, 64], pl.FP16], q_out: pl.Out[pl.Tensor[[16, 64], pl.FP8E4M3FN]]) -> pl.Tensor[[16, 64], pl.FP8E4M3FN]:
        a: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        pair = pl.tile.tquant_mx(a, group_axis=1)
        q = pair[0]
        r: pl.Tensor[[16, 64], pl.FP8E4M3FN] = pl.tile.store(q, [0, 0], q_out)
        return r

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def axis0(a: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[2, 32], pl.FP8E8M0, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.col_major, fractal=32)]:
        pair = pl.tile.tquant_mx(a, group_axis=0)
        alias = pair
        s = alias[1]
        return s

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def unused(a: pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[32, 64], pl.FP32, pl.Mem.Vec]:
        pl.tile.tquant_mx(a, group_axis=1)
        return a
