# The tensor ops of issue #20, gather, gather_mask, gather_compare (a tuple result), paged_gather,
# create_l1, gather_row (valid_shape printed as a keyword, before the kwargs): every op of the
# family parses, deduces the type shown, prints in the canonical pl.tensor.X form, and reprints
# unchanged (a fixed point). The default pipelines of both backends leave the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a2a3 | diff $TEST_TMPDIR/once.py -
#
# gather's index prints by keyword: upstream's print, gather(x, idx, dim=1),
# does not read back in upstream (idx would bind to dim); ours reads both.
# CHECK: g: pl.Tensor{{\[\[}}16, 8], pl.FP32] = pl.tensor.gather(x, dim=1, index=idx)
# CHECK: g2: pl.Tensor{{\[\[}}16, 8], pl.FP32] = pl.tensor.gather(x, dim=1, index=idx)
# CHECK: m: pl.Tensor{{\[\[}}16, 32], pl.FP32] = pl.tensor.gather_mask(x, mask_pattern=1)
# CHECK: m2: pl.Tensor{{\[\[}}16, 64], pl.INT32] = pl.tensor.gather_mask(x, mask_pattern=7, output_dtype=pl.INT32)
# CHECK: pair: pl.Tuple[pl.Tensor{{\[\[}}16, 8], pl.INT32], pl.Tensor{{\[\[}}1, 16], pl.INT32]] = pl.tensor.gather_compare(x, 0.5, cmp_mode=4, offset=0, out_cols=8)
# CHECK: pg: pl.Tensor{{\[\[}}64, 128], pl.FP16] = pl.tensor.paged_gather(kv, rows, table, block_size=128, size=128, max_indices=64, col_off=0, is_trans=False, is_b_matrix=False, space=pl.Mem.Mat)
# CHECK: acc: pl.Tensor{{\[\[}}64, 128], pl.FP16] = pl.tensor.create_l1([64, 128], dtype=pl.FP16, transpose=False)
# CHECK: acc2: pl.Tensor{{\[\[}}64, 128], pl.FP16] = pl.tensor.gather_row(acc, kv, [0, 0], [5, 0], [1, 128], transpose=False)
# CHECK: acc3: pl.Tensor{{\[\[}}64, 128], pl.FP16] = pl.tensor.gather_row(acc2, kv, [1, 0], [6, 0], [1, 128], valid_shape=[1, n], transpose=False)
import pypto.language as pl

@pl.program
class Gather:
    @pl.function
    def f(self, x: pl.Tensor[[16, 64], pl.FP32], idx: pl.Tensor[[16, 8], pl.INT32], kv: pl.Tensor[[1024, 128], pl.FP16], rows: pl.Tensor[[1, 64], pl.INT32], table: pl.Tensor[[32], pl.INT32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 8], pl.FP32]:
        g = pl.tensor.gather(x, dim=1, index=idx)
        g2 = pl.tensor.gather(x, idx, dim=1)
        m = pl.tensor.gather_mask(x, mask_pattern=1)
        m2 = pl.tensor.gather_mask(x, mask_pattern=7, output_dtype=pl.INT32)
        pair = pl.tensor.gather_compare(x, 0.5, cmp_mode=4, offset=0, out_cols=8)
        pg = pl.tensor.paged_gather(kv, rows, table, block_size=128, size=128, max_indices=64, col_off=0, is_trans=False, is_b_matrix=False, space=pl.Mem.Mat)
        acc = pl.tensor.create_l1([64, 128], dtype=pl.FP16, transpose=False)
        acc2 = pl.tensor.gather_row(acc, kv, [0, 0], [5, 0], [1, 128], transpose=False)
        acc3 = pl.tensor.gather_row(acc2, kv, [1, 0], [6, 0], [1, 128], transpose=False, valid_shape=[1, n])
        return g
