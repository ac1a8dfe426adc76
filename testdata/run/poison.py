# pto-run: only a tile's valid region is defined. The load reads [2, 4] of a
# [2, 8] window (seeded random input); sin runs on the valid part, and the
# store writes it back, so the output's other half keeps the FP32 poison
# pattern 0x7FBADBAD and pto-run reports the undefined elements.
#
# RUN: rm -rf $TEST_TMPDIR/p && pto-run %s --func=k --seed=3 --out-dir=$TEST_TMPDIR/p 2>&1 | FileCheck %s --check-prefix=WARN
# WARN: pto-run: warning: out.npy: 8 of 16 elements are undefined (poison)
# WARN: pto-run: warning: ret0.npy: 8 of 16 elements are undefined (poison)
# RUN: od -A n -t x4 -j 128 -v $TEST_TMPDIR/p/out.npy | FileCheck %s --check-prefix=DATA
# DATA: {{^ +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+$}}
# DATA-NEXT: 7fbadbad 7fbadbad 7fbadbad 7fbadbad
# DATA-NEXT: {{^ +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+ +[0-9a-f]+$}}
# DATA-NEXT: 7fbadbad 7fbadbad 7fbadbad 7fbadbad
# RUN: not pto-run %s --func=strict --seed=3 --strict-undefined --out-dir=$TEST_TMPDIR/p2 2>&1 | FileCheck %s --check-prefix=STRICT
# STRICT: poison.py:{{[0-9]+}}:{{[0-9]+}}: error: tile.sin: reads 8 undefined elements of tile
# RUN: test ! -e $TEST_TMPDIR/p2/out.npy
import pypto.language as pl

@pl.program
class Poison:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[2, 8], pl.FP32], out: pl.Out[pl.Tensor[[2, 8], pl.FP32]]) -> pl.Tensor[[2, 8], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 8], [2, 4], target_memory=pl.Mem.Vec)
        s = pl.tile.sin(t)
        r = pl.tile.store(s, [0, 0], out)
        return r
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def strict(x: pl.Tensor[[2, 8], pl.FP32], out: pl.Out[pl.Tensor[[2, 8], pl.FP32]]) -> pl.Tensor[[2, 8], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [2, 8], [2, 4], target_memory=pl.Mem.Vec)
        s = pl.tile.set_validshape(t, 2, 8)
        u = pl.tile.sin(s)
        r = pl.tile.store(u, [0, 0], out)
        return r
