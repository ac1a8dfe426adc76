# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        b: pl.Scalar[pl.INDEX] = a + 99999999999999999999999
        c: pl.Scalar[pl.INDEX] = -9223372036854775808
        d: pl.Scalar[pl.FP32] = 1e999999
        return c