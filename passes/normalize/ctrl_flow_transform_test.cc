#include "passes/normalize/ctrl_flow_transform.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/ssa_form.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

// An InCore kernel `k(x, n)` around `body` (indented 8).
std::string Kernel(absl::string_view body, absl::string_view type = "InCore",
                   bool strict = true) {
  return absl::StrCat("    @pl.function(type=pl.FunctionType.", type,
                      strict ? ", strict_ssa=True" : "", ")\n",
                      "    def k(self, x: pl.Tensor[[8], pl.FP32], n: pl.Scalar[pl.INDEX]) -> "
                      "pl.Tensor[[8], pl.FP32]:\n",
                      body);
}

class CtrlFlowTransformTest : public NormalizePassTest {
 protected:
  CtrlFlowTransformTest() : NormalizePassTest(CreateCtrlFlowTransformPass()) {}
};

TEST_F(CtrlFlowTransformTest, ContinueBecomesIfElseYieldingTheIterationsOwnValues) {
  absl::StatusOr<ir::Program> out = CheckedProgramRewrite(Kernel(R"(
        for i, (acc,) in pl.range(10, init_values=(x,)):
            y = pl.add(acc, acc)
            if i < 5:
                continue
            z = pl.add(y, x)
            r = pl.yield_(z)
        return r
)"),
                                                         Kernel(R"(
        for i, (acc,) in pl.range(10, init_values=(x,)):
            y = pl.add(acc, acc)
            if i < 5:
                phi = pl.yield_(acc)
            else:
                z = pl.add(y, x)
                phi = pl.yield_(z)
            r = pl.yield_(phi)
        return r
)"));
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(ir::CheckSSAForm(*out).ok()) << ir::CheckSSAForm(*out);
}

TEST_F(CtrlFlowTransformTest, WhatFollowsANestedJumpIsCopiedWithItsOwnVars) {
  // Both paths of `if i < 4` can reach the end of the iteration, so each
  // gets the rest; the second copy defines z anew and SSA form survives.
  absl::StatusOr<ir::Program> out = CheckedProgramRewrite(Kernel(R"(
        for i, (acc,) in pl.range(0, n, 2, init_values=(x,)):
            if i < 4:
                if i == 2:
                    continue
            z = pl.add(acc, x)
            r = pl.yield_(z)
        return r
)"),
                                                         Kernel(R"(
        for i, (acc,) in pl.range(0, n, 2, init_values=(x,)):
            if i < 4:
                if i == 2:
                    phi1 = pl.yield_(acc)
                else:
                    z = pl.add(acc, x)
                    phi1 = pl.yield_(z)
                phi = pl.yield_(phi1)
            else:
                z1 = pl.add(acc, x)
                phi = pl.yield_(z1)
            r = pl.yield_(phi)
        return r
)"));
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(ir::CheckSSAForm(*out).ok()) << ir::CheckSSAForm(*out);
}

TEST_F(CtrlFlowTransformTest, BreakTurnsAForLoopIntoAWhileLoopOnAFlag) {
  CheckedProgramRewrite(Kernel(R"(
        for i, (acc,) in pl.range(10, 0, -1, init_values=(x,)):
            if i < 3:
                break
            y = pl.add(acc, acc)
            r = pl.yield_(y)
        return r
)"),
                        Kernel(R"(
        i_idx: pl.Scalar[pl.INDEX] = 10
        brk: pl.Scalar[pl.BOOL] = False
        for (acc,) in pl.while_(init_values=(x,)):
            pl.cond(i_idx > 0 and not brk)
            if i_idx < 3:
                brk = True
                phi = pl.yield_(acc)
            else:
                y = pl.add(acc, acc)
                phi = pl.yield_(y)
            if not brk:
                i_idx = i_idx + -1
            r = pl.yield_(phi)
        return r
)",
                               "InCore", false))
      .status()
      .IgnoreError();
}

TEST_F(CtrlFlowTransformTest, WhileLoopWithBreakGainsTheFlagInItsCondition) {
  CheckedProgramRewrite(Kernel(R"(
        acc = x
        k = 0
        while k < n:
            acc = pl.add(acc, x)
            if k == 3:
                break
            k = k + 1
        return acc
)",
                               "AIV", false),
                        Kernel(R"(
        acc = x
        k = 0
        brk = False
        while k < n and not brk:
            acc = pl.add(acc, x)
            if k == 3:
                brk = True
            else:
                k = k + 1
        return acc
)",
                               "AIV", false))
      .status()
      .IgnoreError();
}

TEST_F(CtrlFlowTransformTest, OnlyInCoreFunctionsAndLoopsWithJumpsChange) {
  for (const char* type : {"Orchestration", "Opaque"}) {
    ir::Program p = ParseFunctions(Kernel(R"(
        acc = x
        for i in pl.range(n):
            if i == 2:
                break
            acc = pl.add(acc, x)
        return acc
)",
                                          type, false));
    absl::StatusOr<ir::Program> out = Run(p);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_TRUE(out->SameAs(p)) << type;
  }
  ir::Program p = ParseFunctions(Kernel(R"(
        for i, (acc,) in pl.range(10, init_values=(x,)):
            y = pl.add(acc, acc)
            r = pl.yield_(y)
        return r
)"));
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(CtrlFlowTransformTest, ErrorsAreLocated) {
  EXPECT_THAT(ErrorOfProgram(Kernel(R"(
        acc = x
        for i in pl.range(0, 8, n):
            if i == 2:
                break
            acc = pl.add(acc, x)
        return acc
)",
                                    "InCore", false)),
              HasSubstr("t.py:9:9: error: CtrlFlowTransform: a for loop with break becomes a "
                        "while loop, which must know the sign of the step"));
  EXPECT_THAT(ErrorOfProgram(absl::StrCat(
                  "    @pl.function(type=pl.FunctionType.InCore, auto_scope=False)\n"
                  "    def k(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:\n",
                  R"(        acc = x
        for i in pl.range(8):
            with pl.scope():
                if i == 2:
                    break
            acc = pl.add(acc, x)
        return acc
)")),
              HasSubstr("t.py:8:9: error: CtrlFlowTransform: break or continue inside a `with` "
                        "scope cannot be restructured"));
  EXPECT_THAT(ErrorOfProgram(Kernel(R"(
        for i, (acc,) in pl.range(4, init_values=(x,)):
            acc = pl.add(acc, x)
            if i == 2:
                break
        return x
)",
                                    "InCore", false)),
              HasSubstr("t.py:8:9: error: CtrlFlowTransform: the loop carries values "
                        "(init_values) but its body does not end in pl.yield_"));
}

}  // namespace
}  // namespace pto::passes
