# Registered ops of #20: the builtin.tensor.* host collectives.
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self, w: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32], inp: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32], one: pld.DistributedTensor{{\[\[}}1, 64], pl.FP32], sig: pld.DistributedTensor{{\[\[}}4], pl.INT32], col: pld.DistributedTensor{{\[\[}}4, 1], pl.INT32], ring: pld.DistributedTensor{{\[\[}}7, 4], pl.INT32]) -> pld.DistributedTensor{{\[\[}}4, 64], pl.FP32]:
# CHECK-NEXT: a: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pl.builtin.tensor.allreduce(w, sig, op=0, dtype=pl.FP32, core_num=1)
# CHECK-NEXT: b: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pl.builtin.tensor.allreduce_ring(a, ring, op=0, dtype=pl.FP32)
# CHECK-NEXT: s: pld.DistributedTensor{{\[\[}}4], pl.INT32] = pl.builtin.tensor.barrier(sig)
# CHECK-NEXT: c: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pl.builtin.tensor.broadcast(b, s, root=0, dtype=pl.FP32)
# CHECK-NEXT: d: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pl.builtin.tensor.reduce_scatter(c, s, op=0, dtype=pl.FP32)
# CHECK-NEXT: e: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pl.builtin.tensor.allgather(one, d, col, dtype=pl.FP32)
# CHECK-NEXT: f: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pl.builtin.tensor.all_to_all(inp, e, col, dtype=pl.FP32)
# CHECK-NEXT: g: pld.DistributedTensor{{\[\[}}4, 64], pl.FP32] = pl.builtin.tensor.all_to_all_v(inp, f, col, sig, col, dtype=pl.FP32)
# CHECK-NEXT: return g
import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class HostCollectives:
    @pl.function
    def k(self, w: pld.DistributedTensor[[4, 64], pl.FP32], inp: pld.DistributedTensor[[4, 64], pl.FP32], one: pld.DistributedTensor[[1, 64], pl.FP32], sig: pld.DistributedTensor[[4], pl.INT32], col: pld.DistributedTensor[[4, 1], pl.INT32], ring: pld.DistributedTensor[[7, 4], pl.INT32]) -> pld.DistributedTensor[[4, 64], pl.FP32]:
        a = pl.builtin.tensor.allreduce(w, sig, op=0, dtype=pl.FP32, core_num=1)
        b = pl.builtin.tensor.allreduce_ring(a, ring, op=0, dtype=pl.FP32)
        s = pl.builtin.tensor.barrier(sig)
        c = pl.builtin.tensor.broadcast(b, s, root=0, dtype=pl.FP32)
        d = pl.builtin.tensor.reduce_scatter(c, s, op=0, dtype=pl.FP32)
        e = pl.builtin.tensor.allgather(one, d, col, dtype=pl.FP32)
        f = pl.builtin.tensor.all_to_all(inp, e, col, dtype=pl.FP32)
        g = pl.builtin.tensor.all_to_all_v(inp, f, col, sig, col, dtype=pl.FP32)
        return g
