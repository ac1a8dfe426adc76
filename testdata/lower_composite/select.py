# tile.select on each branch form: TSEL for two tiles, TSELS for tile/scalar,
# a materialized tile.full + TSEL for scalar/tile (the full takes the other
# branch's view, so it is valid where that branch is, at any rank), and
# the TSEL fallback for BF16, which has no TSELS. Scratch comes from the
# backend's plan; without a backend the historical A5 geometry is used.
#
# RUN: pto-opt %s --passes=lower-composite-ops --backend=a5 --concise | FileCheck %s --check-prefixes=CHECK,A5
# RUN: pto-opt %s --passes=lower-composite-ops --backend=none --concise | FileCheck %s --check-prefixes=CHECK,A5
# RUN: pto-opt %s --passes=lower-composite-ops --backend=a2a3 --concise | FileCheck %s --check-prefixes=CHECK,A2A3
# RUN: pto-opt %s --passes=lower-composite-ops | FileCheck %s --check-prefix=VIEW
# RUN: pto-opt %s --passes=lower-composite-ops | pto-opt --passes=none | FileCheck %s --check-prefix=VIEW
#
# The functions print by name.
# CHECK-LABEL: def bf16_scalar(
# CHECK-NEXT: m = pl.tile.cmps(a, 0.0, cmp_type=4)
# CHECK-NEXT: s__sel_false_tmp_v0 = pl.tile.full([16, 64], dtype=pl.BF16, value=pl.const(2.0, pl.BF16))
# A5-NEXT: s__sel_tmp_tmp_v1 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# A2A3-NEXT: s__sel_tmp_tmp_v1 = pl.tile.create([1, 16], dtype=pl.UINT32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: s = pl.tile.sel(m, a, s__sel_false_tmp_v0, s__sel_tmp_tmp_v1)
# CHECK-NEXT: return s
#
# CHECK-LABEL: def scalar_tile(
# CHECK-NEXT: m = pl.tile.cmps(b, 0.0, cmp_type=4)
# CHECK-NEXT: s__sel_true_tmp_v0 = pl.tile.full([16, 64], dtype=pl.FP32, value=1.0)
# A5-NEXT: s__sel_tmp_tmp_v1 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# A2A3-NEXT: s__sel_tmp_tmp_v1 = pl.tile.create([1, 16], dtype=pl.UINT32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: s = pl.tile.sel(m, s__sel_true_tmp_v0, b, s__sel_tmp_tmp_v1)
# CHECK-NEXT: return s
#
# CHECK-LABEL: def scalar_tile_rank3(
# CHECK-NEXT: m = pl.tile.cmps(b, 0.0, cmp_type=4)
# CHECK-NEXT: s__sel_true_tmp_v0 = pl.tile.full([2, 16, 64], dtype=pl.FP32, value=1.0)
# A5-NEXT: s__sel_tmp_tmp_v1 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# A2A3-NEXT: s__sel_tmp_tmp_v1 = pl.tile.create([1, 16], dtype=pl.UINT32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: s = pl.tile.sel(m, s__sel_true_tmp_v0, b, s__sel_tmp_tmp_v1)
# CHECK-NEXT: return s
#
# CHECK-LABEL: def tile_scalar(
# CHECK-NEXT: m = pl.tile.cmps(a, 0.0, cmp_type=4)
# A5-NEXT: s__sel_tmp_tmp_v0 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# A2A3-NEXT: s__sel_tmp_tmp_v0 = pl.tile.create([1, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)
# CHECK-NEXT: s = pl.tile.sels(m, a, s__sel_tmp_tmp_v0, pl.const(0.0, pl.FP16))
# CHECK-NEXT: return s
#
# CHECK-LABEL: def tile_tile(
# CHECK-NEXT: m = pl.tile.cmps(a, 0.0, cmp_type=4)
# A5-NEXT: s__sel_tmp_tmp_v0 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# A2A3-NEXT: s__sel_tmp_tmp_v0 = pl.tile.create([1, 16], dtype=pl.UINT32, target_memory=pl.Mem.Vec)
# CHECK-NEXT: s = pl.tile.sel(m, a, b, s__sel_tmp_tmp_v0)
# CHECK-NEXT: return s
# CHECK-NOT: pl.tile.select
#
# The annotation carries the full's view; printing it and parsing it back
# (the second VIEW run) keeps it.
# VIEW-LABEL: def scalar_tile(
# VIEW: s__sel_true_tmp_v0: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40])] = pl.tile.full([16, 64], dtype=pl.FP32, value=1.0)
# VIEW-LABEL: def scalar_tile_rank3(
# VIEW: s__sel_true_tmp_v0: pl.Tile{{\[\[}}2, 16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 16, 40])] = pl.tile.full([2, 16, 64], dtype=pl.FP32, value=1.0)
# VIEW-LABEL: def tile_scalar(

# pypto.program: Select
import pypto.language as pl

@pl.program
class Select:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tile_tile(a: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec], b: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]) -> pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]:
        m: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 8])] = pl.tile.cmps(a, 0.0, cmp_type=4)
        s: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.select(m, a, b)
        return s

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def tile_scalar(a: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]) -> pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]:
        m: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 8])] = pl.tile.cmps(a, 0.0, cmp_type=4)
        s: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.select(m, a, 0.0)
        return s

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def scalar_tile(b: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40])]) -> pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40])]:
        m: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 5])] = pl.tile.cmps(b, 0.0, cmp_type=4)
        s: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40])] = pl.tile.select(m, 1.0, b)
        return s

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def scalar_tile_rank3(b: pl.Tile[[2, 16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 16, 40])]) -> pl.Tile[[2, 16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 16, 40])]:
        m = pl.tile.cmps(b, 0.0, cmp_type=4)
        s: pl.Tile[[2, 16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 16, 40])] = pl.tile.select(m, 1.0, b)
        return s

    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def bf16_scalar(a: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec]) -> pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec]:
        m: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 8])] = pl.tile.cmps(a, 0.0, cmp_type=4)
        s: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.select(m, a, 2.0)
        return s
