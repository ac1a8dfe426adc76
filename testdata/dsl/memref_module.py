# A pl.MemRef declared at module level and named in Tile annotations: a use
# is the pinned declaration `pl.MemRef("name"[, slots=N])[idx]`, named by
# the declaration's string or else its variable, and prints as one. Within
# a function every use of one declaration is the same allocation; each
# function has its own.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: x: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("ping"), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [64, 64], [64, 64], target_memory=pl.Mem.Vec)
# CHECK: y: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("l0c_pong"), pl.Mem.Vec] = pl.tile.exp(x)
# CHECK: z: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("ping"), pl.Mem.Vec] = pl.tile.exp(y)
# CHECK: for i in pl.range(4):
# CHECK: t: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("RING", slots=2)[i % 2], pl.Mem.Vec] = pl.tile.load(
# CHECK: u: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("RING", slots=2)[1], pl.Mem.Vec] = pl.tile.exp(
# CHECK: v: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("LAST", slots=4)[3], pl.Mem.Vec] = pl.tile.exp(
# CHECK: def other(
# CHECK: w: pl.Tile{{\[\[}}64, 64], pl.FP32, pl.MemRef("ping"), pl.Mem.Vec] = pl.tile.load(
import pypto.language as pl

ping = pl.MemRef()
pong = pl.MemRef("l0c_pong")
SLOTS = 2
RING = pl.MemRef(slots=SLOTS)
LAST = pl.MemRef(slots=2 * SLOTS)[3]


@pl.program
class ModuleMemRefs:
    @pl.function
    def main(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        x: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        y: pl.Tile[[64, 64], pl.FP32, pong, pl.Mem.Vec] = pl.exp(x)
        z: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, ping] = pl.exp(y)
        for i in pl.range(4):
            t: pl.Tile[[64, 64], pl.FP32, RING[i % 2], pl.Mem.Vec] = pl.load(a, [i * 0, 0], [64, 64])
            u: pl.Tile[[64, 64], pl.FP32, RING[1], pl.Mem.Vec] = pl.exp(t)
            v: pl.Tile[[64, 64], pl.FP32, LAST, pl.Mem.Vec] = pl.exp(u)
            out = pl.store(v, [0, 0], out)
        r: pl.Tensor[[64, 64], pl.FP32] = pl.store(z, [0, 0], out)
        return r

    @pl.function
    def other(
        self,
        a: pl.Tensor[[64, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        w: pl.Tile[[64, 64], pl.FP32, ping, pl.Mem.Vec] = pl.load(a, [0, 0], [64, 64])
        return pl.store(w, [0, 0], out)
