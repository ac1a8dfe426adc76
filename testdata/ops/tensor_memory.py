# The tensor ops of issue #20, slice (valid_shape, drop_dims, pad_value, clamp), assemble, write,
# dim, fillpad, fillpad_expand, ci, random and the block queries: every op of the family parses,
# deduces the type shown, prints in the canonical pl.tensor.X form, and reprints unchanged (a
# fixed point). The default pipelines of both backends leave the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# CHECK: s0: pl.Tensor{{\[\[}}16, 128], pl.FP32] = pl.tensor.slice(x, [16, 128], [16, 0])
# CHECK: s1: pl.Tensor{{\[\[}}16, 128], pl.FP32, pl.TensorView(valid_shape=[8, 128], stride=[], layout=pl.TensorLayout.ND, pad=pl.PadValue.max)] = pl.tensor.slice(x, [16, 128], [56, 0], [8, 128], pad_value=pl.PadValue.max, clamp=True)
# CHECK: s2: pl.Tensor{{\[\[}}128], pl.FP32] = pl.tensor.slice(x, [1, 128], [r, 0], [], [0])
# CHECK: y: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tensor.assemble(x, s0, [0, 0])
# CHECK: z: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tensor.assemble(y, w, [16, 0], atomic=pl.AtomicType.Add)
# CHECK: q: pl.Tensor{{\[\[}}64, 128], pl.FP32] = pl.tensor.write(z, [0, 1], v)
# CHECK: n: pl.Scalar[pl.INDEX] = pl.tensor.dim(q, -1)
# CHECK: p: pl.Tensor{{\[\[}}16, 128], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.ND, pad=pl.PadValue.max)] = pl.tensor.fillpad(s1, pad_value=pl.PadValue.zero)
# CHECK: pe: pl.Tensor{{\[\[}}32, 128], pl.FP32, pl.TensorView(stride=[], layout=pl.TensorLayout.ND, pad=pl.PadValue.min)] = pl.tensor.fillpad_expand(s1, [32, 128], pad_value=pl.PadValue.min)
# CHECK: ci: pl.Tensor{{\[\[}}1, 32], pl.INT32] = pl.tensor.ci(start, [1, 32], dtype=pl.INT32, descending=False)
# CHECK: rnd: pl.Tensor{{\[\[}}4, 64], pl.UINT32] = pl.tensor.random(k, k, k, k, k, k, [4, 64], dtype=pl.UINT32, rounds=10)
# CHECK: bi: pl.Scalar[pl.INDEX] = pl.tensor.get_block_idx()
# CHECK: sb: pl.Scalar[pl.INDEX] = pl.tensor.get_subblock_idx()
# CHECK: bn: pl.Scalar[pl.INDEX] = pl.tensor.get_block_num()
import pypto.language as pl

@pl.program
class Memory:
    @pl.function
    def f(self, x: pl.Tensor[[64, 128], pl.FP32], w: pl.Tensor[[16, 128], pl.FP32], start: pl.Scalar[pl.INT32], k: pl.Scalar[pl.INT32], v: pl.Scalar[pl.FP32], r: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 128], pl.FP32]:
        s0 = pl.tensor.slice(x, [16, 128], [16, 0])
        s1 = pl.tensor.slice(x, [16, 128], [56, 0], [8, 128], pad_value=pl.PadValue.max, clamp=True)
        s2 = pl.tensor.slice(x, [1, 128], [r, 0], [], [0])
        y = pl.tensor.assemble(x, s0, [0, 0])
        z = pl.tensor.assemble(y, w, [16, 0], atomic=pl.AtomicType.Add)
        q = pl.tensor.write(z, [0, 1], v)
        n = pl.tensor.dim(q, -1)
        p = pl.tensor.fillpad(s1, pad_value=pl.PadValue.zero)
        pe = pl.tensor.fillpad_expand(s1, [32, 128], pad_value=pl.PadValue.min)
        ci = pl.tensor.ci(start, [1, 32], dtype=pl.INT32, descending=False)
        rnd = pl.tensor.random(k, k, k, k, k, k, [4, 64], dtype=pl.UINT32, rounds=10)
        bi = pl.tensor.get_block_idx()
        sb = pl.tensor.get_subblock_idx()
        bn = pl.tensor.get_block_num()
        return q
