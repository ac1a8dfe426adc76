# pl.spmd's name_hint and its forms, as upstream's parser splits and prints
# them: `for i in pl.spmd(n, name_hint="cube")` names the spmd scope
# "cube_spmd" and the kernel inside it "cube"; a `with pl.spmd(...)` body
# that reads its block index is that same kernel form and prints as the
# loop; `return (a, b)` is two values. Upstream's printer prints this file
# byte for byte as we do (docs/dsl.md, "The canonical print against
# upstream's printer").
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: def orch(
# CHECK-NEXT: for blk in pl.spmd(4, name_hint="cube_spmd"):
# CHECK-NEXT: a: pl.Tensor{{\[\[}}128, 64], pl.FP32] = x
# CHECK-NEXT: for i in pl.spmd(2, name_hint="vec_spmd"):
# CHECK-NEXT: b: pl.Tensor{{\[\[}}128, 64], pl.FP32] = a
# CHECK-NEXT: return b
# CHECK: def pair(
# CHECK-NEXT: return x, x
import pypto.language as pl


@pl.program
class SpmdNames:
    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[128, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 64], pl.FP32]:
        for blk in pl.spmd(4, name_hint="cube"):
            a = x
        with pl.spmd(2, name_hint="vec_spmd"):
            i = pl.tile.get_block_idx()
            b = a
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def pair(self, x: pl.Tensor[[128, 64], pl.FP32]) -> tuple[pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[128, 64], pl.FP32]]:
        return (x, x)
