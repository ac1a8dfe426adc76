# Issue #20 batch B: tile.gather, gatherb, gather_mask, gather_compare (a tuple result), scatter,
# scatter_mask and gather_row (valid_shape printed as a keyword, before the kwargs)
# parse, print in canonical form and print back identically.
#
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/tile_gather_scatter.py
# RUN: FileCheck %s < $TEST_TMPDIR/tile_gather_scatter.py
# RUN: pto-opt $TEST_TMPDIR/tile_gather_scatter.py --passes=none | diff $TEST_TMPDIR/tile_gather_scatter.py -
#
# CHECK: g: pl.Tile{{\[\[}}8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.gather(src, idx, idx)
# CHECK: b: pl.Tile{{\[\[}}4, 128], pl.FP16, pl.Mem.Vec] = pl.tile.gatherb(src, off, output_dtype=pl.FP16)
# CHECK: m: pl.Tile{{\[\[}}8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.gather_mask(src, mask_pattern=1)
# CHECK: c: pl.Tuple[pl.Tile{{\[\[}}8, 16], pl.INT32, pl.Mem.Vec], pl.Tile{{\[\[}}1, 8], pl.UINT32, pl.Mem.Vec]] = pl.tile.gather_compare(src, kv, tmp, cmp_mode=4, offset=0, out_cols=16, count_dtype=pl.UINT32)
# CHECK: s: pl.Tile{{\[\[}}8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.scatter(dst, src, idx)
# CHECK: t: pl.Tile{{\[\[}}8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.scatter_mask(s, src, mask_pattern=2)
# CHECK: a: pl.Tile{{\[\[}}64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.gather_row(dst, src, [3, 0], [r, 0], [1, 128], transpose=False)
# CHECK: b: pl.Tile{{\[\[}}64, 128], pl.BF16, pl.Mem.Mat] = pl.tile.gather_row(a, src, [4, 0], [r, 0], [1, 128], valid_shape=[1, 64], transpose=False)

import pypto.language as pl

@pl.program
class TileGatherScatter:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec], idx: pl.Tile[[8, 64], pl.INT32, pl.Mem.Vec], off: pl.Tile[[4, 8], pl.UINT32, pl.Mem.Vec], tmp: pl.Tile[[8, 64], pl.UINT8, pl.Mem.Vec], kv: pl.Scalar[pl.FP32], dst: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec]:
        g = pl.tile.gather(src, idx, idx)
        b = pl.tile.gatherb(src, off, output_dtype=pl.FP16)
        m = pl.tile.gather_mask(src, mask_pattern=1)
        c = pl.tile.gather_compare(src, kv, tmp, cmp_mode=4, offset=0, out_cols=16, count_dtype=pl.UINT32)
        s = pl.tile.scatter(dst, src, idx)
        t = pl.tile.scatter_mask(s, src, mask_pattern=2)
        return t

    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, dst: pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat], src: pl.Tensor[[4096, 128], pl.BF16], r: pl.Scalar[pl.INDEX]) -> pl.Tile[[64, 128], pl.BF16, pl.Mem.Mat]:
        a = pl.tile.gather_row(dst, src, [3, 0], [r, 0], [1, 128])
        b = pl.tile.gather_row(a, src, [4, 0], [r, 0], [1, 128], transpose=False, valid_shape=[1, 64])
        return b
