# Types and spellings as upstream's parser builds them, so that the print is
# upstream's byte for byte and reads back there as the same program:
#   * a call of a function declared without `->` has the type of the first
#     `return` in its body (after the callee's definition), not UnknownType;
#   * tile.full and tile.random build row-major blocks whatever the shape, so
#     an [N, 1] column prints its TileView (its implicit view is col_major);
#   * pld.tile.remote_load leaves the memory space open, takes its block
#     layout from the window's declared view (ND row-major, DN col-major),
#     and bounds a symbolic request by the tile: min(cast(v, INDEX), 16);
#   * pld.alloc_window_buffer's shape form computes an INT64 byte size;
#   * "split": pl.SplitMode.NONE and an empty no_dep_args= are dropped.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK-LABEL: def callee(
# CHECK-LABEL: def caller(
# CHECK: r: pl.Tensor{{\[\[}}16, 16], pl.FP32] = self.callee(a, c)
# CHECK-LABEL: def columns(
# CHECK: col: pl.Tile{{\[\[}}16, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.row_major)] = pl.tile.full([16, 1], dtype=pl.FP32, value=0.0)
# CHECK: rnd: pl.Tile{{\[\[}}16, 1], pl.UINT32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.row_major)] = pl.tile.random(
# CHECK-NOT: pl.func_attr
# CHECK-LABEL: def host(
# CHECK: buf: pl.Ptr = pld.tensor.alloc_window_buffer(pl.const(32768, pl.INT64))
# CHECK-LABEL: def loads(
# CHECK: nd: pl.Tile{{\[\[}}8, 1], pl.FP32, pl.TileView(blayout=pl.TileLayout.row_major)] = pld.tile.remote_load(nd_view, peer, [0, 0], [8, 1])
# CHECK: dn: pl.Tile{{\[\[}}8, 4], pl.FP32, pl.TileView(blayout=pl.TileLayout.col_major)] = pld.tile.remote_load(dn_view, peer, [0, 0], [8, 4])
# CHECK: part: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.TileView(valid_shape=[1, pl.min(pl.cast(v, pl.INDEX), pl.const(16, pl.INDEX))])] = pld.tile.remote_load(row, peer, [0, 0], [1, 16], [1, v])
# CHECK-LABEL: def scoped(
# CHECK: with pl.at(level=pl.Level.CORE_GROUP):

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def callee(self, a: pl.Tensor[[16, 16], pl.FP32], c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        return c

    @pl.function(type=pl.FunctionType.Orchestration)
    def caller(self, a: pl.Tensor[[16, 16], pl.FP32], c: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        r = self.callee(a, c)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def columns(self, o: pl.Out[pl.Tensor[[16, 1], pl.FP32]]) -> pl.Tensor[[16, 1], pl.FP32]:
        pl.func_attr({"split": pl.SplitMode.NONE})
        col = pl.tile.full([16, 1], dtype=pl.FP32, value=0.0)
        rnd = pl.tile.random(1, 2, 3, 4, 5, 6, [16, 1], dtype=pl.UINT32)
        o = pl.tile.store(col, [0, 0], o)
        return o

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(self):
        buf = pld.alloc_window_buffer([64, 128], dtype=pl.FP32)
        return buf

    @pl.function(type=pl.FunctionType.InCore)
    def loads(self, col: pld.DistributedTensor[[8, 1], pl.FP32], wide: pld.DistributedTensor[[4, 8], pl.FP32],
              row: pld.DistributedTensor[[1, 16], pl.FP32], peer: pl.Scalar[pl.INT32], v: pl.Scalar[pl.INT32]):
        nd_view = pl.tensor.view(col, [8, 1], layout=pl.TensorLayout.ND)
        nd = pld.tile.remote_load(nd_view, peer, [0, 0], [8, 1])
        dn_view = pl.tensor.view(wide, [8, 4], layout=pl.TensorLayout.DN)
        dn = pld.tile.remote_load(dn_view, peer, [0, 0], [8, 4])
        part = pld.tile.remote_load(row, peer, [0, 0], [1, 16], [1, v])

    @pl.function(type=pl.FunctionType.Opaque)
    def scoped(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[]):
            y = pl.add(x, x)
        return y
