# A program whose second function PTO codegen rejects (an INT32 -> FP16 cast
# left unlegalized, not native on a5): pto-opt reports it and writes nothing -
# not to stdout (a pipe, a file it truncated or one it appends to) nor to an
# -o file - though the first function was emitted before the error.
#
# RUN: not pto-opt %s --passes=none --emit=pto 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
# RUN: test -z "$(pto-opt %s --passes=none --emit=pto 2>/dev/null)"
# RUN: not pto-opt %s --passes=none --emit=pto -o %s.pto 2>/dev/null
# RUN: test ! -e %s.pto && test ! -e %s.pto.tmp-pto-opt
# RUN: not pto-opt %s --passes=none --emit=pto > %s.redirected 2>/dev/null
# RUN: test -e %s.redirected && test ! -s %s.redirected && rm %s.redirected
# RUN: printf 'kept\n' > %s.appended
# RUN: not pto-opt %s --passes=none --emit=pto >> %s.appended 2>/dev/null
# RUN: test "$(cat %s.appended)" = kept && rm %s.appended
# RUN: pto-opt %s --emit=pto | FileCheck %s --check-prefix=LEGALIZED
# RUN: pto-opt %s --emit=pto > %s.streamed && FileCheck %s --check-prefix=LEGALIZED < %s.streamed && rm %s.streamed
#
# ERR: pto_opt_partial_output.py:[[#@LINE+20]]:53: error: codegen: tile.cast from INT32 to FP16 is not a native pto.tcvt on a5; run the legalize-tile-cast pass first
# ERR-NEXT: {{^ .*= pl.tile.cast\(.*\)$}}
# ERR-NEXT: {{^ +\^$}}
# LEGALIZED: func.func @k(
# LEGALIZED: func.func @k2(

import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def k2(self, x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r
