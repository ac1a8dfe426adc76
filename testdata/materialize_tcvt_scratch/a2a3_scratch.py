# A2/A3 scratch of the non-saturating narrowing pto.tcvt, after the default
# pipeline: FP16->INT8 and FP32->INT16 get an INT8 scratch tile sized as
# PTOAS sizes it, FP32->INT8 only on its narrowing final hop; the saturating
# cast, the widening one and the one with a caller tmp get nothing new. A5
# converts all of them natively and gets no scratch. A second run changes
# nothing.
#
# RUN: pto-opt %s --backend=a2a3 --concise | FileCheck %s
# RUN: pto-opt %s --backend=a2a3 | pto-opt - --backend=a2a3 --concise | FileCheck %s
# RUN: pto-opt %s --backend=a2a3 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: pto-opt %s --backend=a5 --concise | FileCheck %s --check-prefix=A5
# RUN: pto-opt %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5PTO
#
# CHECK: q__tcvt_tmp_v0 = pl.tile.create([1, 160], dtype=pl.INT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: q = pl.tile.cast(h, q__tcvt_tmp_v0, target_type=pl.INT8, mode='trunc', saturation_mode='off')
# CHECK-NEXT: w__tcvt_tmp_v1 = pl.tile.create([1, 1024], dtype=pl.INT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: w = pl.tile.cast(f, w__tcvt_tmp_v1, target_type=pl.INT16, mode='round', saturation_mode='off')
# CHECK-NEXT: n__cast_fp16_tmp_v0 = pl.tile.cast(f, target_type=pl.FP16, mode='trunc')
# CHECK-NEXT: n__tcvt_tmp_v2 = pl.tile.create([1, 160], dtype=pl.INT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: n = pl.tile.cast(n__cast_fp16_tmp_v0, n__tcvt_tmp_v2, target_type=pl.INT8, mode='trunc', saturation_mode='off')
# CHECK-NEXT: s = pl.tile.cast(h, target_type=pl.INT8, mode='trunc')
# CHECK-NEXT: mine = pl.tile.create([1, 256], dtype=pl.INT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: c = pl.tile.cast(h, mine, target_type=pl.INT8, mode='trunc', saturation_mode='off')
# CHECK-NEXT: g = pl.tile.cast(h, target_type=pl.FP32, mode='none')
# CHECK-NOT: pl.tile.create
#
# PTO: %q__tcvt_tmp_v0 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=160,
# PTO: %w__tcvt_tmp_v1 = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=1024,
# PTO: pto.tcvt ins(%h, %q__tcvt_tmp_v0 {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>} : !pto.tile_buf<loc=vec, dtype=f16, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=160, {{.*}}>) outs(%q :
# PTO-NEXT: pto.tcvt ins(%f, %w__tcvt_tmp_v1 {rmode = #pto<round_mode ROUND>, satmode = #pto<saturation_mode OFF>} : !pto.tile_buf<loc=vec, dtype=f32, {{.*}}>, !pto.tile_buf<loc=vec, dtype=i8, rows=1, cols=1024, {{.*}}>) outs(%w :
# PTO-NEXT: pto.tcvt ins(%f {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>} : !pto.tile_buf<{{[^>]*}}>) outs(%n__cast_fp16_tmp_v0 :
# PTO-NEXT: pto.tcvt ins(%n__cast_fp16_tmp_v0, %n__tcvt_tmp_v2 {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>}
# PTO-NEXT: pto.tcvt ins(%h {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode ON>} : !pto.tile_buf<{{[^>]*}}>) outs(%s :
# PTO-NEXT: pto.tcvt ins(%h, %mine {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>}
# PTO-NEXT: pto.tcvt ins(%h {rmode = #pto<round_mode NONE>, satmode = #pto<saturation_mode OFF>} : !pto.tile_buf<{{[^>]*}}>) outs(%g :
#
# A5: q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc', saturation_mode='off')
# A5-NEXT: w = pl.tile.cast(f, target_type=pl.INT16, mode='round', saturation_mode='off')
# A5-NOT: tcvt_tmp
# A5PTO-NOT: tcvt_tmp
# A5PTO: pto.tcvt ins(%h {rmode = #pto<round_mode TRUNC>, satmode = #pto<saturation_mode OFF>} :
# A5PTO-NOT: tcvt_tmp

# pypto.program: TcvtScratch
import pypto.language as pl

@pl.program
class TcvtScratch:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(hs: pl.Tensor[[16, 16], pl.FP16], fs: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.INT8]], out16: pl.Out[pl.Tensor[[16, 16], pl.INT16]]) -> pl.Tensor[[16, 16], pl.INT8]:
        h = pl.tile.load(hs, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        f = pl.tile.load(fs, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        w = pl.tile.cast(f, target_type=pl.INT16, mode='round', saturation_mode='off')
        n = pl.tile.cast(f, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        s = pl.tile.cast(h, target_type=pl.INT8, mode='trunc')
        mine = pl.tile.create([1, 256], dtype=pl.INT8, target_memory=pl.Mem.Vec)
        c = pl.tile.cast(h, mine, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        g = pl.tile.cast(h, target_type=pl.FP32, mode='none')
        r16 = pl.tile.store(w, [0, 0], out16)
        r = pl.tile.store(q, [0, 0], out)
        return r
