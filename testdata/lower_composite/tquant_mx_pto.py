# tile.tquant_mx through PTO codegen (A5): the raw TQUANT becomes pto.tquant.mx
# with four outs - the buffers of the projected (dst, exp) elements, then the
# max and scaling workspaces - the exponent's X-to-ZZ move is a pto.tmov with
# a non-scaling tmp, axis 0 transposes first (pto.ttrans with a scratch tile
# of the source's type), and the FP8 aliases are pto.treshape views. The
# public tuple and its alias emit nothing.
#
# RUN: pto-opt %s --backend=a5 --emit=pto | FileCheck %s
#
# A2/A3 has neither MX instruction nor FP8 in-core; nothing is written:
# RUN: not pto-opt %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=A2A3
# RUN: test -z "$(pto-opt %s --backend=a2a3 --emit=pto 2>/dev/null)"
# A2A3: error: codegen: parameter 'q_out': FP8E4M3FN is not supported in-core on a2a3
#
# CHECK-LABEL: func.func @axis1(%arg0: !pto.ptr<f16>, %arg1: !pto.ptr<f8E4M3FN>, %arg2: !pto.ptr<!pto.f8E8M0>)
# CHECK: %pair__tq_dst_tmp_v4 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64,
# CHECK: %pair__tq_exp_tmp_v5 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32,
# CHECK: %pair__tq_exp_zz_tmp_v8 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=2, v_row=16, v_col=2, blayout=row_major, slayout=row_major, fractal=32, pad=0>
# CHECK: pto.tquant.mx ins(%a : {{.*}}) outs(%pair__tq_dst_tmp_v4, %pair__tq_exp_tmp_v5, %pair__tq_max_tmp_v0, %pair__tq_scaling_alloc_tmp_v1 : {{.*}}) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis1>}
# CHECK-NEXT: %pair__tq_quant_tmp_v6 = pto.treshape %pair__tq_dst_tmp_v4 : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f8E4M3FN,
# CHECK-NEXT: pto.tmov ins(%pair__tq_exp_tmp_v5 : {{.*}}, %pair__tq_x2zz_tmp_tmp_v7 : {{.*}}) outs(%pair__tq_exp_zz_tmp_v8 : {{.*}}) {grpAxis = #pto<mx_group_axis axis1>}
# CHECK-NEXT: %pair__tq_scale_tmp_v9 = pto.treshape %pair__tq_exp_zz_tmp_v8 : {{.*}} -> !pto.tile_buf<loc=vec, dtype=!pto.f8E8M0,
# CHECK: pto.tstore ins(%pair__tq_quant_tmp_v6 :
# CHECK: pto.tstore ins(%pair__tq_scale_tmp_v9 :
# CHECK-NOT: pair =
# CHECK-LABEL: func.func @axis0(
# CHECK: %pair__tq_src_kn_tmp_v0_tmp = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
# CHECK: pto.ttrans ins(%a, %pair__tq_src_kn_tmp_v0_tmp : {{.*}}) outs(%pair__tq_src_kn_tmp_v0 :
# CHECK-NEXT: pto.tquant.mx ins(%pair__tq_src_kn_tmp_v0 : {{.*}}) outs(%pair__tq_dst_tmp_v4, %pair__tq_exp_tmp_v5, %pair__tq_max_tmp_v1, %pair__tq_scaling_tmp_v2 : {{.*}}) {quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>}
# CHECK: pto.tmov ins(%pair__tq_exp_tmp_v5 : {{.*}}, %pair__tq_x2zz_tmp_tmp_v7 : {{.*}}) outs(%pair__tq_exp_zz_tmp_v8 : {{.*}}) {grpAxis = #pto<mx_group_axis axis0>}
# CHECK: %pair__tq_scale_nn_tmp_v10 = pto.treshape %pair__tq_scale_tmp_v9 : {{.*}} -> !pto.tile_buf<loc=vec, dtype=!pto.f8E8M0, rows=2, cols=64, v_row=2, v_col=64, blayout=col_major
# CHECK: pto.tstore ins(%pair__tq_quant_tmp_v6 :

# pypto.program: QuantMxPto
import pypto.language as pl

@pl.program
class QuantMxPto:
    @pl.function(type=pl.FunctionType.InCore)
    def axis1(self, x: pl.Tensor[[16, 64], pl.FP16], q_out: pl.Out[pl.Tensor[[16, 64], pl.FP8E4M3FN]], s_out: pl.Out[pl.Tensor[[16, 2], pl.FP8E8M0]]) -> pl.Tensor[[16, 2], pl.FP8E8M0]:
        a = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        pair = pl.tile.tquant_mx(a, group_axis=1)
        q = pair[0]
        s = pair[1]
        r = pl.tile.store(q, [0, 0], q_out)
        r2 = pl.tile.store(s, [0, 0], s_out)
        return r2

    @pl.function(type=pl.FunctionType.InCore)
    def axis0(self, x: pl.Tensor[[64, 64], pl.FP32], q_out: pl.Out[pl.Tensor[[64, 64], pl.FP8E4M3FN]]) -> pl.Tensor[[64, 64], pl.FP8E4M3FN]:
        a = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        pair = pl.tile.tquant_mx(a, group_axis=0)
        alias = pair
        q = alias[0]
        r = pl.tile.store(q, [0, 0], q_out)
        return r
