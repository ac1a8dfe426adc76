// How the verifier reports: every problem one per line, one function alone,
// locations falling back, deep nesting, linear time.

#include "ir/analysis/verifier.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/builtin.h"
#include "ir/analysis/verifier_test_fixture.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

using ::testing::ElementsAre;

// --- Reporting ------------------------------------------------------------------------

TEST_F(VerifierTest, ReportsEveryProblemOnePerLine) {
  const Var* x = V("x", Tile(), L(1));
  const Var* ghost = V("ghost", Tile());
  const Var* y = V("y", Tile(DataType::kFP16));
  const Var* z;
  Program p = Kernel({x}, {x->type()},
                     {ctx_.NewAssign(y, Op("tile.adds", {x, F(1.0)}), L(2)),
                      Let(z, "z", Op("tile.adds", {ghost, F(1.0)}), L(3)), Ret({z, z}, L(4))});
  absl::Status s = VerifyProgram(p);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(s.message()),
            "k.py:2:5: error: 'y' has type " + FP16 + " but its value has type " + FP32 +
                "\n"
                "k.py:3:5: error: 'ghost' is not defined in function 'k'\n"
                "k.py:4:5: error: return gives 2 values but function 'k' declares 1 return "
                "type");
  std::vector<Diagnostic> diags = CollectDiagnostics(p);
  ASSERT_EQ(diags.size(), 3u);
  EXPECT_EQ(diags[1].loc.line, 3u);
  EXPECT_EQ(diags[1].message, "'ghost' is not defined in function 'k'");
}

TEST_F(VerifierTest, VerifiesOneFunction) {
  const Var* x = V("x", Tile(), L(1));
  const Function* ok = Fn("ok", {x}, {}, Seq({}), FunctionType::kInCore, L(1));
  const Function* bad = Fn("bad", {}, {}, Seq({Yield({}, L(6))}), FunctionType::kInCore, L(5));
  Program p = Prog({ok, bad});
  EXPECT_TRUE(VerifyFunction(p, ok).ok());
  EXPECT_EQ(std::string(VerifyFunction(p, bad).message()),
            "k.py:6:5: error: yield is only allowed as the last statement of a loop body or if "
            "branch");
}

TEST_F(VerifierTest, UnknownLocationsFallBackToTheStatementThenTheFunction) {
  const Var* x = V("x", Tile(), L(1));
  const Call* bad = ctx_.NewOpCall(&BuiltinOp("tile.add"), {x}, {}, x->type());
  EXPECT_THAT(Errors(Kernel({x}, {}, {ctx_.NewEval(bad, L(3))})),
              ElementsAre("k.py:3:5: error: tile.add: expects 2 arguments, got 1"));
  EXPECT_THAT(Errors(Kernel({x}, {}, {ctx_.NewEval(bad)})),
              ElementsAre("k.py:1:1: error: tile.add: expects 2 arguments, got 1"));
}

TEST_F(VerifierTest, DeepNestingIsReportedNotFatal) {
  const Var* n = V("n", Scalar(), L(1));
  const Expr* deep = n;
  for (int i = 0; i < 5000; ++i) {
    deep = ctx_.NewBinary(BinaryOp::kAdd, deep, ctx_.Index(1), DataType::kIndex);
  }
  const Var* m = V("m", Scalar());
  EXPECT_THAT(Errors(Kernel({n}, {}, {ctx_.NewAssign(m, deep, L(2))})),
              ElementsAre("k.py:2:5: error: nesting deeper than 1000 levels; the rest is not "
                          "verified"));
}

TEST_F(VerifierTest, LargeProgramVerifiesInLinearTime) {
  const Var* x = V("x", Tile(), L(1));
  std::vector<const Stmt*> stmts;
  const Var* cur = x;
  for (int i = 0; i < 200000; ++i) {
    const Var* v;
    stmts.push_back(Let(v, "v", Op("tile.adds", {cur, F(1.0)}), L(i + 2)));
    cur = v;
  }
  const Expr* ret = cur;
  stmts.push_back(ctx_.NewReturn({&ret, 1}, L(200002)));
  Program p = Prog({Fn("k", {x}, {x->type()}, ctx_.NewSeq(stmts), FunctionType::kInCore, L(1))});
  EXPECT_TRUE(VerifyProgram(p).ok());
}
}  // namespace
}  // namespace pto::ir
