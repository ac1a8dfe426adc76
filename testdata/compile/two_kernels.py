# pto-compile writes one PTO module per kernel in upstream's layout,
# kernels/<aiv|aic>/<name>.pto, and a manifest of the kernels (core type,
# file, parameters with their directions) and of the functions it does not
# emit (orchestration, for now) with the reason. Every module reads back
# under the PTO grammar, and runs. pto-opt --emit=pto prints every kernel in
# one module and names the orchestration in a comment.
#
# RUN: rm -rf $TEST_TMPDIR/two && pto-compile %s -o $TEST_TMPDIR/two | FileCheck %s --check-prefix=NOTE
# RUN: find $TEST_TMPDIR/two -type f | sort | sed 's|.*/two/||' | FileCheck %s --check-prefix=FILES
# RUN: FileCheck %s --check-prefix=MANIFEST < $TEST_TMPDIR/two/manifest.json
# RUN: FileCheck %s --check-prefix=SCALE < $TEST_TMPDIR/two/kernels/aiv/scale.pto
# RUN: pto-run $TEST_TMPDIR/two/kernels/aiv/scale.pto --seed=1 --out-dir=$TEST_TMPDIR/two/run
# RUN: pto-opt %s --emit=pto | FileCheck %s --check-prefix=OPT
#
# A kernel codegen refuses: located, and nothing is written.
# RUN: sed 's/pl.tile.muls(t, 2.0)/pl.tile.sin(t)/' %s > $TEST_TMPDIR/bad.py
# RUN: rm -rf $TEST_TMPDIR/bad && not pto-compile $TEST_TMPDIR/bad.py -o $TEST_TMPDIR/bad --passes=none 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: test ! -e $TEST_TMPDIR/bad
# RUN: not pto-compile %s 2>&1 | FileCheck %s --check-prefix=NO-DIR
#
# NOTE: pto-compile: main: not emitted (see manifest.json)
# FILES: kernels/aiv/offset.pto
# FILES-NEXT: kernels/aiv/scale.pto
# FILES-NEXT: manifest.json
# MANIFEST: "program": "TwoKernels",
# MANIFEST: "backend": "a5",
# MANIFEST: {"name": "scale", "core_type": "aiv", "file": "kernels/aiv/scale.pto", "params": [{"name": "x", "direction": "In", "type": "pl.Tensor{{\[\[}}16, 64], pl.FP32]"}, {"name": "out", "direction": "Out", "type": "pl.Tensor{{\[\[}}16, 64], pl.FP32]"}]}
# MANIFEST: {"name": "offset", "core_type": "aiv", "file": "kernels/aiv/offset.pto"
# MANIFEST: "not_emitted": [
# MANIFEST-NEXT: {"name": "main", "type": "Orchestration", "reason": "a Orchestration function: orchestration codegen is not built yet"}
# SCALE: module attributes {pto.target_arch = "a5"} {
# SCALE-NEXT: func.func @scale(
# SCALE-NOT: func.func
# OPT: // not emitted: @main (Orchestration)
# OPT-NEXT: module attributes {pto.target_arch = "a5"} {
# OPT: func.func @scale(
# OPT: func.func @offset(
# BAD: bad.py:[[#@LINE+11]]:13: error: codegen: tile.sin is a composite op; run the lower-composite-ops pass first
# NO-DIR: pto-compile: error: -o DIR is required

# pypto.program: TwoKernels
import pypto.language as pl

@pl.program
class TwoKernels:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        u = pl.tile.muls(t, 2.0)
        o = pl.tile.store(u, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def offset(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        u = pl.tile.adds(t, 1.0)
        o = pl.tile.store(u, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        a = pl.create_tensor([16, 64], dtype=pl.FP32)
        a = self.scale(x, a)
        b = pl.create_tensor([16, 64], dtype=pl.FP32)
        b = self.offset(a, b)
        return b
