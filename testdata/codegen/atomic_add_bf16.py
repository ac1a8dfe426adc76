# A tile.store with atomic add combines into global memory only in dtypes
# the target's store pipe supports: BF16 on a2a3 alone (set_atomic_bf16;
# a5 would store it non-atomically). The FP32 store is fine on both; on a5
# the BF16 one is rejected at the call and nothing is written.
#
# RUN: not pto-opt %s --backend=a5 --emit=pto 2>&1 | FileCheck %s --check-prefix=A5
# RUN: test -z "$(pto-opt %s --backend=a5 --emit=pto 2>/dev/null)"
# RUN: pto-opt %s --backend=a2a3 --emit=pto | FileCheck %s --check-prefix=A2A3
#
# A5: atomic_add_bf16.py:[[#@LINE+14]]:44: error: codegen: tile.store with atomic add into a BF16 tensor is not supported on a5; accumulate into an FP32 tensor and cast after the reduction
# A2A3: pto.tstore ins(%f : {{.*}}dtype=f32{{.*}}) {atomicType = #pto<atomic_type atomic_add>}
# A2A3: pto.tstore ins(%b : {{.*}}dtype=bf16{{.*}}) {atomicType = #pto<atomic_type atomic_add>}

# pypto.program: AtomicAdd
import pypto.language as pl

@pl.program
class AtomicAdd:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Tensor[[16, 16], pl.BF16], acc: pl.Out[pl.Tensor[[16, 16], pl.FP32]], acc16: pl.Out[pl.Tensor[[16, 16], pl.BF16]]):
        f: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        b: pl.Tile[[16, 16], pl.BF16, pl.Mem.Vec] = pl.tile.load(y, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        r1: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(f, [0, 0], acc, atomic=pl.AtomicType.Add)
        r2: pl.Tensor[[16, 16], pl.BF16] = pl.tile.store(b, [0, 0], acc16, atomic=pl.AtomicType.Add)
