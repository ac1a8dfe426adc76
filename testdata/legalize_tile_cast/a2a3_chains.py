# Ascend910 chains: FP32->INT8 via FP16 (the request rides the final hop),
# BF16->UINT8 via FP32 and FP16 (3 hops), INT32->FP16 native.
#
# RUN: pto-opt %s --backend=a2a3 --passes=legalize-tile-cast --concise | FileCheck %s
# RUN: pto-opt %s --backend=a2a3 --passes=legalize-tile-cast --emit=pto | FileCheck %s --check-prefix=PTO
#
# CHECK: q__cast_fp16_tmp_v0 = pl.tile.cast(f, target_type=pl.FP16, mode='trunc')
# CHECK-NEXT: q = pl.tile.cast(q__cast_fp16_tmp_v0, target_type=pl.INT8, mode='trunc', saturation_mode='off')
# CHECK-NEXT: u__cast_fp32_tmp_v1 = pl.tile.cast(h, target_type=pl.FP32, mode='floor')
# CHECK-NEXT: u__cast_fp16_tmp_v2 = pl.tile.cast(u__cast_fp32_tmp_v1, target_type=pl.FP16, mode='floor')
# CHECK-NEXT: u = pl.tile.cast(u__cast_fp16_tmp_v2, target_type=pl.UINT8, mode='floor')
# CHECK-NEXT: n = pl.tile.cast(i, target_type=pl.FP16, mode='round')
#
# The intermediate hops take the float default (OFF); the explicit request
# rides the INT8 hop; the UINT8 hop has the integer default (ON).
# PTO: pto.tcvt ins(%f {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>}
# PTO: pto.tcvt ins(%q__cast_fp16_tmp_v0 {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>}
# PTO-SAME: dtype=i8
# PTO: pto.tcvt ins(%h {rmode = #pto<round_mode FLOOR>, satmode = #pto<saturation_mode OFF>}
# PTO: pto.tcvt ins(%u__cast_fp32_tmp_v1 {rmode = #pto<round_mode FLOOR>, satmode = #pto<saturation_mode OFF>}
# PTO: pto.tcvt ins(%u__cast_fp16_tmp_v2 {rmode = #pto<round_mode FLOOR>, satmode = #pto<saturation_mode ON>}
# PTO-SAME: dtype=ui8
# PTO: pto.tcvt ins(%i {rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode OFF>}
# PTO-NOT: pto.tcvt

# pypto.program: A2A3Chains
import pypto.language as pl

@pl.program
class A2A3Chains:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(fs: pl.Tensor[[16, 64], pl.FP32], hs: pl.Tensor[[16, 64], pl.BF16], is_: pl.Tensor[[16, 64], pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        f = pl.tile.load(fs, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        h = pl.tile.load(hs, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        i = pl.tile.load(is_, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        q = pl.tile.cast(f, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        u = pl.tile.cast(h, target_type=pl.UINT8, mode='floor', saturation_mode='on')
        n = pl.tile.cast(i, target_type=pl.FP16, mode='round')
        r = pl.tile.store(n, [0, 0], out)
        return r
