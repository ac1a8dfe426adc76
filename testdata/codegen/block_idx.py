# tile.get_block_idx / tile.get_block_num read upstream's SPMD identity
# arguments: a kernel that uses either ends its signature with
# `%__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32`, which the
# runtime fills, and each read is an arith.index_cast of one. A kernel that
# reads neither has no such arguments. The PTO interpreter runs the kernel as
# block 0 of 1, as the IR interpreter does (e2e/pto_differential_test).
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
# RUN: pto-opt %s --emit=pto --backend=a2a3 | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/bi && mkdir -p $TEST_TMPDIR/bi && pto-opt %s --emit=pto -o $TEST_TMPDIR/bi/k.pto
# RUN: pto-run $TEST_TMPDIR/bi/k.pto --func=rows --seed=4 --out-dir=$TEST_TMPDIR/bi/pto
# RUN: pto-run %s --func=rows --passes=default --in=x=$TEST_TMPDIR/bi/pto/x.npy --out-dir=$TEST_TMPDIR/bi/ir
# Block 0 writes rows 0-15: the .npy header (128 bytes) and 16 x 32 FP32.
# RUN: cmp -n 2176 $TEST_TMPDIR/bi/ir/out.npy $TEST_TMPDIR/bi/pto/out.npy
#
# CHECK-LABEL: func.func @rows(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32) {
# CHECK: %b = arith.index_cast %__pypto_spmd_block_idx : i32 to index
# CHECK: %n = arith.index_cast %__pypto_spmd_block_num : i32 to index
# CHECK-LABEL: func.func @plain(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>) {

# pypto.program: BlockIdx
import pypto.language as pl

@pl.program
class BlockIdx:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[64, 32], pl.FP32], out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        b = pl.tile.get_block_idx()
        n = pl.tile.get_block_num()
        row = b * 16
        t = pl.tile.load(x, [row, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        u = pl.tile.adds(t, 1.0)
        o = pl.tile.store(u, [row, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def plain(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        o = pl.tile.store(t, [0, 0], out)
        return o
