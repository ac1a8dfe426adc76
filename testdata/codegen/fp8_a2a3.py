# A2/A3 has no 8-bit float in-core: PTOAS's A2/A3 tload/tstore take i8-i64,
# f16, bf16 and f32 elements only, and no A2/A3 tcvt reads or writes FP8 or
# HiFloat8. So codegen for a2a3 rejects an FP8 kernel at its first FP8
# parameter and writes nothing; a5 loads and stores it.
#
# RUN: not pto-opt %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=A2A3
# RUN: test -z "$(pto-opt %s --backend=a2a3 --emit=pto 2>/dev/null)"
# RUN: pto-opt %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
#
# A2A3: fp8_a2a3.py:[[#@LINE+10]]:11: error: codegen: parameter 'x': FP8E4M3FN is not supported in-core on a2a3
# A5: func.func @k(%arg0: !pto.ptr<f8E4M3FN>, %arg1: !pto.ptr<f8E4M3FN>)
# A5: pto.tstore ins(%t : !pto.tile_buf<loc=vec, dtype=f8E4M3FN,

# pypto.program: Fp8
import pypto.language as pl

@pl.program
class Fp8:
    @pl.function(type=pl.FunctionType.InCore)
    def k(x: pl.Tensor[[16, 64], pl.FP8E4M3FN], out: pl.Out[pl.Tensor[[16, 64], pl.FP8E4M3FN]]):
        t: pl.Tile[[16, 64], pl.FP8E4M3FN, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        r: pl.Tensor[[16, 64], pl.FP8E4M3FN] = pl.tile.store(t, [0, 0], out)
