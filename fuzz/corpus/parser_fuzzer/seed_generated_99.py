# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    def f0(out: pl.Out[pl.Tensor[[1, 1], pl.UINT16, pl.TensorView(stride=[121, 185], layout=pl.TensorLayout.ND)]], b: pl.Out[pl.Tensor[[1, 1], pl.UINT16, pl.TensorView(stride=[121, 185], layout=pl.TensorLayout.ND)]], out_1: pl.Scalar[pl.INT64]):
        full: pl.Tile[[128, 16], pl.BF16, pl.Mem.Vec] = pl.tile.full([128, 16], dtype=pl.BF16, value=2.5)
        minimum: pl.Tile[[128, 16], pl.BF16, pl.Mem.Vec] = pl.tile.minimum(full, full)
        for i in pl.unroll(pl.const(0, pl.INT64), pl.const(4, pl.INT64), pl.const(1, pl.INT64)):
            pass
        min: pl.Scalar[pl.INT64] = out_1 * out_1
        s: pl.Scalar[pl.INT64] = min << pl.const(13, pl.INT64)
        cmps: pl.Tile[[128, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[128, 2])] = pl.tile.cmps(full, s, cmp_type=0)
        set_validshape: pl.Tile[[128, 16], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[40, 4])] = pl.tile.set_validshape(full, 40, 4)
        full_1: pl.Tile[[32, 3, 128], pl.FP32, pl.Mem.Vec] = pl.tile.full([32, 3, 128], dtype=pl.FP32, value=2.5)
        cos: pl.Tile[[32, 3, 128], pl.FP32, pl.Mem.Vec] = pl.tile.cos(full_1)
        create: pl.Tile[[64, 128], pl.BF16, pl.Mem.Vec] = pl.tile.create([64, 128], dtype=pl.BF16, target_memory=pl.Mem.Vec)
        create_1: pl.Tile[[256], pl.BF16, pl.Mem.Vec] = pl.tile.create([256], dtype=pl.BF16, target_memory=pl.Mem.Vec)
        create_2: pl.Tile[[256], pl.BF16, pl.Mem.Vec] = pl.tile.create([256], dtype=pl.BF16, target_memory=pl.Mem.Vec)
        tquant_mx_raw: pl.Tuple[pl.Tile[[64, 128], pl.INT8, pl.Mem.Vec], pl.Tile[[2, 128], pl.UINT8, pl.Mem.Vec, pl.TileView(fractal=32)]] = pl.tile.tquant_mx_raw(create, create_1, create_2, dtype=pl.FP8E4M3FN, group_axis=0)
        elt: pl.Tile[[64, 128], pl.INT8, pl.Mem.Vec] = tquant_mx_raw[0]
        tup: pl.Tuple[pl.Scalar[pl.INT64], pl.Tile[[128, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[128, 2])], pl.Tuple[pl.Tile[[64, 128], pl.INT8, pl.Mem.Vec], pl.Tile[[2, 128], pl.UINT8, pl.Mem.Vec, pl.TileView(fractal=32)]]] = [out_1, cmps, tquant_mx_raw]
        tup_1: pl.Tuple[pl.Tensor[[1, 1], pl.UINT16, pl.TensorView(stride=[121, 185], layout=pl.TensorLayout.ND)]] = [out]
        s_1: pl.Scalar[pl.BOOL] = s <= pl.const(0, pl.INT64)
        return
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def f1():
        return
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def f2():
        return