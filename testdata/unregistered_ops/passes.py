# The default pipeline rewrites the ops it knows around opaque calls and
# leaves the calls themselves as written: LowerCompositeOps expands the
# tile.sin an opaque op consumes, LegalizeTileCast and
# materialize-tcvt-scratch rewrite the cast fed by one (A2/A3 gives the
# FP16->INT8 pto.tcvt a scratch tile); the result verifies and parses back.
#
# RUN: pto-opt %s --allow-unregistered-ops --backend=a2a3 --concise | FileCheck %s
# RUN: pto-opt %s --allow-unregistered-ops --backend=a2a3 | pto-opt - --allow-unregistered-ops --backend=a2a3 --concise | FileCheck %s
#
# CHECK: m: pl.Tile{{\[\[}}1, 160], pl.FP32, pl.Mem.Vec] = pl.tile.custom_matmul(a, a, transpose=True)
# CHECK: s = pl.tile.mul(
# CHECK: u: pl.Tile{{\[\[}}1, 160], pl.FP16, pl.Mem.Vec] = pl.foo.squash(s, 2, mode='fast')
# CHECK: q__tcvt_tmp_v0 = pl.tile.create([1, 256], dtype=pl.INT8, target_memory=pl.Mem.Vec)
# CHECK-NEXT: q = pl.tile.cast(u, q__tcvt_tmp_v0, target_type=pl.INT8, mode='trunc', saturation_mode='off')
# CHECK: v: pl.Tile{{\[\[}}1, 160], pl.INT8, pl.Mem.Vec] = pl.foo.squash(q, 2, mode='fast')
import pypto.language as pl

@pl.program
class OpaquePasses:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[1, 160], pl.FP32], out: pl.Out[pl.Tensor[[1, 160], pl.INT8]]) -> pl.Tensor[[1, 160], pl.INT8]:
        a: pl.Tile[[1, 160], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [1, 160], [1, 160], target_memory=pl.Mem.Vec)
        m: pl.Tile[[1, 160], pl.FP32, pl.Mem.Vec] = pl.tile.custom_matmul(a, a, transpose=True)
        s: pl.Tile[[1, 160], pl.FP32, pl.Mem.Vec] = pl.tile.sin(m)
        u: pl.Tile[[1, 160], pl.FP16, pl.Mem.Vec] = pl.foo.squash(s, 2, mode='fast')
        q: pl.Tile[[1, 160], pl.INT8, pl.Mem.Vec] = pl.tile.cast(u, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        v: pl.Tile[[1, 160], pl.INT8, pl.Mem.Vec] = pl.foo.squash(q, 2, mode='fast')
        r: pl.Tensor[[1, 160], pl.INT8] = pl.tile.store(v, [0, 0], out)
        return r
