# OutlineClusterScopes: a pl.cluster scope becomes a Group function and a
# pl.spmd scope outside a cluster a Spmd function, each called where its
# scope was. The launch spec rides the call: attrs core_num (a literal or an
# expression of the caller) and sync_start; a task-id spmd scope becomes a
# pl.spmd_submit binding the id, its deps kept. A cluster holding a spmd
# scope is one Group, marked spmd_unwrapped, launched by its call. A call of
# the kernel writes `out` (its Out param), so `out` is Out and returned as
# itself. The interpreter runs every launch block by block and gives the
# same result before and after; two spmd scopes in one cluster are an error
# and leave no output.
#
# RUN: pto-opt %s --passes=convert-to-ssa,outline-incore-scopes,outline-cluster-scopes --backend=none --concise | FileCheck %s
# RUN: rm -rf $TEST_TMPDIR/oc && mkdir -p $TEST_TMPDIR/oc
# RUN: pto-run %s --func=main --backend=none --seed=5 --out-dir=$TEST_TMPDIR/oc/direct
# RUN: pto-run %s --func=main --backend=none --seed=5 --passes=convert-to-ssa,outline-incore-scopes,outline-cluster-scopes --out-dir=$TEST_TMPDIR/oc/outlined
# RUN: cmp $TEST_TMPDIR/oc/direct/ret0.npy $TEST_TMPDIR/oc/outlined/ret0.npy
# RUN: sed -e 's/^        with pl.cluster(name_hint="twice"):/        with pl.cluster():\n            with pl.spmd(2):\n                c = self.rows(x, c)/' %s > %t.py
# RUN: not pto-opt %t.py --passes=convert-to-ssa,outline-cluster-scopes --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=TWO
# RUN: test ! -e %t.out
#
# CHECK: @pl.function(type=pl.FunctionType.Spmd)
# CHECK-NEXT: def main_spmd_0(self, x: pl.Tensor{{\[\[}}64, 16], pl.FP32], a: pl.Out[pl.Tensor{{\[\[}}64, 16], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 16], pl.FP32]:
# CHECK-NEXT: a_1 = self.rows(x, a)
# CHECK-NEXT: return a
# CHECK: def tail(a: pl.Tensor{{\[\[}}64, 16], pl.FP32], b: pl.Tensor{{\[\[}}64, 16], pl.FP32], c: pl.Out[pl.Tensor{{\[\[}}64, 16], pl.FP32]])
# CHECK: j = pl.tile.get_block_idx()
# CHECK: @pl.function(type=pl.FunctionType.Spmd)
# CHECK-NEXT: def tail_spmd(self, a: pl.Tensor{{\[\[}}64, 16], pl.FP32], b: pl.Tensor{{\[\[}}64, 16], pl.FP32], c: pl.Out[pl.Tensor{{\[\[}}64, 16], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 16], pl.FP32]:
# CHECK-NEXT: c_1 = self.tail(a, b, c)
# CHECK-NEXT: return c
# CHECK: @pl.function(type=pl.FunctionType.Group
# CHECK-NEXT: def twice(n: pl.Scalar[pl.INDEX], x: pl.Tensor{{\[\[}}64, 16], pl.FP32], b: pl.Out[pl.Tensor{{\[\[}}64, 16], pl.FP32]]) -> pl.Tensor{{\[\[}}64, 16], pl.FP32]:
# CHECK-NEXT: pl.func_attr({"spmd_unwrapped": True})
# CHECK-NEXT: b_1 = self.rows(x, b)
# CHECK-NEXT: return b
# CHECK: def main(self, x: pl.Tensor{{\[\[}}64, 16], pl.FP32]) -> pl.Tensor{{\[\[}}64, 16], pl.FP32]:
# CHECK: a_1 = self.main_spmd_0(x, a, attrs={"core_num": 4, "sync_start": True})
# CHECK-NEXT: b_1 = self.twice(n, x, b, attrs={"core_num": n // 16})
# CHECK-NEXT: ret = pl.spmd_submit(self.tail_spmd, a_1, b_1, c, core_num=4)
# CHECK-NEXT: c_1 = ret[0]
# CHECK-NEXT: t = ret[1]
# CHECK-NOT: task_invalid
#
# TWO: {{.*}}.py:{{[0-9]+}}:13: error: OutlineClusterScopes: a pl.cluster() scope launches one pl.spmd scope, this one holds 2; give each its own pl.cluster()

import pypto.language as pl

@pl.program
class Clusters:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[64, 16], pl.FP32], out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [i * 16, 0], [16, 16])
        u: pl.Tile[[16, 16], pl.FP32] = pl.tile.muls(t, 2.0)
        out = pl.store(u, [i * 16, 0], out)
        return out

    @pl.function
    def main(self, x: pl.Tensor[[64, 16], pl.FP32]) -> pl.Tensor[[64, 16], pl.FP32]:
        n: pl.Scalar[pl.INDEX] = 64
        a: pl.Tensor[[64, 16], pl.FP32] = pl.create_tensor([64, 16], dtype=pl.FP32)
        b: pl.Tensor[[64, 16], pl.FP32] = pl.create_tensor([64, 16], dtype=pl.FP32)
        c: pl.Tensor[[64, 16], pl.FP32] = pl.create_tensor([64, 16], dtype=pl.FP32)
        with pl.spmd(4, sync_start=True):
            a = self.rows(x, a)
        with pl.cluster(name_hint="twice"):
            with pl.spmd(n // 16):
                b = self.rows(x, b)
        with pl.spmd(4, name_hint="tail") as t:
            j = pl.tile.get_block_idx()
            p: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [j * 16, 0], [16, 16])
            q: pl.Tile[[16, 16], pl.FP32] = pl.load(b, [j * 16, 0], [16, 16])
            c = pl.store(pl.add(p, q), [j * 16, 0], c)
        return c
