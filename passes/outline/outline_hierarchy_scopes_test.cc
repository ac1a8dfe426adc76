#include "passes/outline/outline_hierarchy_scopes.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

class OutlineHierarchyScopesTest : public NormalizePassTest {
 protected:
  OutlineHierarchyScopesTest() : NormalizePassTest(CreateOutlineHierarchyScopesPass()) {}
};

TEST_F(OutlineHierarchyScopesTest, LevelsRolesNestingAndCounters) {
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CHIP):
            a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        with pl.at(level=pl.Level.GLOBAL, role=pl.Role.Orchestrator):
            y: pl.Tensor[[64], pl.FP32] = pl.add(a, a)
            with pl.at(level=pl.Level.HOST, role=pl.Role.Worker):
                z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
        return z
)",
                        R"(
    @pl.function(level=pl.Level.CHIP)
    def main_chip_0(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return a
    @pl.function(level=pl.Level.HOST, role=pl.Role.Worker)
    def main_global_orch_1_host_worker_0(self, y: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
        return z
    @pl.function(level=pl.Level.GLOBAL, role=pl.Role.Orchestrator)
    def main_global_orch_1(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(a, a)
        z: pl.Tensor[[64], pl.FP32] = self.main_global_orch_1_host_worker_0(y)
        return z
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Tensor[[64], pl.FP32] = self.main_chip_0(x)
        z: pl.Tensor[[64], pl.FP32] = self.main_global_orch_1(a)
        return z
)").status().IgnoreError();
}

TEST_F(OutlineHierarchyScopesTest, IncoreScopesAndNonOpaqueFunctionsStay) {
  ir::Program p = ParseFunctions(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.HOST):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
)");
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(OutlineHierarchyScopesTest, TaskIdScopeIsSubmittedWithItsDeps) {
  CheckedProgramRewrite(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator) as t1:
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator, deps=[t1]):
            z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
        return z
)",
                        R"(
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main_host_orch_0(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main_host_orch_1(self, y: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        z: pl.Tensor[[64], pl.FP32] = pl.mul(y, y)
        return z
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y, t1 = pl.submit(self.main_host_orch_0, x)
        z, t2 = pl.submit(self.main_host_orch_1, y, deps=[t1])
        return z
)")
      .status()
      .IgnoreError();
}

TEST_F(OutlineHierarchyScopesTest, ScopeArgumentNotHandledIsALocatedError) {
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator, windowize=True):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
)"),
              HasSubstr("t.py:8:9: error: OutlineHierarchyScopes: outlining a scope with "
                        "windowize is not supported yet"));
}

}  // namespace
}  // namespace pto::passes
