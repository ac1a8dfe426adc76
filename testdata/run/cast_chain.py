# pto-run: INT32 -> FP16 computed directly (no passes) and through the chain
# LegalizeTileCast builds for a5 (INT32 -> FP32 -> FP16) give the same bits:
# the spec's exact class. 2049 ties away from zero ('round') to 2050, 65520
# and beyond overflow to +-Inf (saturation off, the float default).
#
# RUN: rm -rf $TEST_TMPDIR/cc && mkdir -p $TEST_TMPDIR/cc && printf '\x93NUMPY\x01\x00v\x00{\x27descr\x27: \x27<i4\x27, \x27fortran_order\x27: False, \x27shape\x27: (1, 8), }                                                          \x0a\x01\x00\x00\x00\xff\xff\xff\xff\x01\x08\x00\x00\xef\xff\x00\x00\xf0\xff\x00\x00\x90\xee\xfe\xff\xa0\x86\x01\x00\x00\x00\x00\x00' > $TEST_TMPDIR/cc/x.npy
# RUN: pto-run %s --func=k --in=x=$TEST_TMPDIR/cc/x.npy --out-dir=$TEST_TMPDIR/cc/direct
# RUN: pto-run %s --func=k --passes=legalize-tile-cast --backend=a5 --in=x=$TEST_TMPDIR/cc/x.npy --out-dir=$TEST_TMPDIR/cc/chain
# RUN: cmp $TEST_TMPDIR/cc/direct/out.npy $TEST_TMPDIR/cc/chain/out.npy
# RUN: od -A n -t x2 -j 128 -v $TEST_TMPDIR/cc/chain/out.npy | FileCheck %s
# CHECK: 3c00 bc00 6801 7bff 7c00 fc00 7c00 0000
import pypto.language as pl

@pl.program
class CastChain:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[1, 8], pl.INT32], out: pl.Out[pl.Tensor[[1, 8], pl.FP16]]) -> pl.Tensor[[1, 8], pl.FP16]:
        t: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        c: pl.Tile[[1, 8], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[1, 8], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r
