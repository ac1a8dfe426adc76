# The spec's Ascend950 examples: INT32->FP16 goes through FP32, FP16->BF16
# through FP32; FP32->BF16 with mode=rint is native and stays one cast.
#
# RUN: pto-opt %s --backend=a5 --passes=legalize-tile-cast --concise | FileCheck %s
# RUN: pto-opt %s --backend=a5 --passes=legalize-tile-cast --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: pto-opt %s --backend=a5 --passes=legalize-tile-cast --emit=pto | grep -c pto.tcvt | FileCheck %s --check-prefix=COUNT
#
# CHECK: a__cast_fp32_tmp_v0 = pl.tile.cast(x, target_type=pl.FP32, mode='round')
# CHECK-NEXT: a = pl.tile.cast(a__cast_fp32_tmp_v0, target_type=pl.FP16, mode='round')
# CHECK-NEXT: b__cast_fp32_tmp_v1 = pl.tile.cast(a, target_type=pl.FP32, mode='rint')
# CHECK-NEXT: b = pl.tile.cast(b__cast_fp32_tmp_v1, target_type=pl.BF16, mode='rint')
# CHECK-NEXT: c = pl.tile.cast(y, target_type=pl.BF16, mode='rint')
# CHECK-NOT: pl.tile.cast
#
# COUNT: 5
#
# PTO: pto.tcvt ins(%x {rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode OFF>}
# PTO-SAME: dtype=i32
# PTO-SAME: outs(%a__cast_fp32_tmp_v0 : !pto.tile_buf<loc=vec, dtype=f32
# PTO: pto.tcvt ins(%a__cast_fp32_tmp_v0 {rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode OFF>}
# PTO-SAME: outs(%a : !pto.tile_buf<loc=vec, dtype=f16

# pypto.program: A5Chains
import pypto.language as pl

@pl.program
class A5Chains:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(xs: pl.Tensor[[16, 16], pl.INT32], ys: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.BF16]]) -> pl.Tensor[[16, 16], pl.BF16]:
        x = pl.tile.load(xs, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        y = pl.tile.load(ys, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        a = pl.tile.cast(x, target_type=pl.FP16, mode='round')
        b = pl.tile.cast(a, target_type=pl.BF16, mode='rint')
        c = pl.tile.cast(y, target_type=pl.BF16, mode='rint')
        r = pl.tile.store(c, [0, 0], out)
        return r
