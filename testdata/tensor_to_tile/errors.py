# ConvertTensorToTileOps errors, located at the op and naming the pass, with
# no output written:
# * `out` stored in bulk (the assemble becomes a tile.store, MTE3) and by
#   pl.tensor.write (the data cache): the paths are not coherent;
# * a tensor op without a tile form (tensor.scatter) fed a converted value;
# * pld.tensor.put of a computed value (a tile): it copies between two
#   regions of global memory.
# The file as written converts.
#
# RUN: pto-opt %s --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none --concise | FileCheck %s
# RUN: sed -e 's/^        return o1  # MIXED$/        o2: pl.Tensor[[1, 16], pl.INT32] = pl.tensor.write(o1, [0, 3], pl.const(7, pl.INT32))\n        return o2/' %s > %t.py
# RUN: not pto-opt %t.py --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=MIXED
# RUN: test ! -e %t.out
# RUN: sed -e 's/pl.tensor.scatter(u, /pl.tensor.scatter(y, /' %s > %t.py
# RUN: not pto-opt %t.py --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=NOTILE
# RUN: test ! -e %t.out
# RUN: sed -e 's/^        pld.tensor.put(dst, peer, src)/        pld.tensor.put(dst, peer, e)/' %s > %t.py
# RUN: not pto-opt %t.py --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=PUT
# RUN: test ! -e %t.out
#
# CHECK: o1 = pl.tile.store(t_tile, [0, 0], out)
# CHECK: y_tile = pl.tile.exp(x_tile)
# CHECK: z = pl.tensor.scatter(u, dim=-1, index=i, src=s)
# CHECK: z_tile = pl.tile.load(z, [0, 0], [8, 8], [8, 8], target_memory=pl.Mem.Vec)
# CHECK-NEXT: w_tile = pl.tile.add(y_tile, z_tile)
# CHECK: tput_stage = pl.tile.create([16, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)
# CHECK-NEXT: pld.tile.put(dst, peer, src, tput_stage, atomic=pl.AtomicType.None_)
#
# MIXED: {{.*}}.py:[[#@LINE+13]]:{{[0-9]+}}: error: ConvertTensorToTileOps: 'out' is written both by a bulk store
# NOTILE: {{.*}}.py:[[#@LINE+17]]:{{[0-9]+}}: error: ConvertTensorToTileOps: tensor.scatter takes operand 1 (y) as a tensor, but it is now a tile
# PUT: {{.*}}.py:[[#@LINE+23]]:{{[0-9]+}}: error: ConvertTensorToTileOps: pld.tensor.put: the source must be a tensor in global memory
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Errors:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, x: pl.Tensor[[1, 16], pl.INT32], out: pl.Out[pl.Tensor[[1, 16], pl.INT32]]) -> pl.Tensor[[1, 16], pl.INT32]:
        t: pl.Tensor[[1, 16], pl.INT32] = pl.add(x, x)
        o1: pl.Tensor[[1, 16], pl.INT32] = pl.assemble(out, t, [0, 0])
        return o1  # MIXED

    @pl.function(type=pl.FunctionType.InCore)
    def notile(self, x: pl.Tensor[[8, 8], pl.FP32], u: pl.Tensor[[8, 8], pl.FP32], i: pl.Tensor[[8, 2], pl.INT32], s: pl.Tensor[[8, 2], pl.FP32]) -> pl.Tensor[[8, 8], pl.FP32]:
        y: pl.Tensor[[8, 8], pl.FP32] = pl.exp(x)
        z: pl.Tensor[[8, 8], pl.FP32] = pl.tensor.scatter(u, dim=-1, index=i, src=s)
        w: pl.Tensor[[8, 8], pl.FP32] = pl.add(y, z)
        return w

    @pl.function(type=pl.FunctionType.InCore)
    def put(self, dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]], src: pld.DistributedTensor[[16, 64], pl.FP16], x: pl.Tensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
        e: pl.Tensor[[16, 64], pl.FP16] = pl.exp(x)
        pld.tensor.put(dst, peer, src)
