# pypto.program: P
import pypto.language as pl

N = pl.dynamic("N")
N = pl.dynamic("M")

@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[N], pl.FP32]):
        return
