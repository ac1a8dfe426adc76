# pypto.program: Program
import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def f0(self):
        full: pl.Tile[[3], pl.FP8E5M2, pl.Mem.Vec] = pl.tile.full([3], dtype=pl.FP8E5M2, value=2)
        full_1: pl.Tensor[[3], pl.FP8E5M2] = pl.tensor.full([3], dtype=pl.FP8E5M2, value=0.0)
        pl.tile.store(full, [0], full_1)
        create: pl.Tile[[16, 1, 128], pl.FP16, pl.Mem.Vec] = pl.tile.create([16, 1, 128], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        div: pl.Tile[[16, 1, 128], pl.FP16, pl.Mem.Vec] = pl.tile.div(create, create, high_precision=False)
        for j in pl.unroll(2):
            create_1: pl.Tensor[[3, 48], pl.FP32] = pl.tensor.create([3, 48], dtype=pl.FP32, layout=pl.TensorLayout.ND)
            subs: pl.Tensor[[3, 48], pl.FP32] = pl.tensor.subs(create_1, pl.const(14, pl.INT8))
            create_2: pl.Tensor[[1, 1, 32], pl.INT16] = pl.tensor.create([1, 1, 32], dtype=pl.INT16, layout=pl.TensorLayout.ND, manual_dep=True)
            cmp: pl.Tile[[32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[1])] = pl.tile.cmp(full, full, cmp_type=4)
            create_3: pl.Tile[[32, 128], pl.FP16, pl.Mem.Vec] = pl.tile.create([32, 128], dtype=pl.FP16, target_memory=pl.Mem.Vec)
            full_2: pl.Tile[[1, 128], pl.FP16, pl.Mem.Vec] = pl.tile.full([1, 128], dtype=pl.FP16, value=2)
            full_3: pl.Tile[[1, 128], pl.FP16, pl.Mem.Vec] = pl.tile.full([1, 128], dtype=pl.FP16, value=0)
            tquant_mx_raw: pl.Tuple[pl.Tile[[32, 128], pl.INT8, pl.Mem.Vec], pl.Tile[[1, 128], pl.UINT8, pl.Mem.Vec, pl.TileView(fractal=32)]] = pl.tile.tquant_mx_raw(create_3, full_2, full_3, dtype=pl.FP8E4M3FN, group_axis=0)
            elt: pl.Tile[[32, 128], pl.INT8, pl.Mem.Vec] = tquant_mx_raw[0]
            elt_1: pl.Tile[[1, 128], pl.UINT8, pl.Mem.Vec, pl.TileView(fractal=32)] = tquant_mx_raw[1]
        # generated
        if pl.const(2, pl.INDEX) != pl.const(0, pl.INDEX):
            full_4: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec] = pl.tile.full([16, 64], dtype=pl.BF16, value=2)
            create_4: pl.Tile[[32], pl.BF16, pl.Mem.Vec] = pl.tile.create([32], dtype=pl.BF16, target_memory=pl.Mem.Vec)
            create_5: pl.Tile[[32], pl.BF16, pl.Mem.Vec] = pl.tile.create([32], dtype=pl.BF16, target_memory=pl.Mem.Vec)
            tquant_mx_raw_1: pl.Tuple[pl.Tile[[16, 64], pl.INT8, pl.Mem.Vec], pl.Tile[[1, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(fractal=32)]] = pl.tile.tquant_mx_raw(full_4, create_4, create_5, dtype=pl.FP8E4M3FN, group_axis=1)
        return