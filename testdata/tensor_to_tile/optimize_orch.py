# OptimizeOrchTensors after ConvertTensorToTileOps:
#   * step's result is the next value of the buffer main carries: its Out
#     param and the allocation go, acc becomes InOut (pattern 1);
#   * blk reads a slice of x and its result is assembled into c: both params
#     get their parent's row stride (patterns 4 and 2);
#   * rows fills a fresh tile slice by slice: each slice is stored straight
#     into its output (pattern 3);
#   * no call of twice passes the buffer its result replaces: twice keeps
#     its Out param.
# The interpreter gives the same results before and after the pipeline.
#
# RUN: pto-opt %s --passes=inline-functions,unroll-loops,ctrl-flow-transform,convert-to-ssa,simplify,normalize-stmt-structure,flatten-call-expr,outline-hierarchy-scopes,outline-incore-scopes,outline-cluster-scopes,convert-tensor-to-tile-ops,optimize-orch-tensors --backend=none --concise | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/oot && mkdir -p $TEST_TMPDIR/oot
# RUN: pto-run %s --func=main --backend=none --seed=5 --out-dir=$TEST_TMPDIR/oot/direct
# RUN: pto-run %s --func=main --backend=none --seed=5 --passes=default --out-dir=$TEST_TMPDIR/oot/opt
# RUN: cmp $TEST_TMPDIR/oot/direct/ret0.npy $TEST_TMPDIR/oot/opt/ret0.npy
# RUN: cmp $TEST_TMPDIR/oot/direct/ret1.npy $TEST_TMPDIR/oot/opt/ret1.npy
# RUN: cmp $TEST_TMPDIR/oot/direct/ret2.npy $TEST_TMPDIR/oot/opt/ret2.npy
# RUN: cmp $TEST_TMPDIR/oot/direct/ret3.npy $TEST_TMPDIR/oot/opt/ret3.npy
#
# CHECK: def blk(a: pl.Tensor{{\[\[}}32, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)], w: pl.Tensor{{\[\[}}32, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor{{\[\[}}32, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor{{\[\[}}32, 32], pl.FP32]:
# CHECK: def rows(w: pl.Tensor{{\[\[}}32, 32], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}32, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}32, 64], pl.FP32]:
# CHECK-NEXT: for j, (acc,) in pl.range(2, init_values=(out,)):
# CHECK-NEXT: t = pl.tile.load(w, [0, 0], [32, 32], [32, 32], target_memory=pl.Mem.Vec)
# CHECK-NEXT: u = pl.tile.muls(t, 3.0)
# CHECK-NEXT: acc2 = pl.tile.store(u, [0, j * 32], acc)
# CHECK-NEXT: acc3 = pl.yield_(acc2)
# CHECK-NEXT: return acc3
# CHECK: def step(acc: pl.InOut[pl.Tensor{{\[\[}}32, 32], pl.FP32]], w: pl.Tensor{{\[\[}}32, 32], pl.FP32]) -> pl.Tensor{{\[\[}}32, 32], pl.FP32]:
# CHECK: ret0_store = pl.tile.store(b_tile, [0, 0], acc)
# CHECK: def twice(acc: pl.Tensor{{\[\[}}32, 32], pl.FP32], w: pl.Tensor{{\[\[}}32, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor{{\[\[}}32, 32], pl.FP32]]) -> pl.Tensor{{\[\[}}32, 32], pl.FP32]:
# CHECK: def main(
# CHECK: a = pl.tensor.slice(x, [32, 32], [mb, nb])
# CHECK-NEXT: ret0_out = pl.tensor.create([32, 32], dtype=pl.FP32, layout=pl.TensorLayout.ND)
# CHECK-NEXT: r = self.blk(a, w, ret0_out)
# CHECK: for i, (acc_2,) in pl.range(3, init_values=(acc,)):
# CHECK-NEXT: acc_3 = self.step(acc_2, w)
# CHECK-NEXT: acc_1 = pl.yield_(acc_3)
# CHECK: o = pl.tensor.create([32, 64], dtype=pl.FP32, layout=pl.TensorLayout.ND)
# CHECK-NEXT: wide = self.rows(w, o)
# CHECK: acc_6 = self.twice(w, w, ret0_out_1)
# CHECK: acc_7 = self.twice(w, acc_6, ret0_out_2)
import pypto.language as pl


@pl.program
class Blocks:
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, a: pl.Tensor[[32, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        b: pl.Tensor[[32, 32], pl.FP32] = pl.add(a, w)
        return b

    @pl.function(type=pl.FunctionType.InCore)
    def step(self, acc: pl.Tensor[[32, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        b: pl.Tensor[[32, 32], pl.FP32] = pl.mul(acc, w)
        return b

    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, acc: pl.Tensor[[32, 32], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:
        b: pl.Tensor[[32, 32], pl.FP32] = pl.sub(acc, w)
        return b

    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, w: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        buf = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        for j, (acc,) in pl.range(2, init_values=(buf,)):
            t = pl.load(w, [0, 0], [32, 32])
            u = pl.tile.muls(t, 3.0)
            acc2 = pl.tile.assemble(acc, u, [0, j * 32])
            acc3 = pl.yield_(acc2)
        s = pl.store(acc3, [0, 0], out)
        return s

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[32, 32], pl.FP32], a0: pl.Tensor[[32, 32], pl.FP32],
             c: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 64], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        for mb in pl.range(0, 64, 32):
            for nb in pl.range(0, 128, 32):
                a = pl.slice(x, [32, 32], [mb, nb])
                r = self.blk(a, w)
                c = pl.assemble(c, r, [mb, nb])
        acc = a0
        for i in pl.range(3):
            acc = self.step(acc, w)
        o = pl.create_tensor([32, 64], dtype=pl.FP32)
        wide = self.rows(w, o)
        for k in pl.range(2):
            acc = self.twice(w, w)
            acc = self.twice(w, acc)
        return c, acc, wide, acc
