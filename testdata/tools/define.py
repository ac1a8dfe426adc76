# --define=NAME=VALUE (repeatable) on pto-opt and pto-run: closure values the
# file does not define, read as module-level constant expressions (numbers,
# dtypes, enum members, lists, arithmetic, earlier defines). A define wins
# over the file's own module-level assignment to its name (`M, K = self.M,
# self.K` below cannot be evaluated; `cols = 4` is overridden). Unused
# defines are fine; a bad one is an error naming the flag, with no output.
#
# RUN: pto-opt %s --passes=none --define=dtype=pl.FP16 --define=batch=2 --define heads=4 --define=M=8 --define=K=M*2 --define=cols=16 --define=unused=[1,2] | FileCheck %s
# RUN: pto-opt %s --passes=none --define=dtype=pl.FP16 --define=batch=2 --define heads=4 --define=M=8 --define=K=M*2 --define=cols=16 > $TEST_TMPDIR/define_once.py
# RUN: pto-opt $TEST_TMPDIR/define_once.py --passes=none | diff $TEST_TMPDIR/define_once.py -
# RUN: not pto-opt %s --passes=none 2>&1 | FileCheck %s --check-prefix=NODEF
# RUN: not pto-opt %s --passes=none --define=dtype=pl.FP99 -o $TEST_TMPDIR/define_bad.out 2>&1 | FileCheck %s --check-prefix=BADVALUE
# RUN: test ! -e $TEST_TMPDIR/define_bad.out
# RUN: not pto-opt %s --passes=none --define=dtype 2>&1 | FileCheck %s --check-prefix=NOEQ
# RUN: rm -rf $TEST_TMPDIR/define_run && mkdir -p $TEST_TMPDIR/define_run
# RUN: pto-run %s --func=k --seed=1 --define=dtype=pl.FP32 --define=batch=1 --define=heads=2 --define=M=2 --define=K=8 --define=cols=8 --out-dir=$TEST_TMPDIR/define_run && test -s $TEST_TMPDIR/define_run/out.npy
# RUN: not pto-run %s --func=k --seed=1 --define=dtype=pl.FP32 --define=batch=x --out-dir=$TEST_TMPDIR/define_run 2>&1 | FileCheck %s --check-prefix=RUNBAD
#
# CHECK: def k(x: pl.Tensor{{\[\[}}8, 16], pl.FP16], out: pl.Out[pl.Tensor{{\[\[}}8, 16], pl.FP16]]) -> pl.Tensor{{\[\[}}8, 16], pl.FP16]:
# CHECK: t: pl.Tile{{\[\[}}8, 16], pl.FP16, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [8, 16], [8, 16], target_memory=pl.Mem.Vec)
# CHECK: c: pl.Tile{{\[\[}}8, 16], pl.FP16, pl.Mem.Vec] = pl.tile.muls(t, 2.0)
# NODEF: error: 'rows' is assigned at module level (28:1) a value the parser cannot evaluate
# BADVALUE: --define=dtype=pl.FP99: cannot evaluate 'pl.FP99'
# NOEQ: pto-opt: error: --define=dtype: expected --define=NAME=VALUE
# RUNBAD: --define=batch=x: cannot evaluate 'x'
import pypto.language as pl

rows = batch * heads
M, K = self.M, self.K
cols = 4

@pl.program
class Define:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[rows, cols], dtype], out: pl.Out[pl.Tensor[[M, K], dtype]]) -> pl.Tensor[[M, K], dtype]:
        t: pl.Tile[[rows, cols], dtype, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [rows, cols], [rows, cols], target_memory=pl.Mem.Vec)
        c: pl.Tile[[rows, cols], dtype, pl.Mem.Vec] = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[M, K], dtype] = pl.tile.store(c, [0, 0], out)
        return r
