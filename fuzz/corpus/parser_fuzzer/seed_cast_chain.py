# pypto.program: CastChain
import pypto.language as pl

@pl.program
class CastChain:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 64], pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.FP16]]) -> pl.Tensor[[16, 64], pl.FP16]:
        t: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        c: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        q: pl.Tile[[16, 64], pl.INT8, pl.Mem.Vec] = pl.tile.cast(c, target_type=pl.INT8, mode='trunc', saturation_mode='off')
        h: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.cast(q, target_type=pl.FP16, mode='none')
        r: pl.Tensor[[16, 64], pl.FP16] = pl.tile.store(h, [0, 0], out)
        return r
