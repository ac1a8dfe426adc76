# Phis and loop-carried tiles share one buffer (codegen/phi_buffers.cc): the
# producer of each branch's result writes the if's buffer, a loop's update is
# computed in the carried buffer (in place for an element-wise op), and a
# loop's init is computed in it - one pto.alloc_tile, no pto.tmov, as
# upstream PyPTO emits with the PTOAS memory planner. Before this, every
# value had a buffer of its own and a copy into the phi: 35 alloc_tile and
# 24 tmov in this file, now 13 and 1 (the pass-through branch's copy).
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# CHECK-LABEL: func.func @if_phi(
# CHECK: %a = pto.alloc_tile
# CHECK-NEXT: %r = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: scf.if
# CHECK-NEXT: pto.tadds ins(%a, %cst : {{.*}}) outs(%r :
# CHECK-NEXT: } else {
# CHECK-NEXT: pto.tmuls ins(%a, %cst_1 : {{.*}}) outs(%r :
# CHECK-NEXT: }
# CHECK: pto.tstore ins(%r :
# CHECK-NOT: pto.tmov
#
# One branch passes an outer tile through: only it is copied.
# CHECK-LABEL: func.func @if_phi_pass_through(
# CHECK: %a = pto.alloc_tile
# CHECK-NEXT: %r = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: scf.if
# CHECK-NEXT: pto.tadds ins(%a, %cst : {{.*}}) outs(%r :
# CHECK-NEXT: } else {
# CHECK-NEXT: pto.tmov ins(%a : {{.*}}) outs(%r :
# CHECK-NEXT: }
# CHECK: pto.tstore ins(%r :
#
# An if in a branch: its result, and its branches', are the outer phi's.
# CHECK-LABEL: func.func @nested_if_phi(
# CHECK: %a = pto.alloc_tile
# CHECK-NEXT: %r = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: pto.tadds ins(%a, %cst : {{.*}}) outs(%r :
# CHECK: pto.tsubs ins(%a, %cst : {{.*}}) outs(%r :
# CHECK: pto.tmuls ins(%a, %cst_1 : {{.*}}) outs(%r :
# CHECK: pto.tstore ins(%r :
# CHECK-NOT: pto.tmov
#
# The accumulator: the init is loaded into the carried buffer, updated in place.
# CHECK-LABEL: func.func @loop_acc(
# CHECK: %acc0 = pto.alloc_tile
# CHECK-NEXT: %t = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: pto.tload ins(%a_pview : {{.*}}) outs(%acc0 :
# CHECK-NEXT: scf.for %i = %c0 to %arg1 step %c1 {
# CHECK: pto.tadd ins(%acc0, %t : {{.*}}) outs(%acc0 :
# CHECK-NEXT: }
# CHECK: pto.tstore ins(%acc0 :
# CHECK-NOT: pto.tmov
#
# The accumulator updated through an if: 5 alloc_tile and 4 tmov before.
# CHECK-LABEL: func.func @loop_if_phi(
# CHECK: %acc0 = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: scf.for
# CHECK: scf.if
# CHECK-NEXT: pto.tadds ins(%acc0, %cst : {{.*}}) outs(%acc0 :
# CHECK-NEXT: } else {
# CHECK-NEXT: pto.tmuls ins(%acc0, %cst_1 : {{.*}}) outs(%acc0 :
# CHECK-NEXT: }
# CHECK-NEXT: }
# CHECK: pto.tstore ins(%acc0 :
# CHECK-NOT: pto.tmov
#
# CHECK-LABEL: func.func @nested_loops(
# CHECK: %acc0 = pto.alloc_tile
# CHECK-NEXT: %t = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: pto.texpands ins(%cst : f32) outs(%acc0 :
# CHECK: pto.tadd ins(%acc0, %t : {{.*}}) outs(%acc0 :
# CHECK: pto.tstore ins(%acc0 :
# CHECK-NOT: pto.tmov
#
# CHECK-LABEL: func.func @while_acc(
# CHECK: %a0 = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: scf.while
# CHECK: pto.tmuls ins(%a0, %cst : {{.*}}) outs(%a0 :
# CHECK: pto.tstore ins(%a0 :
# CHECK-NOT: pto.tmov
#
# The second loop's init is the first loop's result.
# CHECK-LABEL: func.func @sequential_loops(
# CHECK: %a0 = pto.alloc_tile
# CHECK-NOT: pto.alloc_tile
# CHECK: pto.tadds ins(%a0, %cst : {{.*}}) outs(%a0 :
# CHECK: pto.tmuls ins(%a0, %cst_1 : {{.*}}) outs(%a0 :
# CHECK: pto.tstore ins(%a0 :
# CHECK-NOT: pto.tmov

# pypto.program: PhiShared
import pypto.language as pl

@pl.program
class PhiShared:
    @pl.function(type=pl.FunctionType.InCore)
    def if_phi(self, x: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        if flag == 0:
            r1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a, 1.0)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(r1)
        else:
            r2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(a, 2.0)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(r2)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def if_phi_pass_through(self, x: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        if flag == 0:
            r1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a, 1.0)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(r1)
        else:
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(a)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def nested_if_phi(self, x: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        if flag == 0:
            if flag == 1:
                q1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a, 1.0)
                q: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(q1)
            else:
                q2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.subs(a, 1.0)
                q: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(q2)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(q)
        else:
            r2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(a, 2.0)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(r2)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def loop_acc(self, a: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(n, init_values=(acc0,)):
            t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [i * 64, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
            nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, t)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def loop_if_phi(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            if i == 0:
                a1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(acc, 1.0)
                p: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(a1)
            else:
                a2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(acc, 2.0)
                p: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(a2)
            acc_out: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(p)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(acc_out, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def nested_loops(self, x: pl.Tensor[[256, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.full([64, 64], dtype=pl.FP32, value=0.0)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            for j, (acc2,) in pl.range(2, init_values=(acc,)):
                t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [i * 128 + j * 64, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
                nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc2, t)
                r2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(r2)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(r, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def while_acc(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for (k, acc) in pl.while_(init_values=(0, a0)):
            pl.cond(k < 4)
            nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(acc, 2.0)
            k2: pl.Scalar[pl.INDEX] = k + 1
            k_out, acc_out = pl.yield_(k2, nxt)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(acc_out, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def sequential_loops(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (a,) in pl.range(4, init_values=(a0,)):
            n1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a, 1.0)
            r1: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(n1)
        for j, (b,) in pl.range(4, init_values=(r1,)):
            n2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(b, 2.0)
            r2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(n2)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(r2, [0, 0], out)
        return o
