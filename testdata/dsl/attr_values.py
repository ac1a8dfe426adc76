# Attribute and kwarg values: dtype, memory space and argument direction
# (pl.adir) members as attr values, a pl.func_attr value naming a parameter (kept
# as the parameter itself), an op call as a function attr value, attrs=
# naming a module dict, external_source= naming a module string built by
# concatenation, and a unified op with its operands passed by name.
#
# RUN: pto-opt %s --passes=none | FileCheck %s
# RUN: pto-opt %s --passes=none > $TEST_TMPDIR/attr_values_once.py
# RUN: pto-opt $TEST_TMPDIR/attr_values_once.py --passes=none | diff $TEST_TMPDIR/attr_values_once.py -
#
# CHECK: external_source="kernels/k.cpp")
# CHECK-NEXT: def ext(
# CHECK-NEXT: pl.func_attr({"marker": 7, "dtype": pl.FP16, "memory_space": pl.Mem.Vec, "direction": pl.adir.input})
# CHECK: def kernel(x: pl.Tensor{{\[\[}}16], pl.FP32], w: pl.Tensor{{\[\[}}16], pl.FP32]
# CHECK-NEXT: pl.func_attr({"stationary": w})
# CHECK: pl.tile.add(t, u)
# CHECK: @pl.function(type=pl.FunctionType.Spmd)
# CHECK-NEXT: def spmd(
# CHECK-NEXT: pl.func_attr({"core_num": pl.system.available_cluster_count()})
import pypto.language as pl

KERNEL_DIR = "kernels"
SOURCE = KERNEL_DIR + "/k.cpp"
MARKER = 7
EXPECTED = {
    "marker": MARKER,
    "dtype": pl.FP16,
    "memory_space": pl.Mem.Vec,
    "direction": pl.adir.input,
}


@pl.program
class AttrValues:
    @pl.function(type=pl.FunctionType.AIV, external_source=SOURCE, attrs=EXPECTED)
    def ext(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]: ...

    @pl.function(type=pl.FunctionType.Spmd, attrs={"core_num": pl.system.available_cluster_count()})
    def spmd(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16], pl.FP32], w: pl.Tensor[[16], pl.FP32],
               out: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        pl.func_attr({"stationary": w})
        t = pl.load(x, [0], [16])
        u = pl.load(w, [0], [16])
        s = pl.add(rhs=u, lhs=t)
        r = pl.store(s, [0], out)
        return r
