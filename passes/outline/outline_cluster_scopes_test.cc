#include "passes/outline/outline_cluster_scopes.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

class OutlineClusterScopesTest : public NormalizePassTest {
 protected:
  OutlineClusterScopesTest() : NormalizePassTest(CreateOutlineClusterScopesPass()) {}
};

// The kernel the spmd scopes launch: `out` is written, so a call of it
// writes its second argument.
constexpr absl::string_view kKernel = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t: pl.Tile[[64], pl.FP32] = pl.load(x, [0], [64])
        out_1: pl.Tensor[[64], pl.FP32] = pl.store(t, [0], out)
        return out_1
)";

std::string WithKernel(absl::string_view functions) { return absl::StrCat(kKernel, functions); }

TEST_F(OutlineClusterScopesTest, ClusterBecomesAGroupFunction) {
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.cluster():
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
            z: pl.Tensor[[64], pl.FP32] = pl.mul(x, x)
        w: pl.Tensor[[64], pl.FP32] = pl.add(y, z)
        with pl.cluster(name_hint="tail"):
            _v: pl.Tensor[[64], pl.FP32] = pl.add(w, w)
        return w
)",
                        R"(
    @pl.function(type=pl.FunctionType.Group)
    def main_cluster_0(self, x: pl.Tensor[[64], pl.FP32]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        z: pl.Tensor[[64], pl.FP32] = pl.mul(x, x)
        return y, z
    @pl.function(type=pl.FunctionType.Group)
    def tail(self, w: pl.Tensor[[64], pl.FP32]):
        _v: pl.Tensor[[64], pl.FP32] = pl.add(w, w)
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y, z = self.main_cluster_0(x)
        w: pl.Tensor[[64], pl.FP32] = pl.add(y, z)
        self.tail(w)
        return w
)")
      .status()
      .IgnoreError();
}

TEST_F(OutlineClusterScopesTest, SpmdScopeBecomesASpmdFunctionLaunchedByItsCall) {
  CheckedProgramRewrite(WithKernel(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        with pl.spmd(4, sync_start=True):
            out_1: pl.Tensor[[64], pl.FP32] = self.kernel(x, out)
        return out_1
)"),
                        WithKernel(R"(
    @pl.function(type=pl.FunctionType.Spmd)
    def main_spmd_0(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        out_1: pl.Tensor[[64], pl.FP32] = self.kernel(x, out)
        return out
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        out_1: pl.Tensor[[64], pl.FP32] = self.main_spmd_0(x, out, attrs={"core_num": 4, "sync_start": True})
        return out_1
)"))
      .status()
      .IgnoreError();
}

TEST_F(OutlineClusterScopesTest, SpmdInAClusterIsUnwrappedIntoTheGroup) {
  // The core count reads the caller's n: the dispatch carries it, and the
  // Group still takes n, as upstream's does.
  CheckedProgramRewrite(WithKernel(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        with pl.cluster():
            with pl.spmd(n // 16):
                out_1: pl.Tensor[[64], pl.FP32] = self.kernel(x, out)
        return out_1
)"),
                        WithKernel(R"(
    @pl.function(type=pl.FunctionType.Group, attrs={"spmd_unwrapped": True})
    def main_cluster_0(self, n: pl.Scalar[pl.INDEX], x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        out_1: pl.Tensor[[64], pl.FP32] = self.kernel(x, out)
        return out
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        out_1: pl.Tensor[[64], pl.FP32] = self.main_cluster_0(n, x, out, attrs={"core_num": n // 16})
        return out_1
)"))
      .status()
      .IgnoreError();
}

TEST_F(OutlineClusterScopesTest, TaskIdSpmdScopeIsASpmdSubmit) {
  CheckedProgramRewrite(WithKernel(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        with pl.spmd(4, allow_early_resolve=True) as t:
            out_1: pl.Tensor[[64], pl.FP32] = self.kernel(x, out)
        return out_1
)"),
                        WithKernel(R"(
    @pl.function(type=pl.FunctionType.Spmd)
    def main_spmd_0(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        out_1: pl.Tensor[[64], pl.FP32] = self.kernel(x, out)
        return out
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        out_1, t = pl.spmd_submit(self.main_spmd_0, x, out, core_num=4, allow_early_resolve=True)
        return out_1
)"))
      .status()
      .IgnoreError();
}

TEST_F(OutlineClusterScopesTest, CallTypesInTheCopyNameTheNewParams) {
  // The kernel call's type names M; in the Spmd function M is a param, and
  // the copied call's type must name that param (the verifier checks).
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[M, 16], pl.FP32], out: pl.Out[pl.Tensor[[M, 16], pl.FP32]]) -> pl.Tensor[[M, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        out_1: pl.Tensor[[M, 16], pl.FP32] = pl.store(t, [0, 0], out)
        return out_1
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 16], pl.FP32], out: pl.Out[pl.Tensor[[M, 16], pl.FP32]]) -> pl.Tensor[[M, 16], pl.FP32]:
        with pl.spmd(M // 16):
            out_1: pl.Tensor[[M, 16], pl.FP32] = self.k(x, out)
        return out_1
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[M, 16], pl.FP32], out: pl.Out[pl.Tensor[[M, 16], pl.FP32]]) -> pl.Tensor[[M, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        out_1: pl.Tensor[[M, 16], pl.FP32] = pl.store(t, [0, 0], out)
        return out_1
    @pl.function(type=pl.FunctionType.Spmd)
    def main_spmd_0(self, M_1: pl.Scalar[pl.INDEX], x: pl.Tensor[[M_1, 16], pl.FP32], out: pl.Out[pl.Tensor[[M_1, 16], pl.FP32]]) -> pl.Tensor[[M_1, 16], pl.FP32]:
        out_1: pl.Tensor[[M_1, 16], pl.FP32] = self.k(x, out)
        return out
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 16], pl.FP32], out: pl.Out[pl.Tensor[[M, 16], pl.FP32]]) -> pl.Tensor[[M, 16], pl.FP32]:
        out_1: pl.Tensor[[M, 16], pl.FP32] = self.main_spmd_0(M, x, out, attrs={"core_num": M // 16})
        return out_1
)",
                        "M = pl.dynamic(\"M\")\n")
      .status()
      .IgnoreError();
}

TEST_F(OutlineClusterScopesTest, OtherFunctionsAndScopesAreLeftAlone) {
  ir::Program p = ParseFunctions(WithKernel(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
)"));
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(OutlineClusterScopesTest, AClusterLaunchesOneSpmdScope) {
  EXPECT_THAT(ErrorOfProgram(WithKernel(R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        with pl.cluster():
            with pl.spmd(4):
                a: pl.Tensor[[64], pl.FP32] = self.kernel(x, out)
            with pl.spmd(4):
                b: pl.Tensor[[64], pl.FP32] = self.kernel(x, a)
        return b
)")),
              HasSubstr("t.py:17:13: error: OutlineClusterScopes: a pl.cluster() scope launches "
                        "one pl.spmd scope, this one holds 2; give each its own pl.cluster()"));
}

}  // namespace
}  // namespace pto::passes
