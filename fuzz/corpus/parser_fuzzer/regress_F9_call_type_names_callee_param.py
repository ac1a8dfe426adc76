# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def g(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[n], pl.FP32]:
        t = pl.tensor.create([n], dtype=pl.FP32)
        return t
    @pl.function
    def f(self):
        r = self.g(3)
        return
