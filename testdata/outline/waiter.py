# OutlineIncoreScopes on a deferred-completion waiter: a kernel calling
# pld.system.defer_wait registers completion conditions for its task and
# nothing else, so it is outlined with attrs={"deferred_completion_waiter":
# True} and the scope with `as tid` becomes a pl.submit. Each breach of the
# waiter's contract is a located error naming the pass, with no output:
# registering more than 64 conditions, a registration loop without a
# positive constant trip count, a tensor read after the first registration,
# allow_early_resolve on the waiter, and (not a waiter) no_dep_args naming a
# tensor the scope does not pass.
#
# RUN: pto-opt %s --passes=convert-to-ssa,outline-incore-scopes --backend=none --concise | FileCheck %s
# RUN: sed -e 's/pl.range(8)/pl.range(65)/' %s > %t.py
# RUN: not pto-opt %t.py --passes=convert-to-ssa,outline-incore-scopes --backend=none -o %t.out 2>&1 | FileCheck %s --check-prefix=BUDGET
# RUN: test ! -e %t.out
# RUN: sed -e 's/pl.range(8)/pl.range(n)/' %s > %t.py
# RUN: not pto-opt %t.py --passes=convert-to-ssa,outline-incore-scopes --backend=none 2>&1 | FileCheck %s --check-prefix=DYNAMIC
# RUN: sed -e 's/if src != me:/if src != pl.read(idx, [0, 0]):/' %s > %t.py
# RUN: not pto-opt %t.py --passes=convert-to-ssa,outline-incore-scopes --backend=none 2>&1 | FileCheck %s --check-prefix=READ
# RUN: sed -e 's/name_hint="waiter")/name_hint="waiter", allow_early_resolve=True)/' %s > %t.py
# RUN: not pto-opt %t.py --passes=convert-to-ssa,outline-incore-scopes --backend=none 2>&1 | FileCheck %s --check-prefix=EARLY
# RUN: sed -e 's/deps=\[tid\]):/deps=[tid], no_dep_args=[idx]):/' %s > %t.py
# RUN: not pto-opt %t.py --passes=convert-to-ssa,outline-incore-scopes --backend=none 2>&1 | FileCheck %s --check-prefix=NODEP
#
# CHECK: def waiter(idx: pl.Tensor{{.*}}, me: pl.Scalar[pl.INT32], sig: pld.DistributedTensor{{.*}}, e: pl.Scalar[pl.INT32]):
# CHECK-NEXT: pl.func_attr({"deferred_completion_waiter": True})
# CHECK: ret = pl.submit(self.waiter, idx, me, sig, e)
# CHECK: pl.submit(self.consumer, payload, out, deps=[tid])
#
# BUDGET: {{.*}}.py:44:9: error: OutlineIncoreScopes: a deferred waiter registers at most 64 conditions, this one may register more
# DYNAMIC: {{.*}}.py:46:13: error: OutlineIncoreScopes: a deferred waiter's registration loop needs a statically known positive trip count
# READ: {{.*}}.py:47:17: error: OutlineIncoreScopes: a deferred waiter reads a tensor only in an assignment before its first registration
# EARLY: {{.*}}.py:44:9: error: OutlineIncoreScopes: a pl.at scope calling pld.system.defer_wait cannot use allow_early_resolve=True
# NODEP: {{.*}}.py:49:9: error: OutlineIncoreScopes: no_dep_args names 'idx', which the scope neither reads nor writes

import pypto.language as pl
import pypto.language.distributed as pld

@pl.program
class Waiter:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, sig: pld.DistributedTensor[[8, 1], pl.INT32], idx: pl.Tensor[[1, 1], pl.INT32],
             payload: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]],
             me: pl.Scalar[pl.INT32], e: pl.Scalar[pl.INT32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="waiter") as tid:
            anchor = pl.read(idx, [0, 0])
            for src in pl.range(8):
                if src != me:
                    pld.system.defer_wait(sig, offsets=[src, 0], expected=e, cmp=pld.WaitCmp.Ge)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="consumer", deps=[tid]):
            t: pl.Tile[[64], pl.FP32] = pl.load(payload, [0], [64])
            out = pl.store(t, [0], out)
        return out
