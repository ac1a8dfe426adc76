# The loop forms that are scopes and the `as tid` clause:
#   for i in pl.spmd(n): a pl.spmd scope around a pl.at(CORE_GROUP) kernel
#     scope whose body starts with i = tile.get_block_idx();
#   for v in pl.split_aiv(2, mode=...): a split_aiv region starting with
#     v = tile.get_subblock_idx(), given a pl.at(CORE_GROUP) scope outside an
#     InCore function; pl.aiv_shard takes the region's split mode;
#   with pl.at(...) as tid: a tid = system.task_invalid() placeholder before
#     the scope, printed back as the `as` clause.
# The default pipeline outlines every kernel (optimizations and split_aiv
# regions as function attrs), the spmd scopes (launch spec on the call, a
# task-id one as pl.spmd_submit) and a task-id kernel scope as pl.submit;
# printing is a fixed point.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --concise | FileCheck %s --check-prefix=OUTLINE
#
# CHECK: def lanes(
# CHECK-NEXT: for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT: h: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tensor.aiv_shard(x)
# CHECK: def orch(
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)]) as tid:
# CHECK-NEXT: b: pl.Tensor{{\[\[}}128, 64], pl.FP32] = x
# CHECK-NEXT: for blk in pl.spmd(n, sync_start=True):
# CHECK-NEXT: c: pl.Tensor{{\[\[}}128, 64], pl.FP32] = b
# CHECK-NEXT: with pl.spmd(4) as t2:
# CHECK-NEXT: d: pl.Tensor{{\[\[}}128, 64], pl.FP32] = c
# CHECK-NEXT: i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
# CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT: for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT: h: pl.Tensor{{\[\[}}64, 64], pl.FP32] = pl.tensor.aiv_shard(d)
# CHECK-NEXT: for (p, q) in pl.while_(init_values=(n, n)):
# CHECK-NEXT: pl.cond(p < n)
# CHECK-NEXT: p2, q2 = pl.yield_(p + 1, q)
# CHECK-NEXT: return h
#
# RUN: not pto-opt %s --passes=none --emit=pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# OUTLINE: def orch_incore_0(x: pl.Tensor{{\[\[}}128, 64], pl.FP32]) -> pl.Tensor{{\[\[}}128, 64], pl.FP32]:
# OUTLINE-NEXT: pl.func_attr({"split": pl.SplitMode.UP_DOWN, "slot_num": 4})
# OUTLINE: def orch_incore_3(d: pl.Tensor{{\[\[}}128, 64], pl.FP32]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32]:
# OUTLINE-NEXT: pl.func_attr({"split_aiv": True, "split": pl.SplitMode.UP_DOWN})
# OUTLINE: def orch(self, x: pl.Tensor{{\[\[}}128, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor{{\[\[}}64, 64], pl.FP32]:
# OUTLINE-NEXT: ret = pl.submit(self.orch_incore_0, x)
# OUTLINE: c = self.orch_spmd_0(b, attrs={"core_num": n, "sync_start": True})
# OUTLINE-NEXT: ret_1 = pl.spmd_submit(self.orch_spmd_1, c, core_num=4)
# OUTLINE: h = self.orch_incore_3(d)
# CODEGEN: scope_loops.py:56:9: error: codegen: pl.split_aiv(...) regions are not supported by PTO codegen
import pypto.language as pl


@pl.program
class ScopeLoops:
    @pl.function(type=pl.FunctionType.InCore)
    def lanes(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(x)
        return h

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=4), pl.split(pl.SplitMode.UP_DOWN)]) as tid:
            b = x
        for blk in pl.spmd(n, sync_start=True):
            c = b
        with pl.spmd(4) as t2:
            d = c
            i = pl.tile.get_block_idx()
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(d)
        for p, q in pl.while_(init_values=(n, n)):
            pl.cond(p < n)
            p2, q2 = pl.yield_(p + 1, q)
        return h
