#include "passes/normalize/unroll_loops.h"

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "absl/strings/str_cat.h"
#include "ir/analysis/ssa_form.h"
#include "ir/check.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

std::unique_ptr<Pass> UnrollWith(std::vector<std::pair<std::string, std::string>> given) {
  static const std::vector<PassOptionSpec>* const specs =
      new std::vector<PassOptionSpec>(UnrollLoopsOptions());
  absl::StatusOr<PassOptions> options = PassOptions::Resolve("unroll-loops", *specs, given);
  PTO_CHECK(options.ok()) << options.status();
  return CreateUnrollLoopsPass(*options);
}

class UnrollLoopsTest : public NormalizePassTest {
 protected:
  UnrollLoopsTest() : NormalizePassTest(UnrollWith({})) {}
};

TEST_F(UnrollLoopsTest, EachTripIsACopyWithTheLoopVarAConstant) {
  absl::StatusOr<ir::Program> out = CheckedRewrite(
      {"for i in pl.unroll(3):", "    y = pl.add(x, pl.cast(i, pl.INT32))", "return x"},
      {"y0 = pl.add(x, pl.cast(pl.const(0, pl.INDEX), pl.INT32))",
       "y1 = pl.add(x, pl.cast(pl.const(1, pl.INDEX), pl.INT32))",
       "y2 = pl.add(x, pl.cast(pl.const(2, pl.INDEX), pl.INT32))", "return x"});
  ASSERT_TRUE(out.ok());
  // Locals are new Vars in each copy, so SSA form survives.
  EXPECT_TRUE(ir::CheckSSAForm(*out).ok()) << ir::CheckSSAForm(*out);
}

TEST_F(UnrollLoopsTest, StartStopAndNegativeStep) {
  ExpectRewrites({"for i in pl.unroll(6, 0, -2):", "    y = pl.add(x, pl.cast(i, pl.INT32))",
                  "return x"},
                 {"y0 = pl.add(x, pl.cast(pl.const(6, pl.INDEX), pl.INT32))",
                  "y1 = pl.add(x, pl.cast(pl.const(4, pl.INDEX), pl.INT32))",
                  "y2 = pl.add(x, pl.cast(pl.const(2, pl.INDEX), pl.INT32))", "return x"});
  ExpectRewrites({"for i in pl.unroll(1, 6, 3):", "    y = pl.add(x, pl.cast(i, pl.INT32))",
                  "return x"},
                 {"y0 = pl.add(x, pl.cast(pl.const(1, pl.INDEX), pl.INT32))",
                  "y1 = pl.add(x, pl.cast(pl.const(4, pl.INDEX), pl.INT32))", "return x"});
}

TEST_F(UnrollLoopsTest, ZeroTripLoopDisappears) {
  ExpectRewrites({"for i in pl.unroll(4, 4):", "    y = pl.add(x, 1.0)", "return x"},
                 {"return x"});
}

TEST_F(UnrollLoopsTest, NestedUnrollLoopsUnrollTogether) {
  ExpectRewrites(
      {"for i in pl.unroll(2):", "    for j in pl.unroll(2):",
       "        y = pl.add(x, pl.cast(i * 2 + j, pl.INT32))", "return x"},
      {"y0 = pl.add(x, pl.cast(pl.const(0, pl.INDEX) * 2 + pl.const(0, pl.INDEX), pl.INT32))",
       "y1 = pl.add(x, pl.cast(pl.const(0, pl.INDEX) * 2 + pl.const(1, pl.INDEX), pl.INT32))",
       "y2 = pl.add(x, pl.cast(pl.const(1, pl.INDEX) * 2 + pl.const(0, pl.INDEX), pl.INT32))",
       "y3 = pl.add(x, pl.cast(pl.const(1, pl.INDEX) * 2 + pl.const(1, pl.INDEX), pl.INT32))",
       "return x"});
}

TEST_F(UnrollLoopsTest, ARegularLoopAroundIsKeptAndOnlyTheUnrollLoopGoes) {
  ExpectRewrites(
      {"for j, (acc,) in pl.range(n, init_values=(x,)):", "    for i in pl.unroll(2):",
       "        t = pl.add(acc, 1.0)", "    r = pl.yield_(acc)", "return r"},
      {"for j, (acc,) in pl.range(n, init_values=(x,)):", "    t0 = pl.add(acc, 1.0)",
       "    t1 = pl.add(acc, 1.0)", "    r = pl.yield_(acc)", "return r"});
  ir::Program p = Parse({"for j in pl.range(4):", "    y = pl.add(x, 1.0)", "return x"});
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(UnrollLoopsTest, AReassignedNameStaysOneVarAcrossTheCopies) {
  // Upstream's pre-SSA form: `x` lives on after the loop, so every copy
  // assigns the same Var and ConvertToSSA versions it later.
  absl::StatusOr<ir::Program> out =
      Run(Parse({"for i in pl.unroll(3):", "    x = pl.add(x, 1.0)", "return x"}));
  ASSERT_TRUE(out.ok()) << out.status();
  const ir::Function* f = out->functions()[0];
  ir::Stmts body = f->body()->As<ir::SeqStmts>()->stmts();
  ASSERT_EQ(body.size(), 4u);
  for (int k = 0; k < 3; ++k) {
    const auto* a = body[k]->As<ir::AssignStmt>();
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->var(), f->params()[0]);
  }
}

TEST_F(UnrollLoopsTest, TheLoopVarReadAfterTheLoopHoldsTheLastTrip) {
  ExpectRewrites({"for i in pl.unroll(1, 8, 3):", "    y = pl.add(x, 1.0)",
                  "z = pl.add(x, pl.cast(i, pl.FP32))", "return z"},
                 {"y0 = pl.add(x, 1.0)", "y1 = pl.add(x, 1.0)", "y2 = pl.add(x, 1.0)",
                  "i: pl.Scalar[pl.INDEX] = 7", "z = pl.add(x, pl.cast(i, pl.FP32))", "return z"});
}

TEST_F(UnrollLoopsTest, BoundsMustBeConstantAndTripsLimited) {
  EXPECT_THAT(ErrorOf({"for i in pl.unroll(n):", "    y = pl.add(x, 1.0)", "return x"}),
              HasSubstr("t.py:7:9: error: UnrollLoops: the loop's stop must be a compile-time "
                        "integer constant, got 'n'"));
  EXPECT_THAT(ErrorOf({"for i in pl.unroll(0, 4, 0):", "    y = pl.add(x, 1.0)", "return x"}),
              HasSubstr("t.py:7:9: error: UnrollLoops: the loop's step is 0"));
  EXPECT_THAT(ErrorOf({"for i in pl.unroll(2000):", "    y = pl.add(x, 1.0)", "return x"}),
              HasSubstr("UnrollLoops: the loop has 2000 trips, more than the 1024 "
                        "unroll-loops allows (option max_iterations)"));
}

TEST(UnrollLoopsOptionTest, MaxIterationsIsTheTripLimit) {
  std::unique_ptr<Pass> pass = UnrollWith({{"max_iterations", "4"}});
  ir::Context ctx;
  auto run = [&](const char* loop) {
    std::string text = absl::StrCat(
        "import pypto.language as pl\n\n@pl.program\nclass P:\n    @pl.function\n"
        "    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:\n"
        "        for i in ", loop, ":\n            y = pl.add(x, 1.0)\n        return x\n");
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "t.py");
    PTO_CHECK(p.ok()) << p.status();
    PassContext pctx;
    return pass->Run(*p, pctx).status();
  };
  EXPECT_TRUE(run("pl.unroll(4)").ok());
  EXPECT_THAT(run("pl.unroll(5)").message(), HasSubstr("5 trips, more than the 4"));
}

}  // namespace
}  // namespace pto::passes
