# An INDEX value paired with a tile is rejected with a pl.cast hint (an
# INDEX literal would take the tile's dtype instead), naming the op, the
# place and writing no output.
#
# RUN: not pto-opt %s --passes=none 2>&1 | FileCheck %s
#
# CHECK: index_scalar_operand.py:20:17: error: tile.adds: the scalar operand has dtype INDEX, which tile/tensor scalar ops do not accept; convert it, e.g. pl.cast(<value>, pl.INT32)
# CHECK-NEXT: {{^ +}}b = pl.add(a, i){{$}}
# CHECK-NEXT: {{^ +\^$}}

import pypto.language as pl


@pl.program
class IndexScalar:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.INT32]]) -> pl.Tensor[[16, 16], pl.INT32]:
        a = pl.load(x, [0, 0], [16, 16])
        for i in pl.range(4):
            b = pl.add(a, i)
        r = pl.store(a, [0, 0], out)
        return r
