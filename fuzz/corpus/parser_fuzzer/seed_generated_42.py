# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    def f0():
        for (acc,) in pl.while_(init_values=(8,)):
            pl.cond(acc != -70104)
            # loop-carried values
            if acc > 6:
                full: pl.Tile[[3, 3, 2], pl.INT16, pl.Mem.Vec] = pl.tile.full([3, 3, 2], dtype=pl.INT16, value=2.5)
                subs: pl.Tile[[3, 3, 2], pl.INT16, pl.Mem.Vec] = pl.tile.subs(full, pl.const(1e+17, pl.BF16))
                res_1: pl.Scalar[pl.INDEX] = pl.yield_(acc)
            else:
                full_1: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.full([64, 128], dtype=pl.FP32, value=0.0)
                adds: pl.Tensor[[64, 128], pl.FP32] = pl.tensor.adds(full_1, pl.const(1, pl.INT8))
                res_1: pl.Scalar[pl.INDEX] = pl.yield_(acc)
            res: pl.Scalar[pl.INDEX] = pl.yield_(acc)
        tup: pl.Tuple[pl.Scalar[pl.INDEX]] = [res]
        s: pl.Scalar[pl.BOOL] = res xor pl.const(8, pl.INT32)
        create: pl.Tensor[[48], pl.FP32] = pl.tensor.create([48], dtype=pl.FP32, layout=pl.TensorLayout.ND)
        sin: pl.Tensor[[48], pl.FP32] = pl.tensor.sin(create)
        n: pl.Scalar[pl.INDEX] = pl.const(14, pl.INDEX) // pl.const(169, pl.INDEX)
        # generated
        for i in pl.unroll(pl.const(3, pl.INT64), n, pl.const(1, pl.INT64)):
            full_2: pl.Tile[[16], pl.FP32, pl.Mem.Vec] = pl.tile.full([16], dtype=pl.FP32, value=0.0)
            sin_1: pl.Tile[[16], pl.FP32, pl.Mem.Vec] = pl.tile.sin(full_2)
            # generated
            if res:
                create_1: pl.Tile[[4, 16], pl.INT16] = pl.tile.create([4, 16], dtype=pl.INT16)
                divs: pl.Tensor[[48], pl.FP32] = pl.tensor.divs(sin, pl.const(0, pl.INT8))
                r: pl.Scalar[pl.INDEX] = pl.yield_(res)
            else:
                r: pl.Scalar[pl.INDEX] = pl.yield_(res)
        return
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def f1():
        return
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def f2():
        return