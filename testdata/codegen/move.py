# tile.move copies a tile into another memory space: one pto.tmov into the
# result's own buffer (TMOV has no in-place form), through Mat and back to
# Vec here. Both interpreters agree on it (e2e/pto_differential_test), and
# pto-run on the program and on its PTO store the same.
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
# RUN: pto-opt %s --emit=pto --backend=a2a3 | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/mv && mkdir -p $TEST_TMPDIR/mv && pto-opt %s --emit=pto -o $TEST_TMPDIR/mv/k.pto
# RUN: pto-run $TEST_TMPDIR/mv/k.pto --seed=3 --out-dir=$TEST_TMPDIR/mv/pto
# RUN: pto-run %s --func=k --passes=default --in=x=$TEST_TMPDIR/mv/pto/x.npy --out-dir=$TEST_TMPDIR/mv/ir
# RUN: cmp $TEST_TMPDIR/mv/ir/out.npy $TEST_TMPDIR/mv/pto/out.npy
#
# CHECK: %m = pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64,
# CHECK: %v = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64,
# CHECK: pto.tmov ins(%t : !pto.tile_buf<loc=vec, {{.*}}>) outs(%m : !pto.tile_buf<loc=mat,
# CHECK-NEXT: pto.tmov ins(%m : !pto.tile_buf<loc=mat, {{.*}}>) outs(%v : !pto.tile_buf<loc=vec,

# pypto.program: Move
import pypto.language as pl

@pl.program
class Move:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        t = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        m = pl.tile.move(t, target_memory=pl.Mem.Mat)
        v = pl.tile.move(m, target_memory=pl.Mem.Vec)
        o = pl.tile.store(v, [0, 0], out)
        return o
