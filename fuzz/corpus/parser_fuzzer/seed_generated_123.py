# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(level=pl.Level.GLOBAL, role=pl.Role.SubWorker)
    def f0(src: pl.Tensor[[32, 8, 3], pl.INT32, pl.TensorView(stride=[], layout=pl.TensorLayout.DN)], t: pl.Tensor[[32, 8, 3], pl.INT32, pl.TensorView(stride=[], layout=pl.TensorLayout.DN)]):
        tup: pl.Tuple[pl.Scalar[pl.UINT8], pl.Scalar[pl.INT32], pl.Tensor[[32, 8, 3], pl.INT32, pl.TensorView(stride=[], layout=pl.TensorLayout.DN)]] = [pl.const(22043, pl.UINT8), pl.const(1, pl.INT32), t]
        for i, (c, acc) in pl.range(3, init_values=(t, tup)):
            s: pl.Scalar[pl.INDEX] = i ** 0
            res, out = pl.yield_(t, acc)
        full: pl.Tile[[48, 16], pl.INT8, pl.Mem.Vec] = pl.tile.full([48, 16], dtype=pl.INT8, value=2)
        cmp: pl.Tile[[48, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[48, 2])] = pl.tile.cmp(full, full, cmp_type=3)
        sels: pl.Tile[[48, 16], pl.INT8, pl.Mem.Vec] = pl.tile.sels(cmp, full, full, pl.const(33662, pl.INT8))
        min: pl.Scalar[pl.INT64] = pl.const(-4, pl.INT64) % pl.const(0, pl.INT64)
        full_1: pl.Tile[[8], pl.FP16, pl.Mem.Vec] = pl.tile.full([8], dtype=pl.FP16, value=2)
        div: pl.Tile[[8], pl.FP16, pl.Mem.Vec] = pl.tile.div(full_1, full_1, high_precision=False)
        return
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def f1():
        return
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def f2():
        return