# Types where values cross a boundary (ir/type_compat.h): a call argument or
# a returned value needs only the parameter's / return type's sort and dtype
# (INDEX meets any integer); a call's result binds the callee's dynamic dims;
# a loop's return var takes its iter arg's type (its annotation is not read);
# an if's return var takes its then-branch annotation; carried tiles may
# differ in memory space; an annotated variable takes a tensor view the
# value lacks (upstream's annotation override, AnnotationMayRetype).
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# Functions print by name, callees first: main (after fill, scale), pick,
# viewed, window.
# CHECK: def main(
# CHECK-NEXT: for i, (acc,) in pl.range(4, init_values=(0,)):
# CHECK-NEXT: b: pl.Tensor{{\[\[}}8, 16], pl.FP32] = self.scale(a, b, i)
# CHECK-NEXT: n: pl.Scalar[pl.INDEX] = pl.yield_(acc)
# CHECK-NEXT: c: pl.Tensor{{\[\[}}8, 16], pl.FP32] = self.fill(b)
# CHECK: def pick(
# CHECK: a: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(
# CHECK-NEXT: s: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(a)
# CHECK: s: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(b)
# CHECK-NEXT: for i, (acc,) in pl.range(2, init_values=(s,)):
# CHECK-NEXT: v: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(
# CHECK-NEXT: r: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(v)
# CHECK: same: pl.Tensor{{\[\[}}8, 4], pl.FP32, pl.TensorView(stride=[4, 1], layout=pl.TensorLayout.ND)] = x
# CHECK: def window(w: pld.DistributedTensor{{\[\[}}16], pl.FP32]) -> pl.Tensor{{\[\[}}16], pl.FP32]:
# CHECK-NEXT: return w
import pypto.language as pl
import pypto.language.distributed as pld

M = pl.dynamic("M")


@pl.program
class Boundaries:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(
        self,
        x: pl.Tensor[[M, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[M, 16], pl.FP32]],
        k: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[M, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 16])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def fill(
        self,
        out: pl.Out[pl.Tensor[[8, 16], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]],
    ) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.tile.full([8, 16], dtype=pl.FP32, value=0.0)
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def viewed(self, x: pl.Tensor[[8, 4], pl.FP32]) -> pl.Tensor[[8, 4], pl.FP32]:
        same: pl.Tensor[[8, 4], pl.FP32, pl.TensorView(stride=[4, 1], layout=pl.TensorLayout.ND)] = x
        return same

    @pl.function(type=pl.FunctionType.InCore)
    def window(self, w: pld.DistributedTensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        return w

    @pl.function(type=pl.FunctionType.InCore)
    def pick(
        self, x: pl.Tensor[[16, 16], pl.FP32], flag: pl.Scalar[pl.INDEX]
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        if flag > 0:
            a = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(a)
        else:
            b = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            s = pl.yield_(b)
        for i, (acc,) in pl.range(2, init_values=(s,)):
            v = pl.load(x, [0, 0], [16, 16])
            r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(v)
        return pl.store(r, [0, 0], x)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[8, 16], pl.FP32],
        b: pl.Out[pl.Tensor[[8, 16], pl.FP32]],
    ) -> pl.Tensor[[8, 16], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(0,)):
            b = self.scale(a, b, i)
            n: pl.Scalar[pl.INT64] = pl.yield_(acc)
        c = self.fill(b)
        return c
