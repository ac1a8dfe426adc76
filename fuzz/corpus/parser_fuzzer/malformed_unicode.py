# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        été: pl.Scalar[pl.INDEX] = a + 1  # café ☃
        return été