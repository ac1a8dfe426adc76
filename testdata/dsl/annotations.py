# Annotation forms and upstream's annotation-vs-deduced rules: a layout in a
# tensor annotation's view slot, the dropped "window_buffer=" marker, the
# pld.CommCtx alias, and an annotated assignment whose annotation overrides
# the deduced type (UnknownType, a tile's memory space or view, an INDEX
# scalar).
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: def k(x: pl.Tensor{{\[\[}}16, 16], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.NZ)], out: pl.Out[pl.Tensor{{\[\[}}16], pl.INT64]])
# CHECK-NEXT: e: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
# CHECK-NEXT: m: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
# CHECK-NEXT: v: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = pl.tile.add(e, e)
# CHECK-NEXT: n: pl.Scalar[pl.INT32] = pl.const(5, pl.INT32)
# CHECK: for i in pl.range(16):
# CHECK-NEXT: y: pl.Scalar[pl.INT64] = i
# CHECK-NEXT: pl.tensor.write(out, [i], y)
# CHECK: def peer(self, w: pld.DistributedTensor{{\[\[}}16], pl.FP32], c: pld.CommCtxType, v: pld.DistributedTensor{{\[\[}}16, 16], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.MX_A_ZZ)])
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Annotated:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 16], pl.FP32, pl.NZ],
        out: pl.Out[pl.Tensor[[16], pl.INT64]],
    ):
        e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        m: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.load(x, [0, 0], [16, 16])
        v: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = pl.add(e, e)
        n: pl.Scalar[pl.INT32] = 5
        for i in pl.range(16):
            y: pl.Scalar[pl.INT64] = i
            pl.tensor.write(out, [i], y)
        return

    @pl.function
    def peer(
        self,
        w: pld.DistributedTensor[[16], pl.FP32, "window_buffer=wbuf"],
        c: pld.CommCtx,
        v: pld.DistributedTensor[[16, 16], pl.FP32, pl.MX_A_ZZ],
    ):
        return
