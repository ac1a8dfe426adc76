# tile.reshape is a zero-copy view: pto.treshape of the source to the
# reshaped type (static valid extents, as upstream writes it), the same
# elements in row-major order. The PTO interpreter runs the module and stores
# what the IR interpreter stores (e2e/pto_differential_test runs every golden
# kernel); so does pto-run, on the emitted module and the program.
#
# RUN: pto-opt %s --emit=pto | FileCheck %s
# RUN: pto-opt %s --emit=pto --backend=a2a3 | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/rs && mkdir -p $TEST_TMPDIR/rs && pto-opt %s --emit=pto -o $TEST_TMPDIR/rs/k.pto
# RUN: pto-run $TEST_TMPDIR/rs/k.pto --func=wide --seed=2 --out-dir=$TEST_TMPDIR/rs/pto 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
# RUN: pto-run %s --func=wide --passes=default --in=x=$TEST_TMPDIR/rs/pto/x.npy --out-dir=$TEST_TMPDIR/rs/ir
# RUN: cmp $TEST_TMPDIR/rs/ir/out.npy $TEST_TMPDIR/rs/pto/out.npy
#
# CHECK-LABEL: func.func @wide(
# CHECK: pto.tload ins(%x_pview : {{.*}}) outs(%t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
# CHECK-NEXT: %r = pto.treshape %t : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32,
# CHECK-NEXT: pto.tadds ins(%r, %cst : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32,
# CHECK-LABEL: func.func @flat(
# CHECK: %r = pto.treshape %t : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=512, v_row=1, v_col=512,
# QUIET-NOT: warning

# pypto.program: Reshape
import pypto.language as pl

@pl.program
class Reshape:
    @pl.function(type=pl.FunctionType.InCore)
    def wide(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        r = pl.tile.reshape(t, [32, 32])
        u = pl.tile.adds(r, 1.0)
        o = pl.tile.store(u, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def flat(self, x: pl.Tensor[[16, 32], pl.FP16], out: pl.Out[pl.Tensor[[512], pl.FP16]]) -> pl.Tensor[[512], pl.FP16]:
        t = pl.tile.load(x, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Vec)
        r = pl.tile.reshape(t, [512])
        u = pl.tile.muls(r, 2.0)
        o = pl.tile.store(u, [0], out)
        return o
