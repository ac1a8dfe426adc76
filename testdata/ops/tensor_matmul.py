# The tensor ops of issue #20, tensor.matmul and tensor.matmul_acc (with the optional init_cond):
# every op of the family parses, deduces the type shown, prints in the canonical pl.tensor.X form,
# and reprints unchanged (a fixed point). The default pipelines of both backends leave the calls
# alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: c: pl.Tensor{{\[\[}}32, 16], pl.FP32] = pl.tensor.matmul(a, b, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
# CHECK: d: pl.Tensor{{\[\[}}32, 16], pl.BF16] = pl.tensor.matmul(a, bt, a_trans=False, b_trans=True, c_matrix_nz=False)
# CHECK: e: pl.Tensor{{\[\[}}32, 16], pl.FP32] = pl.tensor.matmul_acc(acc, a, b, a_trans=False, b_trans=False)
# CHECK: g: pl.Tensor{{\[\[}}32, 16], pl.FP32] = pl.tensor.matmul_acc(e, a, b, first, a_trans=False, b_trans=False)
import pypto.language as pl

@pl.program
class Matmul:
    @pl.function
    def f(self, a: pl.Tensor[[32, 64], pl.BF16], b: pl.Tensor[[64, 16], pl.BF16], bt: pl.Tensor[[16, 64], pl.BF16], acc: pl.Tensor[[32, 16], pl.FP32], first: pl.Scalar[pl.BOOL]) -> pl.Tensor[[32, 16], pl.FP32]:
        c = pl.tensor.matmul(a, b, a_trans=False, b_trans=False, c_matrix_nz=False, out_dtype=pl.FP32)
        d = pl.tensor.matmul(a, bt, a_trans=False, b_trans=True, c_matrix_nz=False)
        e = pl.tensor.matmul_acc(acc, a, b, a_trans=False, b_trans=False)
        g = pl.tensor.matmul_acc(e, a, b, first, a_trans=False, b_trans=False)
        return g
