# --allow-unregistered-ops keeps a call of an op no registry knows as an
# opaque call typed by its annotation: the default pipeline passes it through
# unchanged and it prints back exactly as written (kwargs in written order,
# also with --concise); a second parse prints the same text. Without the flag
# the op is an error; without an annotation too; codegen and pto-run reject
# it before any output.
#
# RUN: pto-opt %s --allow-unregistered-ops --passes=none > $TEST_TMPDIR/none.py
# RUN: pto-opt %s --allow-unregistered-ops > $TEST_TMPDIR/default.py
# RUN: pto-opt %s --allow-unregistered-ops --backend=a2a3 > $TEST_TMPDIR/a2a3.py
# RUN: diff $TEST_TMPDIR/none.py $TEST_TMPDIR/default.py
# RUN: diff $TEST_TMPDIR/none.py $TEST_TMPDIR/a2a3.py
# RUN: pto-opt $TEST_TMPDIR/none.py --allow-unregistered-ops --passes=none | diff $TEST_TMPDIR/none.py -
# RUN: FileCheck %s < $TEST_TMPDIR/default.py
# RUN: pto-opt %s --allow-unregistered-ops --concise | FileCheck %s --check-prefix=CONCISE
# RUN: pto-opt %s --allow-unregistered-ops --concise | pto-opt - --allow-unregistered-ops | diff $TEST_TMPDIR/none.py -
#
# CHECK: m: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.custom_matmul(a, a)
# CHECK: f: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.foo.bar(m, 3, k=1, name='x', dtype=pl.FP16, flag=True, scale=0.5, mem=pl.Mem.Vec)
# CHECK: g: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.foo.bar(f, 3, name='y', k=2)
# CHECK: w: pl.Scalar[pl.INDEX] = pld.system.probe(i)
# CHECK: h: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.foo.and_(acc, g)
#
# CONCISE: m: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.custom_matmul(a, a)
# CONCISE: c = pl.tile.cast(g, target_type=pl.FP16, mode='round')
#
# RUN: not pto-opt %s 2>&1 | FileCheck %s --check-prefix=NOFLAG
# NOFLAG: roundtrip.py:50:53: error: unknown op 'tile.custom_matmul' (--allow-unregistered-ops accepts it as an opaque call when its result type is annotated)
#
# RUN: not pto-opt %s --allow-unregistered-ops --emit=pto > $TEST_TMPDIR/out.pto 2> $TEST_TMPDIR/err.txt
# RUN: FileCheck %s --check-prefix=PTO < $TEST_TMPDIR/err.txt
# RUN: test ! -s $TEST_TMPDIR/out.pto
# PTO: roundtrip.py:50:53: error: codegen: tile.custom_matmul is an unregistered op (in function 'k'); codegen cannot handle it
#
# RUN: rm -rf $TEST_TMPDIR/run && not pto-run %s --allow-unregistered-ops --func=k --seed=1 --out-dir=$TEST_TMPDIR/run/o 2>&1 | FileCheck %s --check-prefix=INTERP
# RUN: test ! -e $TEST_TMPDIR/run/o
# INTERP: roundtrip.py:50:53: error: interpreter: tile.custom_matmul is an unregistered op (in function 'k'); interpreter cannot handle it
#
# Without an annotation (here, as a statement) the op is an error even with the flag:
# RUN: sed 's/^        m: pl.Tile.* = pl.tile.custom_matmul/        pl.tile.custom_matmul/' %s > $TEST_TMPDIR/bare.py
# RUN: not pto-opt $TEST_TMPDIR/bare.py --allow-unregistered-ops 2>&1 | FileCheck %s --check-prefix=BARE
# BARE: bare.py:50:9: error: unregistered op 'tile.custom_matmul' needs an annotated result type: write `x: T = pl.tile.custom_matmul(...)`
import pypto.language as pl

@pl.program
class Opaque:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        m: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.custom_matmul(a, a)
        f: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.foo.bar(m, 3, k=1, name='x', dtype=pl.FP16, flag=True, scale=0.5, mem=pl.Mem.Vec)
        g: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.foo.bar(f, 3, name='y', k=2)
        for i, (acc,) in pl.range(0, 4, 1, init_values=(g,)):
            w: pl.Scalar[pl.INDEX] = pld.system.probe(i)
            h: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.foo.and_(acc, g)
            acc_next: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(h)
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(g, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r
