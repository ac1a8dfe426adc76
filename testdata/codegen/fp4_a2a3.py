# A2/A3 has no 4-bit dtype in-core (only an FP16 <-> INT4 conversion; no
# packed 4-bit load/store or carrier ABI), so codegen for a2a3 rejects the
# FP4 kernel at its first FP4 parameter and writes nothing; a5 loads and
# stores FP4 (packed two per byte).
#
# RUN: not pto-opt %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=A2A3
# RUN: test -z "$(pto-opt %s --backend=a2a3 --emit=pto 2>/dev/null)"
# RUN: pto-opt %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
#
# A2A3: fp4_a2a3.py:[[#@LINE+11]]:11: error: codegen: parameter 'x': FP4 is not supported in-core on a2a3 (the target has no load, store or instruction for it)
# A5: func.func @k(%arg0: !pto.ptr<!pto.f4E2M1x2>, %arg1: !pto.ptr<!pto.f4E2M1x2>)
# A5: pto.tload ins(%x_pview : {{.*}}) outs(%t : !pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=16, cols=32,
# A5: pto.tstore ins(%t :

# pypto.program: Fp4
import pypto.language as pl

@pl.program
class Fp4:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 64], pl.FP4], out: pl.Out[pl.Tensor[[16, 64], pl.FP4]]):
        t: pl.Tile[[16, 64], pl.FP4, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        r: pl.Tensor[[16, 64], pl.FP4] = pl.tile.store(t, [0, 0], out)
