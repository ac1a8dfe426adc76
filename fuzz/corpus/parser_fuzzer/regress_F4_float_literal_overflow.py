# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self) -> pl.Scalar[pl.FP32]:
        d: pl.Scalar[pl.FP32] = 1e999
        return d
