# TSELS on 8-bit sources exists on a5 only: codegen for a2a3 rejects the
# tile.sels (at the call, naming it) and writes nothing; a5 emits it, the
# scalar typed like the source.
#
# RUN: not pto-opt %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=A2A3
# RUN: test -z "$(pto-opt %s --backend=a2a3 --emit=pto 2>/dev/null)"
# RUN: pto-opt %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
#
# A2A3: tsels_int8.py:[[#@LINE+14]]:18: error: codegen: tile.sels: TSELS on a2a3 does not support INT8 sources
# A5: %c-3_i8 = arith.constant -3 : i8
# A5: pto.tsels ins(%mask, %src, %tmp, %c-3_i8 : {{.*}}, i8) outs(%result :

# pypto.program: TselsInt8
import pypto.language as pl

@pl.program
class TselsInt8:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.INT8], out: pl.Out[pl.Tensor[[16, 16], pl.INT8]]):
        src: pl.Tile[[16, 16], pl.INT8, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        mask = pl.tile.cmps(src, 0, cmp_type=4)
        tmp = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        result = pl.tile.sels(mask, src, tmp, pl.const(-3, pl.INT8))
        r = pl.tile.store(result, [0, 0], out)
