// The interpreter on pattern-B programs (docs/dsl.md "Names after a loop or
// an if"): a Var assigned in a loop body or a branch keeps the value of the
// last assignment that ran; reading one whose assignment never ran is a
// located error.

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


TEST(PatternBTest, LoopReassignmentCarriesAcrossIterations) {
  SimProgram p(R"(
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX], a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        acc: pl.Scalar[pl.INDEX] = a
        for i in pl.range(n):
            acc = acc * 10 + i
        return acc)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(3), IndexValue(7)})), 7012);
  // No iteration: the value before the loop.
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(0), IndexValue(7)})), 7);
}

TEST(PatternBTest, BranchesAndWhileBodiesAssignOneVar) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        if a > 5:
            y = a + 100
        else:
            y = a - 100
        while y > 50:
            y = y - 30
            last = y
        return y + last)");
  // 106 -> 76 -> 46: y = 46, last = 46.
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(6)})), 92);
}

TEST(PatternBTest, ReadingANameWhoseAssignmentNeverRanIsALocatedError) {
  SimProgram p(R"(
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i in pl.range(n):
            t = i * 2
        return t)");
  EXPECT_EQ(IntResult(p.Run("f", {IndexValue(3)})), 4);
  absl::StatusOr<std::vector<Value>> r = p.Run("f", {IndexValue(0)});
  ASSERT_FALSE(r.ok());
  // At the return that reads it, naming the assignment that did not run.
  EXPECT_THAT(r.status().message(),
              HasSubstr(":10:9: error: 't' has no value here (its assignment at test.py:9:13 "
                        "did not run)"));
}

// Not pattern B, but the same upstream leniency: `return self.g(...)` gives
// one tuple for several return types, and the caller gets its elements.
TEST(PatternBTest, ReturnOfATupleCallGivesItsElements) {
  SimProgram p(R"(
    @pl.function
    def g(self, a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        return a + 1, a + 2

    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:
        return self.g(a))");
  absl::StatusOr<std::vector<Value>> r = p.Run("f", {IndexValue(5)});
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->size(), 2u);
  EXPECT_EQ((*r)[1].scalar()->i, 7);
}

}  // namespace
}  // namespace pto::sim
