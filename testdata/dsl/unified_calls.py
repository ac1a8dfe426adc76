# Hand-written calls through the unified pl.X names print as the canonical
# pl.tile.X / pl.tensor.X calls (docs/dsl.md, "Op calls"): the first
# operand's type picks the level, a scalar second operand the `...s` form,
# pl.load fills valid_shape with the loaded shapes, positional dtypes, enums
# and mode names bind in the wrapper's order, an INDEX literal takes the
# tile's dtype, and static_print/static_assert leave no IR.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none | pto-opt - --passes=none | FileCheck %s
#
# CHECK: def kernel(x: pl.Tensor{{\[\[}}16, 16], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.BF16]])
# CHECK-NEXT: a: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
# CHECK-NEXT: b: pl.Tile{{.*}} = pl.tile.load(x, [0, 0], [16, 16], [8, 16], target_memory=pl.Mem.Vec)
# CHECK-NEXT: c: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(a, b)
# CHECK-NEXT: d: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.muls(c, 2.0)
# CHECK-NEXT: e: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sin(d)
# CHECK-NEXT: f: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.maximums(e, 0.0)
# CHECK-NEXT: g: pl.Tile{{\[\[}}16, 16], pl.BF16, pl.Mem.Vec] = pl.tile.cast(f, target_type=pl.BF16, mode='rint')
# CHECK-NEXT: z: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
# CHECK-NEXT: r: pl.Tensor{{\[\[}}16, 16], pl.BF16] = pl.tile.store(g, [0, 0], out)
# CHECK-NEXT: return r
#
# CHECK: def orch(self, x: pl.Tensor{{\[\[}}16, 16], pl.FP32], n: pl.Scalar[pl.INDEX])
# CHECK-NEXT: y: pl.Tensor{{\[\[}}16, 16], pl.FP32] = pl.tensor.add(x, x)
# CHECK-NEXT: w: pl.Tensor{{\[\[}}16, 16], pl.FP32] = pl.tensor.adds(y, 1.0)
# CHECK-NEXT: m: pl.Scalar[pl.INDEX] = n + n
# CHECK-NEXT: k: pl.Scalar[pl.INDEX] = 4
# CHECK-NEXT: t: pl.Tensor{{\[\[}}16, 16], pl.FP16] = pl.tensor.create([16, 16], dtype=pl.FP16, layout=pl.TensorLayout.ND)
# CHECK-NEXT: return w

import pypto.language as pl


@pl.program
class UnifiedCalls:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.BF16]]) -> pl.Tensor[[16, 16], pl.BF16]:
        a = pl.load(x, [0, 0], [16, 16])
        b = pl.load(x, offsets=[0, 0], shapes=[16, 16], valid_shape=[8, 16], target_memory=pl.Mem.Vec)
        c = pl.add(a, b)
        d = pl.mul(c, 2)
        pl.static_print(d)
        e = pl.sin(d)
        f = pl.maximum(e, 0.0)
        g = pl.cast(f, pl.BF16, 'rint')
        pl.static_assert(True, "kept out of the IR")
        z = pl.tile.full([16, 16], pl.FP32, 0.0)
        r = pl.store(g, [0, 0], out)
        return r

    @pl.function
    def orch(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = pl.add(x, x)
        w = pl.add(y, 1.0)
        m = pl.add(n, n)
        k = pl.FP32.get_byte()
        t = pl.create_tensor([16, 16], dtype=pl.FP16)
        return w
