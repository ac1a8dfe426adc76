import pypto.language as pl

@pl.program
class Program:
    @pl.function(level=pl.Level.GLOBAL, role=pl.Role.SubWorker)
    def f0(a: pl.Tensor[[8], pl.FP32]):
        x = g([1,
         2])
        return x
