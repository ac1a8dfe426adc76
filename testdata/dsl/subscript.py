# Subscript sugar on tensors, tiles and arrays: reads become tensor.slice /
# tile.slice / tensor.read / tile.read / array.get_element, writes
# `dst[...] = src` reassign dst (the same name: no dst_1) to tensor.assemble /
# tile.assemble / array.update_element. A scalar index drops its axis
# (drop_dims), missing trailing axes are `:`; the canonical print is the
# explicit op call, a tile.slice's optional operands by position.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: head: {{.*}} = pl.tensor.slice(x, [32, 128], [0, 0])
# CHECK-NEXT: cols: {{.*}} = pl.tensor.slice(x, [64, 8], [0, 8])
# CHECK-NEXT: row: {{.*}} = pl.tensor.slice(x, [1, 128], [i, 0], [], [0])
# CHECK-NEXT: elem: {{.*}} = pl.tensor.read(x, [i, 3])
# CHECK-NEXT: win: {{.*}} = pl.tensor.slice(x, [4, 128], [i, 0])
# CHECK-NEXT: tail: {{.*}} = pl.tensor.slice(x, [16, 128], [48, 0])
# CHECK: part: {{.*}} = pl.tile.slice(t, [16, 8], [0, 8])
# CHECK-NEXT: one: {{.*}} = pl.tile.slice(t, [1, 128], [i, 0], [], [0])
# CHECK-NEXT: over: {{.*}} = pl.tile.slice(t, [16, 128], [48, 0])
# CHECK-NEXT: v: {{.*}} = pl.tile.read(t, [1, 2])
# CHECK-NEXT: out: {{.*}} = pl.tensor.assemble(out, head, [0, 0])
# CHECK-NEXT: out: {{.*}} = pl.tensor.assemble(out, pl.tensor.reshape(row, [1, 128]), [i, 0])
# CHECK-NEXT: out: {{.*}} = pl.tensor.assemble(out, cols, [0, 8])
# CHECK-NEXT: t: {{.*}} = pl.tile.assemble(t, part, [16, 0])
import pypto.language as pl


@pl.program
class Subscripts:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[64, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[64, 128], pl.FP32]],
        i: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[64, 128], pl.FP32]:
        head = x[0:32]
        cols = x[:, 8:16]
        row = x[i]
        elem = x[i, 3]
        win = x[i : i + 4, :]
        tail = x[48:]
        t: pl.Tile[[64, 128], pl.FP32] = pl.load(x, [0, 0], [64, 128])
        part = t[0:16, 8:16]
        one = t[i]
        over = t[48:, :]
        v = t[1, 2]
        out[0:32] = head
        out[i] = row
        out[:, 8:16] = cols
        t[16:32, 0:8] = part
        return out
