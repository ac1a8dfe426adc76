# Registered ops of #20: system.set_ffts, sync_set/sync_wait (static and dynamic event id), reserve_buffer / import_peer_buffer (INT32 addresses), the initialize_pipe ops and tfree_to_aic/aiv.
# Each call parses, verifies and prints in canonical form; the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self, ws: pl.Tensor{{\[\[}}256], pl.INT64], e: pl.Scalar[pl.INDEX], t: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec]) -> pl.Scalar[pl.INT32]:
# CHECK-NEXT: pl.system.set_ffts(ws)
# CHECK-NEXT: pl.system.sync_set(pipe=pl.PipeType.V, event_id=3)
# CHECK-NEXT: pl.system.sync_set(pipe=pl.PipeType.V, event_id=0, ffts_mode=2, core_type='aic')
# CHECK-NEXT: pl.system.sync_wait(e, pipe=pl.PipeType.M, core_type='aiv')
# CHECK-NEXT: buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name='v2c_slot_buffer', size=4096, base=4096)
# CHECK-NEXT: auto: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name='c2v_slot_buffer', size=4096, base=-1)
# CHECK-NEXT: peer: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name='c2v_slot_buffer', peer_func='cube_consumer')
# CHECK-NEXT: pl.system.aic_initialize_pipe(peer, buf, dir_mask=3, slot_size=512)
# CHECK-NEXT: pl.system.aiv_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=512, slot_num=8, local_slot_num=4, id=1)
# CHECK-NEXT: pl.system.tfree_to_aic(t)
# CHECK-NEXT: pl.system.tfree_to_aiv(t, split=1, id=0)
# CHECK-NEXT: return auto
import pypto.language as pl

@pl.program
class SystemCrossCore:
    @pl.function
    def k(self, ws: pl.Tensor[[256], pl.INT64], e: pl.Scalar[pl.INDEX], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]) -> pl.Scalar[pl.INT32]:
        pl.system.set_ffts(ws)
        pl.system.sync_set(pipe=4, event_id=3)
        pl.system.sync_set(pipe=4, event_id=0, ffts_mode=2, core_type='aic')
        pl.system.sync_wait(e, pipe=3, core_type='aiv')
        buf = pl.system.reserve_buffer(name='v2c_slot_buffer', size=4096, base=4096)
        auto = pl.system.reserve_buffer(name='c2v_slot_buffer', size=4096)
        peer = pl.system.import_peer_buffer(name='c2v_slot_buffer', peer_func='cube_consumer')
        pl.system.aic_initialize_pipe(peer, buf, dir_mask=3, slot_size=512)
        pl.system.aiv_initialize_pipe(peer, pl.const(0, pl.INT32), dir_mask=1, slot_size=512, slot_num=8, local_slot_num=4, id=1)
        pl.system.tfree_to_aic(t)
        pl.system.tfree_to_aiv(t, split=1, id=0)
        return auto
