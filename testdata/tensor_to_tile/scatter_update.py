# ConvertTensorToTileOps: tensor.scatter_update(input [m, d], index [b, s],
# src [b * s, d]) becomes one whole-row TSCATTER through flat indices
# (index.flat[k] * d + c, in INT32), a second one of ones into a zero mask
# marking the written rows, and a select keeping the input elsewhere.
# Errors, located at the op: a rank-4 input; an FP16 input whose flat
# indices (INT16 for a 2-byte tile) overflow.
#
# RUN: pto-opt %s --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none --concise | FileCheck %s
# RUN: sed -e 's/pl.FP32\]/pl.FP16]/g; s/\[\[8, 64\]/[[512, 64]/g' %s > %t.py
# RUN: not pto-opt %t.py --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=FP16
# RUN: test ! -e %t.out
# RUN: sed -e 's/\[\[8, 64\]/[[8, 1, 1, 64]/g; s/\[\[2, 64\]/[[2, 1, 1, 64]/g' %s > %t.py
# RUN: not pto-opt %t.py --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=RANK
# RUN: test ! -e %t.out
#
# CHECK: su_col = pl.tile.ci(pl.const(0, pl.INT32), [1, 64], dtype=pl.INT32, descending=False)
# CHECK-NEXT: su_tmpl = pl.tile.full([2, 64], dtype=pl.INT32, value=pl.const(0, pl.INT32))
# CHECK-NEXT: su_col_nd = pl.tile.col_expand(su_tmpl, su_col)
# CHECK-NEXT: su_idx_flat = pl.tile.reshape(i_tile, [2, 1])
# CHECK-NEXT: su_row_base = pl.tile.muls(su_idx_flat, pl.const(64, pl.INT32))
# CHECK-NEXT: su_flat_idx = pl.tile.row_expand_add(su_col_nd, su_row_base)
# CHECK-NEXT: su_v0 = pl.tile.full([8, 64], dtype=pl.FP32, value=0.0)
# CHECK-NEXT: su_vals = pl.tile.scatter(su_v0, s_tile, su_flat_idx)
# CHECK-NEXT: su_m0 = pl.tile.full([8, 64], dtype=pl.FP32, value=0.0)
# CHECK-NEXT: su_ones = pl.tile.full([2, 64], dtype=pl.FP32, value=1.0)
# CHECK-NEXT: su_mask = pl.tile.scatter(su_m0, su_ones, su_flat_idx)
# CHECK-NEXT: su_pred = pl.tile.cmps(su_mask, 0.0, cmp_type=1)
# CHECK-NEXT: su_tmp = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: z_tile = pl.tile.sel(su_pred, su_vals, u_tile, su_tmp)
# CHECK-NOT: scatter_update
#
# FP16: {{.*}}.py:[[#@LINE+9]]:{{[0-9]+}}: error: ConvertTensorToTileOps: tensor.scatter_update: FP16 input has 512 * 64 = 32768 elements, beyond the INT16 flat indices' limit of 32767
# RANK: {{.*}}.py:[[#@LINE+8]]:{{[0-9]+}}: error: ConvertTensorToTileOps: tensor.scatter_update: only 2-D input and src convert to tile ops, got input rank 4 and src rank 4
import pypto.language as pl


@pl.program
class Rows:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, u: pl.Tensor[[8, 64], pl.FP32], i: pl.Tensor[[1, 2], pl.INT32], s: pl.Tensor[[2, 64], pl.FP32]) -> pl.Tensor[[8, 64], pl.FP32]:
        z: pl.Tensor[[8, 64], pl.FP32] = pl.tensor.scatter_update(u, -2, i, s)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, u: pl.Tensor[[8, 64], pl.FP32], i: pl.Tensor[[1, 2], pl.INT32], s: pl.Tensor[[2, 64], pl.FP32]) -> pl.Tensor[[8, 64], pl.FP32]:
        z: pl.Tensor[[8, 64], pl.FP32] = self.k(u, i, s)
        return z
