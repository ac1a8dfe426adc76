# tile.select on 8-bit values: A2/A3 has neither TSEL nor TSELS for them, so
# the pass reports the select (at the call) instead of emitting an invalid
# fallback; A5 selects them with TSELS.
#
# RUN: not pto-opt %s --passes=lower-composite-ops --backend=a2a3 2>&1 | FileCheck %s --check-prefix=ERR
# RUN: pto-opt %s --passes=lower-composite-ops --backend=a5 --concise | FileCheck %s --check-prefix=A5
#
# ERR: select_int8.py:23:13: error: tile.select cannot select int8 values on backend 'a2a3': neither pto.tsel nor pto.tsels has a form for them (TSEL does not support int8 on a2a3); cast the operands to a wider type first
# ERR-NEXT: {{^ +}}s = pl.tile.select(m, a, 1){{$}}
# ERR-NEXT: {{^ +\^$}}
#
# A5: s__sel_tmp_tmp_v0 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
# A5-NEXT: s = pl.tile.sels(m, a, s__sel_tmp_tmp_v0, pl.const(1, pl.INT8))

# pypto.program: SelectInt8
import pypto.language as pl

@pl.program
class SelectInt8:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(a: pl.Tile[[16, 64], pl.INT8, pl.Mem.Vec]) -> pl.Tile[[16, 64], pl.INT8, pl.Mem.Vec]:
        m = pl.tile.cmps(a, 0, cmp_type=4)
        s = pl.tile.select(m, a, 1)
        return s
