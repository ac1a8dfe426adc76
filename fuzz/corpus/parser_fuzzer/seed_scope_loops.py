import pypto.language as pl


@pl.program
class ScopeLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def lanes(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(x)
        return h

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4), pl.split(pl.SplitMode.UP_DOWN)]) as tid:
            b = x
        for blk in pl.spmd(n, sync_start=True):
            c = b
        with pl.spmd(4) as t2:
            d = c
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(d)
        for p, q in pl.while_(init_values=(n, n)):
            pl.cond(p < n)
            p2, q2 = pl.yield_(p + 1, q)
        return h

    @pl.function
    def carried(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(x,)):
            with pl.scope():
                nxt = acc
                acc2 = pl.yield_(nxt)
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.optimizations.split(pl.SplitMode.NONE)]):
            for aiv in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                pass
        return acc2
