# pypto.program: P
import pypto.language as pl

M = pl.dynamic("N")

@pl.program
class P:
    @pl.function
    def f(self, N: pl.Tensor[[M], pl.FP32], x: pl.Tensor[[M], pl.FP32]):
        return
