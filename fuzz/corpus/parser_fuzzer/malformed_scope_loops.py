import pypto.language as pl


@pl.program
class Bad:
    @pl.function
    def f(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        for a in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            for b in pl.split_aiv(2, mode=pl.SplitMode.NONE):
                pass
        with pl.spmd(4) as (t, u):
            pass
        for i in pl.spmd(4, init_values=(x,)):
            y = pl.aiv_shard(x, split=1)
        with pl.scope():
            z = pl.yield_(x)
        return x
