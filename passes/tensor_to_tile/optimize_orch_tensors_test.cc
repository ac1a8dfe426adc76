#include "passes/tensor_to_tile/optimize_orch_tensors.h"

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/text/printer/printer.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

class OptimizeOrchTensorsTest : public NormalizePassTest {
 protected:
  OptimizeOrchTensorsTest() : NormalizePassTest(CreateOptimizeOrchTensorsPass()) {}

  // The pass returns `functions` as the same object.
  void ExpectUnchanged(absl::string_view functions) {
    ir::Program p = ParseFunctions(functions);
    absl::StatusOr<ir::Program> out = Run(p);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_TRUE(out->SameAs(p)) << ir::PrintProgram(*out);
  }
};

// A kernel adding `w` to an accumulator, as ConvertTensorToTileOps leaves it.
constexpr absl::string_view kStep = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def step(self, acc: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32],
             ret0_out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(acc, [0, 0], [16, 32])
        b = pl.load(w, [0, 0], [16, 32])
        c = pl.tile.add(a, b)
        s = pl.store(c, [0, 0], ret0_out)
        return s
)";

TEST_F(OptimizeOrchTensorsTest, LoopCarriedResultReusesTheCarriedBuffer) {
  CheckedProgramRewrite(absl::StrCat(kStep, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(a0,)):
            ret0_out = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.step(acc, w, ret0_out)
            acc2 = pl.yield_(nxt)
        return acc2
)"),
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def step(self, acc: pl.InOut[pl.Tensor[[16, 32], pl.FP32]],
             w: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        a = pl.load(acc, [0, 0], [16, 32])
        b = pl.load(w, [0, 0], [16, 32])
        c = pl.tile.add(a, b)
        s = pl.store(c, [0, 0], acc)
        return s
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(a0,)):
            nxt = self.step(acc, w)
            acc2 = pl.yield_(nxt)
        return acc2
)")
      .status()
      .IgnoreError();
}

// Two results, each carried through a projection of the call's tuple.
TEST_F(OptimizeOrchTensorsTest, EachProjectedResultMergesIntoItsCarriedInput) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64], pl.FP32],
          o0: pl.Out[pl.Tensor[[64], pl.FP32]], o1: pl.Out[pl.Tensor[[64], pl.FP32]]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        x = pl.load(a, [0], [64])
        y = pl.load(b, [0], [64])
        s = pl.tile.sub(x, y)
        t = pl.tile.mul(x, y)
        r0 = pl.store(t, [0], o0)
        r1 = pl.store(s, [0], o1)
        return r0, r1
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[64], pl.FP32], b0: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (a, b) in pl.range(3, init_values=(a0, b0)):
            o0 = pl.tensor.create([64], dtype=pl.FP32)
            o1 = pl.tensor.create([64], dtype=pl.FP32)
            r = self.k(a, b, o0, o1)
            na = r[1]
            nb = r[0]
            ra, rb = pl.yield_(nb, na)
        return ra
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.InOut[pl.Tensor[[64], pl.FP32]], b: pl.InOut[pl.Tensor[[64], pl.FP32]]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        x = pl.load(a, [0], [64])
        y = pl.load(b, [0], [64])
        s = pl.tile.sub(x, y)
        t = pl.tile.mul(x, y)
        r0 = pl.store(t, [0], a)
        r1 = pl.store(s, [0], b)
        return r0, r1
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[64], pl.FP32], b0: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i, (a, b) in pl.range(3, init_values=(a0, b0)):
            r = self.k(a, b)
            na = r[1]
            nb = r[0]
            ra, rb = pl.yield_(nb, na)
        return ra
)")
      .status()
      .IgnoreError();
}

// Writing the result into the carried buffer would change what a later
// statement of the iteration reads.
TEST_F(OptimizeOrchTensorsTest, CarriedValueReadAfterTheCallKeepsItsOwnOutput) {
  ExpectUnchanged(absl::StrCat(kStep, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc, prev) in pl.range(4, init_values=(a0, w)):
            ret0_out = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.step(acc, w, ret0_out)
            acc2, prev2 = pl.yield_(nxt, acc)
        return prev2
)"));
}

// The result yielded as two carried values: writing the first in place
// would change the second.
TEST_F(OptimizeOrchTensorsTest, ResultCarriedTwiceKeepsItsOwnOutput) {
  ExpectUnchanged(absl::StrCat(kStep, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[16, 32], pl.FP32], b0: pl.Tensor[[16, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc, keep) in pl.range(4, init_values=(a0, b0)):
            ret0_out = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.step(acc, w, ret0_out)
            acc2, keep2 = pl.yield_(nxt, nxt)
        return keep2
)"));
}

// A loop starting from a slice of an input that is read again keeps its
// output: writing in place would change what the later read sees.
TEST_F(OptimizeOrchTensorsTest, CarriedBufferReadElsewhereKeepsItsOwnOutput) {
  ExpectUnchanged(absl::StrCat(kStep, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 32], pl.FP32], w: pl.Tensor[[16, 32], pl.FP32]) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        a0 = pl.slice(x, [16, 32], [0, 0])
        for i, (acc,) in pl.range(4, init_values=(a0,)):
            ret0_out = pl.tensor.create([16, 32], dtype=pl.FP32)
            nxt = self.step(acc, w, ret0_out)
            acc2 = pl.yield_(nxt)
        b = pl.slice(x, [16, 32], [0, 0])
        return acc2, b
)"));
}

// A kernel carrying a whole-tensor load through its own loop is an
// accumulator: a single call reading its input nowhere else merges.
TEST_F(OptimizeOrchTensorsTest, StandaloneAccumulatorKernelMerges) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, x: pl.Tensor[[8, 16], pl.FP32], n: pl.Scalar[pl.INDEX],
            ret0_out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 16])
        for i, (u,) in pl.range(n, init_values=(t,)):
            v = pl.tile.adds(u, 1.0)
            w = pl.yield_(v)
        s = pl.store(w, [0, 0], ret0_out)
        return s
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
        ret0_out = pl.tensor.create([8, 16], dtype=pl.FP32)
        y = self.acc(x, n, ret0_out)
        return y
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, x: pl.InOut[pl.Tensor[[8, 16], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 16])
        for i, (u,) in pl.range(n, init_values=(t,)):
            v = pl.tile.adds(u, 1.0)
            w = pl.yield_(v)
        s = pl.store(w, [0, 0], x)
        return s
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
        y = self.acc(x, n)
        return y
)")
      .status()
      .IgnoreError();
}

constexpr absl::string_view kAccumulator = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, x: pl.Tensor[[8, 16], pl.FP32], n: pl.Scalar[pl.INDEX],
            ret0_out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 16])
        for i, (u,) in pl.range(n, init_values=(t,)):
            v = pl.tile.adds(u, 1.0)
            w = pl.yield_(v)
        s = pl.store(w, [0, 0], ret0_out)
        return s
)";

// The signature changes for every call: one call whose input is read again
// keeps all of them as they were.
TEST_F(OptimizeOrchTensorsTest, OneCallReadingItsInputAgainBlocksTheMerge) {
  ExpectUnchanged(absl::StrCat(kAccumulator, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], z: pl.Tensor[[8, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:
        o1 = pl.tensor.create([8, 16], dtype=pl.FP32)
        y = self.acc(z, n, o1)
        o2 = pl.tensor.create([8, 16], dtype=pl.FP32)
        r = self.acc(x, n, o2)
        o3 = pl.tensor.create([8, 16], dtype=pl.FP32)
        q = self.acc(x, n, o3)
        return q
)"));
}

// Without a loop in the kernel, nothing says its input and output are one
// buffer.
TEST_F(OptimizeOrchTensorsTest, PlainCopyKernelKeepsItsOutput) {
  ExpectUnchanged(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[64], pl.FP32], ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.load(x, [0], [64])
        s = pl.store(t, [0], ret0_out)
        return s
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        ret0_out = pl.tensor.create([64], dtype=pl.FP32)
        y = self.copy(x, ret0_out)
        return y
)");
}

// A block kernel over a sliced input, its result assembled into the
// output: both params get the parent's row stride.
constexpr absl::string_view kBlockMain = R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[2, 64, 128], pl.FP32], c: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for mb, (c1,) in pl.range(0, 64, 32, init_values=(c,)):
            for nb, (c2,) in pl.range(0, 128, 32, init_values=(c1,)):
                a = pl.slice(x, [32, 32], [1, mb, nb])
                ret0_out = pl.tensor.create([32, 32], dtype=pl.FP32)
                r = self.blk(a, ret0_out)
                c3 = pl.assemble(c2, r, [mb, nb])
                c4 = pl.yield_(c3)
            c5 = pl.yield_(c4)
        return c5
)";

TEST_F(OptimizeOrchTensorsTest, WindowParamsGetTheirParentsStrides) {
  CheckedProgramRewrite(absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, a: pl.Tensor[[32, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 32])
        u = pl.tile.adds(t, 2.0)
        s = pl.store(u, [0, 0], ret0_out)
        return s
)", kBlockMain),
                        absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, a: pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)],
            ret0_out: pl.Out[pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 32])
        u = pl.tile.adds(t, 2.0)
        s: pl.Tensor[[32, 32], pl.FP32, pl.TensorView(stride=[256, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [0, 0], ret0_out)
        return s
)", kBlockMain))
      .status()
      .IgnoreError();
}

// Each result of a two-result kernel, projected from the call's tuple, is
// assembled into its own parent: each Out param gets that parent's stride.
TEST_F(OptimizeOrchTensorsTest, ProjectedResultsGetTheirOwnParentsStrides) {
  constexpr absl::string_view kMain = R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], c: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
             d: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        o0 = pl.tensor.create([16, 16], dtype=pl.FP32)
        o1 = pl.tensor.create([16, 16], dtype=pl.FP32)
        r = self.two(x, o0, o1)
        r0 = r[0]
        r1 = r[1]
        c1 = pl.assemble(c, r0, [0, 16])
        d1 = pl.assemble(d, r1, [16, 0])
        return c1
)";
  CheckedProgramRewrite(absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def two(self, x: pl.Tensor[[16, 16], pl.FP32], o0: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
            o1: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 16])
        s0 = pl.store(t, [0, 0], o0)
        s1 = pl.store(t, [0, 0], o1)
        return s0, s1
)", kMain),
                        absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def two(self, x: pl.Tensor[[16, 16], pl.FP32],
            o0: pl.Out[pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]],
            o1: pl.Out[pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 16])
        s0: pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, 0], o0)
        s1: pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)] = pl.store(t, [0, 0], o1)
        return s0, s1
)", kMain))
      .status()
      .IgnoreError();
}

// One call's result is not assembled (its output is a plain buffer), or two
// calls slice parents of different widths: the params keep packed strides.
TEST_F(OptimizeOrchTensorsTest, CallsThatDisagreeKeepPackedStrides) {
  ExpectUnchanged(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def blk(self, a: pl.Tensor[[32, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 32])
        s = pl.store(t, [0, 0], ret0_out)
        return s
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Tensor[[64, 64], pl.FP32],
             c: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        a = pl.slice(x, [32, 32], [0, 0])
        o1 = pl.tensor.create([32, 32], dtype=pl.FP32)
        r = self.blk(a, o1)
        c1 = pl.assemble(c, r, [0, 0])
        b = pl.slice(y, [32, 32], [0, 0])
        o2 = pl.tensor.create([32, 32], dtype=pl.FP32)
        q = self.blk(b, o2)
        return q
)");
}

// A kernel filling a fresh buffer slice by slice stores each slice into
// its output instead; a buffer with contents of its own stays.
TEST_F(OptimizeOrchTensorsTest, AssembleLoopStoresStraightIntoTheOutput) {
  constexpr absl::string_view kMain = R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 32], pl.FP32]) -> pl.Tensor[[4, 64], pl.FP32]:
        ret0_out = pl.tensor.create([4, 64], dtype=pl.FP32)
        y = self.rows(x, ret0_out)
        return y
)";
  CheckedProgramRewrite(absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[4, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        buf = pl.tile.create([4, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        for j, (acc,) in pl.range(2, init_values=(buf,)):
            t = pl.load(x, [0, 0], [4, 32])
            u = pl.tile.muls(t, 3.0)
            acc2 = pl.tile.assemble(acc, u, [0, j * 32])
            acc3 = pl.yield_(acc2)
        s = pl.store(acc3, [0, 0], ret0_out)
        return s
)", kMain),
                        absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[4, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        for j, (acc,) in pl.range(2, init_values=(ret0_out,)):
            t = pl.load(x, [0, 0], [4, 32])
            u = pl.tile.muls(t, 3.0)
            acc2 = pl.store(u, [0, j * 32], acc)
            acc3 = pl.yield_(acc2)
        return acc3
)", kMain))
      .status()
      .IgnoreError();
  ExpectUnchanged(absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[4, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        buf = pl.tile.full([4, 64], dtype=pl.FP32, value=1.0)
        for j, (acc,) in pl.range(1, init_values=(buf,)):
            t = pl.load(x, [0, 0], [4, 32])
            acc2 = pl.tile.assemble(acc, t, [0, j * 32])
            acc3 = pl.yield_(acc2)
        s = pl.store(acc3, [0, 0], ret0_out)
        return s
)", kMain));
  // An atomic final store adds the whole tile; plain per-slice stores would not.
  ExpectUnchanged(absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[4, 32], pl.FP32], ret0_out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]) -> pl.Tensor[[4, 64], pl.FP32]:
        buf = pl.tile.create([4, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        for j, (acc,) in pl.range(2, init_values=(buf,)):
            t = pl.load(x, [0, 0], [4, 32])
            acc2 = pl.tile.assemble(acc, t, [0, j * 32])
            acc3 = pl.yield_(acc2)
        s = pl.store(acc3, [0, 0], ret0_out, atomic=pl.AtomicType.Add)
        return s
)", kMain));
}

TEST_F(OptimizeOrchTensorsTest, ProgramWithoutKernelsIsUnchanged) {
  ExpectUnchanged(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = pl.tensor.create([64], dtype=pl.FP32)
        return y
)");
}

}  // namespace
}  // namespace pto::passes
