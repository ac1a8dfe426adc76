# Upstream's early returns (docs/dsl.md "Early returns, dead code and pre-SSA
# loops"): a return in an if branch, with code after the if or dead code
# after it in its block, and an if/else whose branches both return. The
# verifier checks the returned values and that every path returns; the
# program prints back as written (a fixed point). `-> pl.Tuple[...]` takes
# `return a, b`. LowerCompositeOps rewrites inside a returning branch as
# anywhere. PTO codegen rejects the early return, naming it, with no output.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/er_once.py
# RUN: pto-opt $TEST_TMPDIR/er_once.py --passes=none | diff $TEST_TMPDIR/er_once.py -
# RUN: pto-opt %s > /dev/null
# RUN: pto-opt %s --passes=lower-composite-ops --backend=a5 --concise | FileCheck %s --check-prefix=LOWER
# RUN: not pto-opt %s --passes=none --emit=pto -o $TEST_TMPDIR/er.pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# RUN: test ! -e $TEST_TMPDIR/er.pto
# RUN: printf 'import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n        if a > 1:\n            return a\n' > $TEST_TMPDIR/er_miss.py
# RUN: not pto-opt $TEST_TMPDIR/er_miss.py 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: printf 'import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n        if a > 1:\n            return a, a\n        return a\n' > $TEST_TMPDIR/er_count.py
# RUN: not pto-opt $TEST_TMPDIR/er_count.py 2>&1 | FileCheck %s --check-prefix=COUNT
#
# CHECK: def clamp(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
# CHECK-NEXT: {{^        if a > 5:$}}
# CHECK-NEXT: # Leaves the function: the rest of the branch never runs.
# CHECK-NEXT: {{^            return 5$}}
# CHECK-NEXT: {{^            b: pl.Scalar\[pl.INDEX\] = a \+ 1$}}
# CHECK-NEXT: {{^        c: pl.Scalar\[pl.INDEX\] = a \* 2$}}
# CHECK-NEXT: {{^        return c$}}
# CHECK: def lanes(x: pl.Tensor{{\[\[}}16, 16], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]], lane: pl.Scalar[pl.INDEX]) -> pl.Tensor{{\[\[}}16, 16], pl.FP32]:
# CHECK-NEXT: {{^        if lane == 0:$}}
# CHECK-NEXT: t: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
# CHECK-NEXT: {{^            return pl.tile.store\(t, \[0, 0\], out\)$}}
# CHECK-NEXT: {{^        else:$}}
# CHECK-NEXT: {{^            return out$}}
# CHECK: def pair(self, a: pl.Tensor{{\[\[}}64], pl.FP32], b: pl.Tensor{{\[\[}}64], pl.FP32]) -> pl.Tuple[pl.Tensor{{\[\[}}64], pl.FP32], pl.Tensor{{\[\[}}64], pl.FP32]]:
# CHECK-NEXT: {{^        return a, b$}}
# LOWER-LABEL: def waves(
# LOWER-NEXT: if lane == 0:
# LOWER-NEXT: t = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
# LOWER-NEXT: s__pi_inv_x_tmp_v0 = pl.tile.muls(t, 0.31830987334251404)
# LOWER-NOT: pl.tile.sin
# LOWER: s = pl.tile.mul(s__sign_tmp_v19, s__t_p_tmp_v29)
# LOWER-NEXT: {{^            return pl.tile.store\(s, \[0, 0\], out\)$}}
# LOWER-NEXT: {{^        return out$}}
# CODEGEN: early_return.py:[[#@LINE+17]]:13: error: codegen: a return inside a loop or if is not supported by PTO codegen
# MISSING: er_miss.py:5:5: error: function 'f' declares 1 return type but a path through its body ends without a return
# COUNT: er_count.py:7:13: error: return gives 2 values but function 'f' declares 1 return type
import pypto.language as pl


@pl.program
class EarlyReturns:
    @pl.function(type=pl.FunctionType.InCore)
    def lanes(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        lane: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        if lane == 0:
            t = pl.load(x, [0, 0], [16, 16])
            return pl.store(t, [0, 0], out)
        else:
            return out

    @pl.function
    def clamp(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        if a > 5:
            # Leaves the function: the rest of the branch never runs.
            return 5
            b: pl.Scalar[pl.INDEX] = a + 1
        c: pl.Scalar[pl.INDEX] = a * 2
        return c

    @pl.function
    def pair(
        self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64], pl.FP32]
    ) -> pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        return a, b

    @pl.function(type=pl.FunctionType.InCore)
    def waves(
        self,
        x: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        lane: pl.Scalar[pl.INDEX],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        if lane == 0:
            t = pl.load(x, [0, 0], [16, 16])
            s = pl.tile.sin(t)
            return pl.store(s, [0, 0], out)
        return out
