# pypto.program: P
import pypto.language as pl

N = pl.dynamic("a b")

@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[N], pl.FP32]):
        return
