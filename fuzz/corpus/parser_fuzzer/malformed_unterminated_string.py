# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.cast(x, target_type=pl.FP16, mode='round)
        return a