# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, b: pl.Scalar[pl.INT64], x: pl.Tensor[[64], pl.FP32]):
        t = pl.tile.load(x, [0], [64], [b])
        m = pl.tile.cmps(t, 0.0, cmp_type=1)
        return
