# DSL wrapper rules that pick or rewrite an op call's operands (dsl/dsl_ops.h
# DslFill): pl.mrgsort / pl.tile.mrgsort / pl.tensor.mrgsort build format1
# with block_len= (an INT32 literal) and format2 otherwise (a tile's tmp after
# the sources); pl.tile.arange / pl.tensor.arange are tile.ci / tensor.ci,
# whose literal start takes the dtype; tile.sels' literal scalar takes the
# src dtype; tile.mgather's coalesce takes its names; pl.tensor.gather takes
# (input, dim, index), its mask and compare forms build gather_mask /
# gather_compare (cmp_mode by name), pl.scatter's mask form scatter_mask;
# pl.tile.MaskPattern.X is an int; pad_value takes 0, math.inf, -math.inf.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# CHECK: a: {{.*}} = pl.tensor.mrgsort_format1(x, pl.const(64, pl.INT32))
# CHECK-NEXT: b: {{.*}} = pl.tensor.mrgsort_format2(x, y, exhausted=True)
# CHECK: c: {{.*}} = pl.tile.mrgsort_format1(t, pl.const(64, pl.INT32))
# CHECK-NEXT: d: {{.*}} = pl.tile.mrgsort_format2(t, u, t, exhausted=False)
# CHECK-NEXT: e: {{.*}} = pl.tile.mrgsort_format2(t, u, t, u, t, exhausted=True)
# CHECK-NEXT: s: {{.*}} = pl.tensor.ci(pl.const(0, pl.INT32), [1, 32], dtype=pl.INT32, descending=True)
# CHECK-NEXT: s2: {{.*}} = pl.tensor.ci(pl.const(3, pl.INT16), [1, 32], dtype=pl.INT16, descending=False)
# CHECK-NEXT: s3: {{.*}} = pl.tile.ci(pl.const(0, pl.INT32), [1, 32], dtype=pl.INT32, descending=False)
# CHECK-NEXT: g: {{.*}} = pl.tensor.gather(m, dim=-1, index=s)
# CHECK: pl.tile.sels(mask, si, tmp, pl.const(-3, pl.INT32))
# CHECK: pl.tile.mgather(m, it, coalesce=1)
# CHECK: pl.tile.gather_mask(t, mask_pattern=2
# CHECK: pl.tensor.gather_mask(w, mask_pattern=1)
# CHECK-NEXT: pl.tensor.gather_mask(w, mask_pattern=2, output_dtype=pl.UINT32)
# CHECK-NEXT: pl.tensor.scatter_mask(w, wd, mask_pattern=1)
# CHECK-NEXT: pl.tensor.gather_compare(wi, kv, cmp_mode=4, offset=0, out_cols=8)
# CHECK: pl.tensor.fillpad(w, pad_value=pl.PadValue.max)
# CHECK-NEXT: pl.tensor.fillpad(w, pad_value=pl.PadValue.min)
# CHECK-NEXT: pl.tensor.fillpad(w, pad_value=pl.PadValue.zero)
import math

import pypto.language as pl


@pl.program
class OpRules:
    @pl.function
    def main(
        self,
        x: pl.Tensor[[1, 256], pl.FP32],
        y: pl.Tensor[[1, 256], pl.FP32],
        m: pl.Tensor[[16, 64], pl.FP32],
        si32: pl.Tensor[[16, 16], pl.INT32],
        w: pl.Tensor[[8, 16], pl.FP32],
        wd: pl.Tensor[[8, 32], pl.FP32],
        wi: pl.Tensor[[16, 64], pl.FP32],
        kv: pl.Scalar[pl.FP32],
    ):
        a = pl.mrgsort(x, block_len=64)
        b = pl.tensor.mrgsort(x, y, exhausted=True)
        t = pl.load(x, [0, 0], [1, 256])
        u = pl.load(y, [0, 0], [1, 256])
        c = pl.tile.mrgsort(t, block_len=64)
        d = pl.mrgsort(t, u, tmp=t)
        e = pl.tile.mrgsort(t, u, t, u, t, True)
        s = pl.tensor.ci(0, [1, 32], dtype=pl.INT32, descending=True)
        s2 = pl.tensor.arange(3, [1, 32], dtype=pl.INT16)
        s3 = pl.tile.arange(0, [1, 32], dtype=pl.INT32)
        g = pl.tensor.gather(m, -1, s)
        si = pl.load(si32, [0, 0], [16, 16])
        mask = pl.tile.cmps(si, 0, cmp_type=4)
        tmp = pl.tile.create([1, 32], dtype=pl.UINT8)
        r = pl.tile.sels(mask, si, tmp, -3)
        it = pl.load(s, [0, 0], [1, 16])
        gm = pl.tile.mgather(m, it, coalesce="elem")
        gmask = pl.tile.gather_mask(t, mask_pattern=pl.tile.MaskPattern.P1010)
        gw = pl.gather(w, mask_pattern=pl.tile.MaskPattern.P0101)
        gw2 = pl.tensor.gather(w, mask_pattern=2, output_dtype=pl.UINT32)
        sw = pl.scatter(w, mask_pattern=1, dst=wd)
        cw, cnt = pl.tensor.gather(wi, kvalue=kv, cmp_mode="gt", out_cols=8)
        f1 = pl.fillpad(w, math.inf)
        f2 = pl.fillpad(w, pad_value=-math.inf)
        f3 = pl.fillpad(w, 0)
        return
