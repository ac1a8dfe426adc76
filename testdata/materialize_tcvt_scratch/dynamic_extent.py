# A non-saturating narrowing cast whose source has a dynamic valid extent
# cannot have its A2/A3 scratch sized: an error naming the cast and its
# location, and no output. Saturating, the same cast needs no scratch and
# compiles.
#
# RUN: not pto-opt %s --backend=a2a3 2>&1 | FileCheck %s
# RUN: not pto-opt %s --backend=a2a3 -o %s.out
# RUN: test ! -e %s.out
# RUN: sed "s/, saturation_mode='off'//" %s | pto-opt - --backend=a2a3 --concise | FileCheck %s --check-prefix=SAT
#
# CHECK: dynamic_extent.py:25:13: error: MaterializeTcvtScratch: tile.cast from fp16 to int8 with saturation_mode='off' needs a scratch tile on a2a3, but the scratch size depends on the source's column count and valid rows and columns, which must be compile-time constants (source shape [16, 16], valid shape [16, n]); give the source static extents or pass tmp=
#
# SAT: q = pl.tile.cast(v, target_type=pl.INT8, mode='trunc')
# SAT-NOT: pl.tile.create

# pypto.program: DynamicExtent
import pypto.language as pl

@pl.program
class DynamicExtent:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(hs: pl.Tensor[[16, 16], pl.FP16], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 16], pl.INT8]]) -> pl.Tensor[[16, 16], pl.INT8]:
        h = pl.tile.load(hs, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        v = pl.tile.set_validshape(h, 16, n)
        q = pl.tile.cast(v, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        r = pl.tile.store(q, [0, 0], out)
        return r
