# The scalar of a tile instruction carries the tile's element type, as
# pto-isa declares TEXPANDS/TADDS/TCMPS/...: a bare `1.0` (an FP32 literal
# in the IR) fills a BF16 tile as `1.0 : bf16`, a bare int literal (INDEX)
# on an INT16 tile is `i16` and on an INT32 tile `i32` - never f32 or index;
# a scalar variable of another type is converted first.
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# CHECK-LABEL: func.func @k(%arg0: !pto.ptr<bf16>, %arg1: !pto.ptr<f16>, %arg2: !pto.ptr<i16>, %arg3: !pto.ptr<i32>, %arg4: f32)
# CHECK-DAG: %[[ONE:cst[_0-9]*]] = arith.constant 1.0 : bf16
# CHECK-DAG: %[[HALF:cst[_0-9]*]] = arith.constant 2.5 : bf16
# CHECK-DAG: %[[ZERO:cst[_0-9]*]] = arith.constant 0.0 : f16
# CHECK-DAG: %[[QUARTER:cst[_0-9]*]] = arith.constant 0.25 : f16
# CHECK-DAG: %[[SEVEN:c7_i16]] = arith.constant 7 : i16
# CHECK-DAG: %[[FIVE:c5_i32]] = arith.constant 5 : i32
# CHECK-NOT: arith.constant {{.*}} : f32
# CHECK: pto.texpands ins(%[[ONE]] : bf16) outs(%t : {{.*}}dtype=bf16
# CHECK: pto.tadds ins(%t, %[[HALF]] : {{.*}}dtype=bf16{{.*}}, bf16) outs(%u :
# CHECK: %[[S:.*]] = arith.truncf %arg4 : f32 to bf16
# CHECK: pto.tmuls ins(%u, %[[S]] : {{.*}}, bf16) outs(%m :
# CHECK: pto.texpands ins(%[[ZERO]] : f16) outs(%f :
# CHECK: pto.tmaxs ins(%f, %[[QUARTER]] : {{.*}}, f16) outs(%g :
# CHECK: pto.tcmps ins(%g, %[[QUARTER]] {cmpMode = #pto<cmp gt>} : {{.*}}, f16) outs(%mask :
# CHECK: pto.texpands ins(%[[SEVEN]] : i16) outs(%n :
# CHECK: pto.tadds ins(%n, %c5_i16 : {{.*}}, i16) outs(%n2 :
# CHECK: pto.texpands ins(%[[FIVE]] : i32) outs(%w :
# CHECK: pto.tadds ins(%w, %[[FIVE]] : {{.*}}, i32) outs(%w2 :
# CHECK-NOT: index) outs

# pypto.program: TypedScalars
import pypto.language as pl

@pl.program
class TypedScalars:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(a: pl.Out[pl.Tensor[[16, 16], pl.BF16]], h: pl.Out[pl.Tensor[[16, 16], pl.FP16]], i: pl.Out[pl.Tensor[[16, 16], pl.INT16]], j: pl.Out[pl.Tensor[[16, 16], pl.INT32]], scale: pl.Scalar[pl.FP32]):
        t: pl.Tile[[16, 16], pl.BF16, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.BF16, value=1.0)
        u: pl.Tile[[16, 16], pl.BF16, pl.Mem.Vec] = pl.tile.adds(t, 2.5)
        m: pl.Tile[[16, 16], pl.BF16, pl.Mem.Vec] = pl.tile.muls(u, scale)
        f: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP16, value=0.0)
        g: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.maximums(f, 0.25)
        mask = pl.tile.cmps(g, 0.25, cmp_type=4)
        n: pl.Tile[[16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.INT16, value=7)
        n2: pl.Tile[[16, 16], pl.INT16, pl.Mem.Vec] = pl.tile.adds(n, 5)
        w: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.INT32, value=5)
        w2: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.adds(w, 5)
        r1: pl.Tensor[[16, 16], pl.BF16] = pl.tile.store(m, [0, 0], a)
        r2: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(g, [0, 0], h)
        r3: pl.Tensor[[16, 16], pl.INT16] = pl.tile.store(n2, [0, 0], i)
        r4: pl.Tensor[[16, 16], pl.INT32] = pl.tile.store(w2, [0, 0], j)
