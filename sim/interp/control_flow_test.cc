// The interpreter on upstream's control-flow forms (docs/dsl.md "Early
// returns, dead code and pre-SSA loops"): a return in an if branch ends the
// function, statements after a break/continue/return never run, and a loop
// with init_values but no pl.yield_ is rejected, naming the construct.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/interpreter.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ::testing::HasSubstr;
using testing::IndexValue;
using testing::IntResult;
using testing::SimProgram;


TEST(ControlFlowTest, EarlyReturnEndsTheFunction) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        if a > 5:
            b: pl.Scalar[pl.INDEX] = a + 100
            return b
        c: pl.Scalar[pl.INDEX] = a - 100
        return c)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(7)})), 107);
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(3)})), -97);
}

TEST(ControlFlowTest, ReturnInBothBranchesAndFromALoop) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i in pl.range(10):
            if i == a:
                return i * 2
        if a > 20:
            return a
        else:
            return a + 1)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(4)})), 8);
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(30)})), 30);
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(12)})), 13);
}

TEST(ControlFlowTest, DeadCodeAfterBreakAndContinueDoesNotRun) {
  SimProgram p(R"(
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(n, init_values=(0,)):
            if i == 3:
                continue
                skipped: pl.Scalar[pl.INDEX] = acc + 1000
            if i == 5:
                break
                stopped: pl.Scalar[pl.INDEX] = acc + 1000
            nxt: pl.Scalar[pl.INDEX] = acc + i
            out = pl.yield_(nxt)
        return out)");
  // 0 + 1 + 2 + 4 (3 skipped, stops at 5).
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(9)})), 7);
}

TEST(ControlFlowTest, PreSsaLoopIsRejectedNamingIt) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(3, init_values=(a,)):
            acc = acc + i
        return a)");
  absl::StatusOr<std::vector<Value>> r = p.Run("f", {IndexValue(1)});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("test.py:8:9: error: a loop with init_values and no "
                                              "pl.yield_ (upstream's pre-SSA form) is not "
                                              "supported by the interpreter"));
}

}  // namespace
}  // namespace pto::sim
