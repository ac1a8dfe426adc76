# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for (x,) in pl.while_(init_values=(a,)):
            y: pl.Scalar[pl.INDEX] = x + 1
            r: pl.Scalar[pl.INDEX] = pl.yield_(y)
        return r