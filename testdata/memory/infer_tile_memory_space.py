# infer-tile-memory-space places the tiles our deducers leave open, as
# upstream's deducers do: a tile made by an op that is not a tile.* op
# (pld.tile.remote_load) lands in Vec, a reshape of it follows it, and so do a
# loop's carried value and an if's result. Before the pass the print is
# upstream's, with no memory space; codegen refuses such a tile and names
# the pass.
#
# RUN: pto-opt %s --passes=none | FileCheck %s --check-prefix=OPEN
# RUN: pto-opt %s --passes=infer-tile-memory-space | FileCheck %s
# RUN: not pto-opt %s --passes=none --emit=pto 2>&1 | FileCheck %s --check-prefix=NOPASS
# RUN: pto-opt %s --passes=infer-tile-memory-space --emit=pto | FileCheck %s --check-prefix=PTO
#
# OPEN: recv: pl.Tile{{\[\[}}1, 64], pl.FP32] = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
# OPEN: half: pl.Tile{{\[\[}}2, 32], pl.FP32] = pl.tile.reshape(recv, [2, 32])
#
# CHECK: recv: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
# CHECK: half: pl.Tile{{\[\[}}2, 32], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(recv, [2, 32])
# CHECK: for i, (acc,) in pl.range(2, init_values=(half,)):
# CHECK: acc_next: pl.Tile{{\[\[}}2, 32], pl.FP32, pl.Mem.Vec] = pl.yield_(
# CHECK: r: pl.Tile{{\[\[}}2, 32], pl.FP32, pl.Mem.Vec] = pl.yield_(
#
# NOPASS: infer_tile_memory_space.py:{{[0-9]+}}:9: error: codegen: a tile without a memory space cannot be allocated; run infer-tile-memory-space (part of --passes=default)
#
# PTO: pto.tload ins(%w_peer_pview : !pto.partition_tensor_view<1x64xf32>) outs(%recv : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64
# PTO-NEXT: %half = pto.treshape %recv : !pto.tile_buf<loc=vec, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32

import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, w: pld.DistributedTensor[[1, 64], pl.FP32], peer: pl.Scalar[pl.INT32],
          out: pl.Out[pl.Tensor[[2, 32], pl.FP32]]) -> pl.Tensor[[2, 32], pl.FP32]:
        recv = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
        half = pl.tile.reshape(recv, [2, 32])
        for i, (acc,) in pl.range(2, init_values=(half,)):
            acc_next = pl.yield_(acc)
        if peer == 0:
            r = pl.yield_(acc_next)
        else:
            r = pl.yield_(half)
        stored = pl.tile.store(r, [0, 0], out)
        return stored
