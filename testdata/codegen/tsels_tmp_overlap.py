# On a2a3, TSELS uses its scratch `tmp` while mask and source are still
# live, so tmp must overlap neither; a5 has no such rule. Here tmp is the
# source itself, and (after the sed) a view of the mask: a2a3 rejects both,
# naming the overlap, and writes nothing; a5 emits both.
#
# RUN: not pto-opt %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=SRC
# RUN: test -z "$(pto-opt %s --backend=a2a3 --emit=pto 2>/dev/null)"
# RUN: pto-opt %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5SRC
# RUN: sed 's/sels(mask, src, src,/sels(mask, src, bits,/' %s > %s.mask.py
# RUN: not pto-opt %s.mask.py --backend=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: pto-opt %s.mask.py --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5MASK
# RUN: rm %s.mask.py
#
# SRC: tsels_tmp_overlap.py:[[#@LINE+16]]:18: error: codegen: tile.sels: on a2a3 TSELS's tmp must not overlap mask or src, but tmp overlaps src
# MASK: tsels_tmp_overlap.py.mask.py:[[#@LINE+15]]:18: error: codegen: tile.sels: on a2a3 TSELS's tmp must not overlap mask or src, but tmp overlaps mask
# A5SRC: pto.tsels ins(%mask, %src, %src, %c-3_i32 :
# A5MASK: %bits = pto.treshape %mask :
# A5MASK: pto.tsels ins(%mask, %src, %bits, %c-3_i32 :

# pypto.program: TselsTmpOverlap
import pypto.language as pl

@pl.program
class TselsTmpOverlap:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.INT32]]):
        src: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        mask = pl.tile.cmps(src, 0, cmp_type=4)
        bits = pl.tile.reinterpret_view(mask, dtype=pl.INT8)
        result = pl.tile.sels(mask, src, src, pl.const(-3, pl.INT32))
        r = pl.tile.store(result, [0, 0], out)
