# Call options beyond the arguments: the generic attrs={...} dict on op calls
# and on calls of program functions (compiler metadata: a string, a number,
# True/False, an enum member, pl.adir.X, a list of ints / directions / names,
# or an expression), pl.no_dep(x) arguments, system.task_dummy's deps=[...],
# pl.submit's dumps=[...]
# (the call's dumped arguments, kept in argument order, each once), and the
# level aliases of @pl.function (pl.Level.POD is CLUSTER_0). All print in
# upstream's canonical form and re-read to the same IR; the passes keep them.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/once.py
# RUN: pto-opt $TEST_TMPDIR/once.py --passes=none | diff $TEST_TMPDIR/once.py -
# RUN: pto-opt %s --passes=lower-composite-ops,legalize-tile-cast,materialize-tcvt-scratch | diff $TEST_TMPDIR/once.py -
#
# CHECK: t: pl.Tile{{.*}} = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec, attrs={"pipeline_membership": "0:0", "__compiler_tensor_to_tile_mat_bridge": True})
# CHECK-NEXT: u: pl.Tile{{.*}} = pl.tile.add(t, t, attrs={"space": pl.Mem.Left, "order": [2, 0, 1], "dir": pl.adir.inout, "scale": -1.5, "dt": pl.BF16, "pad": pl.PadValue.zero})
# CHECK: b: pl.Scalar[pl.TASK_ID] = pl.system.task_dummy(deps=[tids])
# CHECK-NEXT: e: pl.Scalar[pl.TASK_ID] = pl.system.task_dummy(deps=[])
# CHECK: = pl.submit(self.k, x, o, deps=[b], dumps=[x, o])
# CHECK: r2: pl.Tensor{{.*}} = self.k(x, o, attrs={"dump_vars": [o], "arg_directions": [pl.adir.input, pl.adir.output_existing], "core_num": 2, "gate": n > 0, "edges": [t, b], "arg_direction_overrides": []})
# pl.no_dep(x) on an argument records its position, as upstream does.
# CHECK: r3: pl.Tensor{{.*}} = self.k(x, o, attrs={"arg_direction_overrides": [0]})
# CHECK: @pl.function(level=pl.Level.CLUSTER_0, role=pl.Role.Orchestrator)
# CHECK-NEXT: def pod(
#
# The interpreter runs the kernel: its op-call attrs are metadata.
# RUN: pto-run %s --func=k --seed=1 --out-dir=$TEST_TMPDIR/k
import pypto.language as pl


@pl.program
class CallAttrs:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.tile.load(
            x, [0, 0], [16, 16], attrs={"pipeline_membership": "0:0", "__compiler_tensor_to_tile_mat_bridge": True}
        )
        u = pl.tile.add(
            t,
            t,
            attrs={"space": pl.Mem.Left, "order": [2, 0, 1], "dir": pl.adir.inout, "scale": -1.5, "dt": pl.BF16, "pad": pl.PadValue.zero},
        )
        out = pl.tile.store(u, [0, 0], out)
        return out

    @pl.function(level=pl.Level.POD, role=pl.Role.Orchestrator)
    def pod(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.TASK_ID]:
        with pl.manual_scope():
            tids = pl.array.create(4, pl.TASK_ID)
            b = pl.system.task_dummy(deps=[tids])
            e = pl.system.task_dummy(deps=[])
            r, t = pl.submit(self.k, x, o, deps=[b], dumps=[o, x, o])
            r2 = self.k(
                x,
                o,
                attrs={
                    "core_num": 2,
                    "arg_directions": [pl.adir.input, pl.adir.output_existing],
                    "gate": n > 0,
                    "edges": [t, b],
                    "arg_direction_overrides": [],
                    "dump_vars": [o],
                },
            )
            r3 = self.k(pl.no_dep(x), o)
        return e
