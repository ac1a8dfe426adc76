#!/usr/bin/env python3
"""Writes a program of a given shape and size in the text form, for timing
pto-opt on shapes bench/program_gen.h does not make.

    bench/shape_programs.py SHAPE STATEMENTS > program.py

Shapes (STATEMENTS counts body statements, roughly):
  one_function    one InCore kernel of N chained tile ops (2 in 5 sin/cos)
  small_functions N/10 kernels of 10 statements each (per-function costs)
  shadowed        one kernel assigning the same name N times: one Var,
                  reassigned (what ConvertToSSA later versions)
  nested_loops    one kernel of 3-deep pl.range nests carrying a tile, a
                  sin at the bottom of each (kept and made Vars interleave
                  after lowering)

bench/shape_scaling.sh runs pto-opt on each shape at two sizes.
"""

import sys

TILE = "pl.Tile[[32, 32], pl.FP32, pl.Mem.Vec]"
FUNCTION = ("    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
            "role=pl.Role.SubWorker)\n"
            "    def {name}(self, x: pl.Tensor[[M, 32], pl.FP32], "
            "out: pl.Out[pl.Tensor[[M, 32], pl.FP32]]) -> pl.Tensor[[M, 32], pl.FP32]:\n")
LOAD = ("        {v}: " + TILE +
        " = pl.tile.load(x, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Vec)\n")
STORE = ("        o: pl.Tensor[[M, 32], pl.FP32] = pl.tile.store({v}, [0, 0], out)\n"
         "        return o\n")
CHAIN = ["pl.tile.sin({p})", "pl.tile.add({p}, a)", "pl.tile.muls({p}, 0.5)",
         "pl.tile.cos({p})", "pl.tile.sub({p}, a)"]


def chain_kernel(w, name, statements):
    w(FUNCTION.format(name=name))
    w(LOAD.format(v="a"))
    prev = "a"
    for i in range(max(statements - 3, 0)):
        w(f"        v{i}: {TILE} = " + CHAIN[i % len(CHAIN)].format(p=prev) + "\n")
        prev = f"v{i}"
    w(STORE.format(v=prev))


def shadowed(w, statements):
    w(FUNCTION.format(name="k"))
    w(LOAD.format(v="t"))
    for _ in range(max(statements - 3, 0)):
        w(f"        t: {TILE} = pl.tile.add(t, t)\n")
    w(STORE.format(v="t"))


def nested_loops(w, statements):
    w(FUNCTION.format(name="k"))
    w(LOAD.format(v="a"))
    prev = "a"
    for i in range(max((statements - 3) // 7, 1)):
        w(f"        for i{i}, (c{i},) in pl.range(2, init_values=({prev},)):\n"
          f"            for j{i}, (d{i},) in pl.range(2, init_values=(c{i},)):\n"
          f"                for k{i}, (e{i},) in pl.range(2, init_values=(d{i},)):\n"
          f"                    s{i}: {TILE} = pl.tile.sin(e{i})\n"
          f"                    y{i}: {TILE} = pl.yield_(s{i})\n"
          f"                z{i}: {TILE} = pl.yield_(y{i})\n"
          f"            r{i}: {TILE} = pl.yield_(z{i})\n")
        prev = f"r{i}"
    w(STORE.format(v=prev))


def main():
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        sys.exit(__doc__)
    shape, n = sys.argv[1], int(sys.argv[2])
    out = sys.stdout
    w = out.write
    w(f"# pypto.program: Shape\nimport pypto.language as pl\n\nM = pl.dynamic(\"M\")\n\n"
      f"@pl.program\nclass Shape:\n")
    if shape == "one_function":
        chain_kernel(w, "k", n)
    elif shape == "small_functions":
        for f in range(max(n // 10, 1)):
            chain_kernel(w, f"k{f}", 10)
    elif shape == "shadowed":
        shadowed(w, n)
    elif shape == "nested_loops":
        nested_loops(w, n)
    else:
        sys.exit(f"unknown shape {shape!r}\n" + __doc__)


if __name__ == "__main__":
    main()
