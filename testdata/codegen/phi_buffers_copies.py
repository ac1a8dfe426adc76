# Where sharing a phi's buffer would let a write clobber a value still to be
# read, the value keeps its own buffer and is copied with pto.tmov
# (codegen/phi_buffers.cc), and a yield's copies are ordered so that none
# reads a buffer an earlier one wrote.
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
#
# `acc` is read after `acc2` is computed: acc2 may not overwrite it.
# CHECK-LABEL: func.func @read_after_update(
# CHECK: %acc0 = pto.alloc_tile
# CHECK-NEXT: %t = pto.alloc_tile
# CHECK-NEXT: %acc2 = pto.alloc_tile
# CHECK-NEXT: %y = pto.alloc_tile
# CHECK: pto.tadd ins(%acc0, %t : {{.*}}) outs(%acc2 :
# CHECK-NEXT: pto.tmuls ins(%acc0, %cst : {{.*}}) outs(%y :
# CHECK: pto.tmov ins(%acc2 : {{.*}}) outs(%acc0 :
# CHECK-NEXT: }
#
# The init is read after the loop: copied in; the update is still in place.
# CHECK-LABEL: func.func @init_used_after(
# CHECK: %acc0 = pto.alloc_tile
# CHECK-NEXT: %acc = pto.alloc_tile
# CHECK: pto.tmov ins(%acc0 : {{.*}}) outs(%acc :
# CHECK-NEXT: scf.for
# CHECK-NEXT: pto.tadds ins(%acc, %cst : {{.*}}) outs(%acc :
# CHECK-NEXT: }
# CHECK-NEXT: pto.tsub ins(%acc, %acc0 :
#
# The init is read in the body.
# CHECK-LABEL: func.func @init_read_in_body(
# CHECK: pto.tmov ins(%acc0 : {{.*}}) outs(%acc :
# CHECK-NEXT: scf.for
# CHECK-NEXT: pto.tadd ins(%acc, %acc0 : {{.*}}) outs(%acc :
#
# Both branches yield tiles defined before the if, and read after it.
# CHECK-LABEL: func.func @outer_values(
# CHECK: %r = pto.alloc_tile
# CHECK: pto.tadds ins(%a, %cst : {{.*}}) outs(%b :
# CHECK: scf.if
# CHECK-NEXT: pto.tmov ins(%a : {{.*}}) outs(%r :
# CHECK-NEXT: } else {
# CHECK-NEXT: pto.tmov ins(%b : {{.*}}) outs(%r :
# CHECK-NEXT: }
# CHECK-NEXT: pto.tsub ins(%r, %a :
#
# One value yielded to two carried tiles: the second gets a copy.
# CHECK-LABEL: func.func @yielded_twice(
# CHECK: pto.tadd ins(%a0, %b0 : {{.*}}) outs(%a0 :
# CHECK-NEXT: pto.tmov ins(%a0 : {{.*}}) outs(%b0 :
# CHECK-NEXT: }
#
# `yield nxt, cur`: cur is read by the yield, so nxt has its own buffer, and
# cur is copied out before nxt is copied over it.
# CHECK-LABEL: func.func @previous_value(
# CHECK: pto.tadd ins(%c0, %p0 : {{.*}}) outs(%nxt :
# CHECK-NEXT: pto.tmov ins(%c0 : {{.*}}) outs(%p0 :
# CHECK-NEXT: pto.tmov ins(%nxt : {{.*}}) outs(%c0 :
# CHECK-NEXT: }
#
# `yield b, a` swaps through a temporary buffer.
# CHECK-LABEL: func.func @swap(
# CHECK: %a_swap = pto.alloc_tile
# CHECK: scf.for
# CHECK-NEXT: pto.tmov ins(%a0 : {{.*}}) outs(%a_swap :
# CHECK-NEXT: pto.tmov ins(%b0 : {{.*}}) outs(%a0 :
# CHECK-NEXT: pto.tmov ins(%a_swap : {{.*}}) outs(%b0 :
# CHECK-NEXT: }
#
# A transpose may not write the buffer it reads.
# CHECK-LABEL: func.func @not_in_place(
# CHECK: %nxt = pto.alloc_tile
# CHECK: pto.ttrans ins(%acc0, %nxt_tmp : {{.*}}) outs(%nxt :
# CHECK-NEXT: pto.tmov ins(%nxt : {{.*}}) outs(%acc0 :

# pypto.program: PhiCopies
import pypto.language as pl

@pl.program
class PhiCopies:
    @pl.function(type=pl.FunctionType.InCore)
    def read_after_update(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            t: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
            acc2: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, t)
            y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(acc, 2.0)
            s: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(y, [0, 0], out)
            acc_out: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(acc2)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(acc_out, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def init_used_after(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(acc, 1.0)
            acc_out: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
        d: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(acc_out, acc0)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(d, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def init_read_in_body(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc, acc0)
            acc_out: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(acc_out, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def outer_values(self, x: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        b: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a, 1.0)
        if flag == 0:
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(a)
        else:
            r: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(b)
        d: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(r, a)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(d, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def yielded_twice(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        b0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (a, b) in pl.range(4, init_values=(a0, b0)):
            n: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(a, b)
            a_out, b_out = pl.yield_(n, n)
        d: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(a_out, b_out)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(d, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def previous_value(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        c0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        p0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (cur, prev) in pl.range(4, init_values=(c0, p0)):
            nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(cur, prev)
            cur_out, prev_out = pl.yield_(nxt, cur)
        d: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(cur_out, prev_out)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(d, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def swap(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        a0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        b0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.adds(a0, 1.0)
        for i, (a, b) in pl.range(3, init_values=(a0, b0)):
            a_out, b_out = pl.yield_(b, a)
        d: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sub(a_out, b_out)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(d, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def not_in_place(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        acc0: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            nxt: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.transpose(acc, 0, 1)
            acc_out: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
        o: pl.Tensor[[64, 64], pl.FP32] = pl.tile.store(acc_out, [0, 0], out)
        return o
