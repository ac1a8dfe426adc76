# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 