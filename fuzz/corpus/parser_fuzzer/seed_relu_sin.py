# pypto.program: ReluSin
import pypto.language as pl

@pl.program
class ReluSin:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def kernel(x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        # relu(sin(x)), quantized to INT8 and widened back to FP16.
        s: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.sin(t)
        positive: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 8])] = pl.tile.cmps(s, 0.0, cmp_type=4)
        r: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.select(positive, s, 0.0)
        scaled: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.muls(r, 127.0)
        q: pl.Tile[[16, 64], pl.INT8, pl.Mem.Vec] = pl.tile.cast(scaled, target_type=pl.INT8, mode='round')
        h: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.cast(q, target_type=pl.FP16, mode='none')
        o: pl.Tensor[[16, 64], pl.FP16] = pl.tile.store(h, [0, 0], out)
        return o
