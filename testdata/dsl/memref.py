# pl.MemRef in tensor and tile annotations: the base by variable (a
# pl.Ptr the body allocates) or by name, a byte offset and a size; a pinned
# declaration by name alone; one slot of a multi-slot allocation. A MemRef
# is printed in upstream's place (a tile: after the dtype, before the memory
# space; a tensor: after its view) and read back; the passes keep it.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# The passes keep a type's MemRef where they keep the type (a lowered
# tile.sin's result):
# RUN: pto-opt %s > $TEST_TMPDIR/lowered.py
# RUN: FileCheck %s --check-prefix=LOWERED < $TEST_TMPDIR/lowered.py
# RUN: pto-opt $TEST_TMPDIR/lowered.py --passes=none | diff $TEST_TMPDIR/lowered.py -
# LOWERED: r: pl.Tensor{{\[\[}}64, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.NZ), pl.MemRef("mem_ddr_1", 0, 16384)] = pl.tile.store(w, [0, 0], out)
# LOWERED: y: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.MemRef("m", 1024, 1024), pl.Mem.Vec] = pl.tile.mul(
# LOWERED-NEXT: z: pl.Tile{{\[\[}}16, 16], pl.FP16, pl.MemRef("m", 0, 512), pl.Mem.Vec] = pl.tile.cast(y,
# Codegen cannot honour a tile's MemRef: a located error, no output.
# RUN: not pto-opt %s --emit=pto > $TEST_TMPDIR/out.pto 2> $TEST_TMPDIR/err.txt
# RUN: FileCheck %s --check-prefix=PTO < $TEST_TMPDIR/err.txt
# RUN: test ! -s $TEST_TMPDIR/out.pto
# The interpreter computes by value and ignores MemRefs:
# RUN: rm -rf $TEST_TMPDIR/run && pto-run %s --func=placed --seed=1 --out-dir=$TEST_TMPDIR/run
# RUN: test -s $TEST_TMPDIR/run/out.npy
# PTO: memref.py:54:9: error: codegen: 'x' is a tile placed by pl.MemRef (in function 'main'); codegen cannot honour a MemRef
#
# In a signature a base prints as a string (the body binds it later):
# CHECK: def main(self, a: pl.Tensor{{\[\[}}64, 64], pl.FP32, pl.MemRef("mem_ddr_0", 0, 16384)], out: pl.Out[pl.Tensor{{\[\[}}64, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.NZ), pl.MemRef("mem_ddr_1", 0, 16384)]]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.NZ)]:
# CHECK: mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 32768)
# In the body, a base the body binds prints bare; the annotation's order of
# memory space and MemRef does not matter:
# CHECK: x: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef(mem_vec_2, 0, 16384), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
# CHECK: y: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef(mem_vec_2, 16384, 16384), pl.Mem.Vec] = pl.tile.add(x, x)
# CHECK: z: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("scratch"), pl.Mem.Vec] = pl.tile.exp(y)
# CHECK: w: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("ring", slots=2)[1], pl.Mem.Vec, pl.TileView(pad=pl.PadValue.zero)] = pl.tile.add(z, z)
# CHECK: r: pl.Tensor{{\[\[}}64, 64], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.NZ), pl.MemRef("mem_ddr_1", 0, 16384)] = pl.tile.store(w, [0, 0], out)
# CHECK: return r
#
# A loop-carried slot: the offset and the index name the loop variable.
# CHECK: for i, (acc,) in pl.range(4, init_values=(t0,)):
# CHECK: t: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.MemRef("buf", i % 2 * 1024, 1024, slots=2)[i % 2], pl.Mem.Vec] = pl.tile.add(acc, acc)
import pypto.language as pl


@pl.program
class MemRefs:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32, pl.MemRef("mem_ddr_0", 0, 16384)],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32, pl.NZ, pl.MemRef("mem_ddr_1", 0, 16384)]],
    ) -> pl.Tensor[[64, 64], pl.FP32, pl.NZ]:
        mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 32768)
        x: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.MemRef(mem_vec_2, 0, 16384)] = pl.load(a, [0, 0], [64, 64])
        y: pl.Tile[[64, 64], pl.FP32, pl.MemRef(mem_vec_2, 16384, 16384), pl.Mem.Vec] = pl.add(x, x)
        z: pl.Tile[[64, 64], pl.FP32, pl.MemRef("scratch"), pl.Mem.Vec] = pl.exp(y)
        w: pl.Tile[[64, 64], pl.FP32, pl.TileView(pad=pl.PadValue.zero), pl.Mem.Vec, pl.MemRef("ring", slots=2)[1]] = pl.add(z, z)
        r: pl.Tensor[[64, 64], pl.FP32, pl.NZ, pl.MemRef("mem_ddr_1", 0, 16384)] = pl.store(w, [0, 0], out)
        return r

    @pl.function
    def rotate(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]:
        t0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(a, [0, 0], [16, 16])
        for i, (acc,) in pl.range(4, init_values=(t0,)):
            t: pl.Tile[[16, 16], pl.FP32, pl.MemRef("buf", i % 2 * 1024, 1024, slots=2)[i % 2], pl.Mem.Vec] = pl.add(acc, acc)
            acc_next = pl.yield_(t)
        return acc_next

    @pl.function(type=pl.FunctionType.InCore)
    def placed(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        x: pl.Tile[[16, 16], pl.FP32, pl.MemRef("m", 0, 1024), pl.Mem.Vec] = pl.load(a, [0, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32, pl.MemRef("m", 1024, 1024), pl.Mem.Vec] = pl.sin(x)
        z: pl.Tile[[16, 16], pl.FP16, pl.MemRef("m", 0, 512), pl.Mem.Vec] = pl.cast(y, pl.FP16, mode="round")
        r: pl.Tensor[[16, 16], pl.FP16] = pl.store(z, [0, 0], out)
        return r
