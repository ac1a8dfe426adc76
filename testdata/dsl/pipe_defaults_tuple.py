# Upstream's wrapper defaults and Python spellings: an initialize_pipe call
# that names one consumer buffer gets 0 (an INT32 constant) for the other;
# a `tuple[A, B]` annotation is pl.Tuple[A, B].
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
#
# Functions print by name, callees first: c, two, f, v.
# CHECK: pl.system.aic_initialize_pipe(pl.const(0, pl.INT32), peer, dir_mask=2, slot_size=512)
# CHECK: r: pl.Tuple{{.*}} = self.two(x)
# CHECK: pl.system.aiv_initialize_pipe(buf, pl.const(0, pl.INT32), dir_mask=1, slot_size=512)
import pypto.language as pl


@pl.program
class Pipes:
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, n: pl.Scalar[pl.INDEX]):
        buf = pl.reserve_buffer(name="c2v", size=4096, base=0x1000)
        pl.aiv_initialize_pipe(dir_mask=1, slot_size=512, c2v_consumer_buf=buf)
        return

    @pl.function(type=pl.FunctionType.AIC)
    def c(self, n: pl.Scalar[pl.INDEX]):
        peer = pl.import_peer_buffer(name="v2c", peer_func="v")
        pl.system.aic_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=peer)
        return

    @pl.function
    def two(self, x: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        return x, x

    @pl.function
    def f(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        r: tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]] = self.two(x)
        return x
