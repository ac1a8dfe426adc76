# A pld.tile.put with atomic add combines into the peer's window with the
# same atomic store a tile.store uses (TPUT lands each staged chunk through
# it), so the window's dtype must be one the target's store pipe combines:
# BF16 on a2a3 alone. The FP32 put is fine on both; on a5 the BF16 one is
# rejected at the call and nothing is written. A put that overwrites
# (atomic=0) a BF16 window is fine everywhere.
#
# RUN: not pto-opt %s --backend=a5 --emit=pto 2>&1 | FileCheck %s --check-prefix=A5
# RUN: test -z "$(pto-opt %s --backend=a5 --emit=pto 2>/dev/null)"
# RUN: pto-opt %s --backend=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
#
# A5: put_atomic_add_bf16.py:[[#@LINE+17]]:9: error: codegen: pld.tile.put with atomic add into a BF16 window is not supported on a5; accumulate into an FP32 window and cast after the reduction
# A5-NOT: error
# A2A3: pto.comm.tput({{.*}}) {atomicType = #pto<atomic_type atomic_add>}
# A2A3: pto.comm.tput({{.*}}) {atomicType = #pto<atomic_type atomic_none>}
# A2A3: pto.comm.tput({{.*}}dtype=bf16{{.*}}) {atomicType = #pto<atomic_type atomic_add>}

# pypto.program: PutAtomicAdd
import pypto.language as pl

@pl.program
class PutAtomicAdd:
    @pl.function(type=pl.FunctionType.InCore)
    def k(acc: pld.DistributedTensor[[2, 64], pl.FP32], x: pl.Tensor[[1, 64], pl.FP32], acc16: pld.DistributedTensor[[2, 64], pl.BF16], y: pl.Tensor[[1, 64], pl.BF16], peer: pl.Scalar[pl.INDEX]):
        s32 = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        s16 = pl.tile.create([1, 64], dtype=pl.BF16, target_memory=pl.Mem.Vec)
        pld.tile.put(acc, peer, x, s32, [peer, 0], [0, 0], [1, 64], atomic=1)
        pld.tile.put(acc16, peer, y, s16, [peer, 0], [0, 0], [1, 64], atomic=0)
        pld.tile.put(acc16, peer, y, s16, [peer, 0], [0, 0], [1, 64], atomic=1)
