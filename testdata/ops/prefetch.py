# Registered ops of #20: prefetch.make_context / async_prefetch / session / wait and their handle types.
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self, src: pl.Tensor{{\[\[}}1, 4096], pl.FP16]) -> pl.Scalar[pl.BOOL]:
# CHECK-NEXT: ctx: pl.PrefetchAsyncContext = pl.prefetch.make_context()
# CHECK-NEXT: evt: pl.AsyncEvent = pl.prefetch.async_prefetch(src, ctx)
# CHECK-NEXT: ses: pl.AsyncSession = pl.prefetch.session(ctx)
# CHECK-NEXT: done: pl.Scalar[pl.BOOL] = pl.prefetch.wait(evt, ses)
# CHECK-NEXT: return done
import pypto.language as pl

@pl.program
class Prefetch:
    @pl.function
    def k(self, src: pl.Tensor[[1, 4096], pl.FP16]) -> pl.Scalar[pl.BOOL]:
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(src, ctx)
        ses = pl.prefetch.session(ctx)
        done = pl.prefetch.wait(evt, ses)
        return done
