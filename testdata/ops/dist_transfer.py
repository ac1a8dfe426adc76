# Registered ops of #20: pld.tensor.put / get (full slice and region, atomic, chunking) and pld.tile/tensor.remote_store.
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self, x: pl.Tensor{{\[\[}}4, 64], pl.FP32], w: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32], t: pl.Tile{{\[\[}}1, 64], pl.FP32, pl.Mem.Vec], peer: pl.Scalar[pl.INT32]) -> pl.Tensor{{\[\[}}4, 64], pl.FP32]:
# CHECK-NEXT: pld.tensor.put(w, peer, x, atomic=pl.AtomicType.None_)
# CHECK-NEXT: pld.tensor.put(w, peer, x, [0, 0], [1, 0], [1, 64], atomic=pl.AtomicType.Add, chunk_cols=32)
# CHECK-NEXT: pld.tensor.get(x, peer, w, chunk_rows=2, chunk_cols=32, pipeline=True)
# CHECK-NEXT: pld.tile.remote_store(t, w, peer, [3, 0])
# CHECK-NEXT: pld.tensor.remote_store(x, w, peer, [0, 0], atomic=pl.AtomicType.Add)
# CHECK-NEXT: return x
import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class Transfers:
    @pl.function
    def k(self, x: pl.Tensor[[4, 64], pl.FP32], w: pld.DistributedTensor[[4, 64], pl.FP32], t: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec], peer: pl.Scalar[pl.INT32]) -> pl.Tensor[[4, 64], pl.FP32]:
        pld.tensor.put(w, peer, x)
        pld.tensor.put(w, peer, x, [0, 0], [1, 0], [1, 64], atomic=pl.AtomicType.Add, chunk_cols=32)
        pld.tensor.get(x, peer, w, chunk_rows=2, chunk_cols=32, pipeline=True)
        pld.tile.remote_store(t, w, peer, [3, 0])
        pld.tensor.remote_store(x, w, peer, [0, 0], atomic=pl.AtomicType.Add)
        return x
