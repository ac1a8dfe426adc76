# Registered ops of #20: system.sync_src/sync_dst (pipe flags), the barriers, fence, cacheinvalid (whole GM and region) and syncall (hard and soft).
# Each call parses, verifies and prints in canonical form (a soft syncall
# through the DSL's keyword surface); the printed text
# parses back to itself, and the default pipeline leaves the calls alone.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --backend=a5 | FileCheck %s
#
# CHECK: def k(self, ws: pl.Tensor{{\[\[}}16], pl.INT32], g: pl.Tensor{{\[\[}}4, 16], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
# CHECK-NEXT: pl.system.sync_src(set_pipe=pl.PipeType.MTE3, wait_pipe=pl.PipeType.V, event_id=0)
# CHECK-NEXT: pl.system.sync_dst(set_pipe=pl.PipeType.MTE3, wait_pipe=pl.PipeType.V, event_id=0)
# CHECK-NEXT: pl.system.bar_v()
# CHECK-NEXT: pl.system.bar_m()
# CHECK-NEXT: pl.system.bar_all()
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: pl.system.cacheinvalid(g, [1, 16], [0, 0])
# CHECK-NEXT: pl.system.syncall(core_type='aiv_only')
# CHECK-NEXT: pl.system.syncall(core_type='mix')
# CHECK-NEXT: pl.system.syncall(mode="soft", core_type="mix", gm_workspace=ws, used_cores=n)
# CHECK-NEXT: return n
import pypto.language as pl

@pl.program
class SystemSync:
    @pl.function
    def k(self, ws: pl.Tensor[[16], pl.INT32], g: pl.Tensor[[4, 16], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        pl.system.sync_src(set_pipe=2, wait_pipe=4, event_id=0)
        pl.system.sync_dst(set_pipe=2, wait_pipe=4, event_id=0)
        pl.system.bar_v()
        pl.system.bar_m()
        pl.system.bar_all()
        pl.system.fence()
        pl.system.cacheinvalid()
        pl.system.cacheinvalid(g, [1, 16], [0, 0])
        pl.system.syncall(core_type='aiv_only')
        pl.system.syncall()
        pl.system.syncall(ws, n, core_type='mix', mode='soft')
        return n
