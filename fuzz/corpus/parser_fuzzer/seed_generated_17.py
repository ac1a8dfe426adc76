# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function
    def f0(self, n: pl.Tuple[pl.Scalar[pl.UINT64], pl.Tile[[3, 48, 32], pl.INT8, pl.Mem.Vec, pl.TileView(start_offset=29, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)]]):
        full: pl.Tile[[48, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([48, 128], dtype=pl.FP32, value=1.0)
        full_1: pl.Tile[[192], pl.FP32, pl.Mem.Vec] = pl.tile.full([192], dtype=pl.FP32, value=1.0)
        full_2: pl.Tile[[192], pl.FP32, pl.Mem.Vec] = pl.tile.full([192], dtype=pl.FP32, value=3)
        tquant_mx_raw: pl.Tuple[pl.Tile[[48, 128], pl.INT8, pl.Mem.Vec], pl.Tile[[1, 192], pl.UINT8, pl.Mem.Vec, pl.TileView(fractal=32)]] = pl.tile.tquant_mx_raw(full, full_1, full_2, dtype=pl.FP8E4M3FN, group_axis=1)
        elt: pl.Tile[[48, 128], pl.INT8, pl.Mem.Vec] = tquant_mx_raw[0]
        elt_1: pl.Tile[[1, 192], pl.UINT8, pl.Mem.Vec, pl.TileView(fractal=32)] = tquant_mx_raw[1]
        full_3: pl.Tile[[16, 16, 32], pl.INT8, pl.Mem.Vec] = pl.tile.full([16, 16, 32], dtype=pl.INT8, value=0)
        full_4: pl.Tile[[16], pl.BF16, pl.Mem.Vec] = pl.tile.full([16], dtype=pl.BF16, value=185)
        divs: pl.Tile[[48, 128], pl.FP32, pl.Mem.Vec] = pl.tile.divs(full, pl.const(-2.25, pl.FP16))
        create: pl.Tensor[[4, 8], pl.BF16] = pl.tensor.create([4, 8], dtype=pl.BF16, layout=pl.TensorLayout.ND)
        maximum: pl.Tensor[[4, 8], pl.BF16] = pl.tensor.maximum(create, create)
        minimums: pl.Tile[[16], pl.BF16, pl.Mem.Vec] = pl.tile.minimums(full_4, 6)
        # generated
        if pl.const(4, pl.INDEX) >= pl.const(21972, pl.INDEX):
            full_5: pl.Tensor[[6, 1], pl.FP32] = pl.tensor.full([6, 1], dtype=pl.FP32, value=0.0)
            sin: pl.Tensor[[6, 1], pl.FP32] = pl.tensor.sin(full_5)
            # generated
            if not pl.const(7, pl.INDEX) == pl.const(-3, pl.INDEX):
                s: pl.Scalar[pl.INDEX] = pl.cast(pl.const(3, pl.UINT8), pl.INDEX) + 0
                r: pl.Tile[[16, 16, 32], pl.INT8, pl.Mem.Vec] = pl.yield_(full_3)
            else:
                r: pl.Tile[[16, 16, 32], pl.INT8, pl.Mem.Vec] = pl.yield_(full_3)
        return