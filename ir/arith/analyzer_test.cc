#include "ir/arith/analyzer.h"

#include "gtest/gtest.h"
#include "ir/expr_format.h"

namespace pto::ir {
namespace {

class AnalyzerTest : public ::testing::Test {
 protected:
  const Var* Idx(absl::string_view name) {
    return ctx_.NewVar(name, ctx_.GetScalarType(DataType::kIndex));
  }
  const Expr* Bin(BinaryOp op, const Expr* a, const Expr* b) {
    const bool cmp = IsComparison(op) || IsLogical(op);
    return ctx_.NewBinary(op, a, b, cmp ? DataType::kBool : DataType::kIndex);
  }
  const Expr* C(int64_t v) { return ctx_.Index(v); }
  std::string S(const Expr* e) { return FormatExpr(an_.Simplify(e)); }

  Context ctx_;
  Analyzer an_{ctx_};
};

TEST_F(AnalyzerTest, FoldsConstantsAndIdentities) {
  const Var* k = Idx("k");
  EXPECT_EQ(S(Bin(BinaryOp::kMul, Bin(BinaryOp::kAdd, C(2), C(3)), C(4))), "20");
  EXPECT_EQ(S(Bin(BinaryOp::kAdd, k, C(0))), "k");
  EXPECT_EQ(S(Bin(BinaryOp::kMul, C(1), k)), "k");
  // k + 0 - k + 8
  EXPECT_EQ(S(Bin(BinaryOp::kAdd, Bin(BinaryOp::kSub, Bin(BinaryOp::kAdd, k, C(0)), k), C(8))),
            "8");
  // (k + 2) - 5 gathers the constants.
  EXPECT_EQ(S(Bin(BinaryOp::kSub, Bin(BinaryOp::kAdd, k, C(2)), C(5))), "k - 3");
  EXPECT_EQ(S(Bin(BinaryOp::kFloorDiv, k, C(1))), "k");
  // Division by zero is the program's to report: left as written.
  EXPECT_EQ(S(Bin(BinaryOp::kFloorDiv, C(1), C(0))), "1 // 0");
}

TEST_F(AnalyzerTest, UsesLoopBounds) {
  const Var* i = Idx("i");
  size_t mark = an_.Mark();
  an_.Bind(i, {0, 7});
  EXPECT_EQ(S(Bin(BinaryOp::kFloorDiv, i, C(8))), "0");
  EXPECT_EQ(S(Bin(BinaryOp::kFloorMod, i, C(8))), "i");
  EXPECT_EQ(S(Bin(BinaryOp::kFloorDiv, i, C(4))), "i // 4");
  EXPECT_EQ(an_.Decide(Bin(BinaryOp::kLt, i, C(100))), true);
  EXPECT_EQ(an_.Decide(Bin(BinaryOp::kEq, Bin(BinaryOp::kAdd, Bin(BinaryOp::kMul, i, C(256)),
                                                   C(256)),
                           C(0))),
            false);
  EXPECT_EQ(an_.Decide(Bin(BinaryOp::kEq, i, C(0))), std::nullopt);
  an_.Restore(mark);
  EXPECT_EQ(S(Bin(BinaryOp::kFloorDiv, i, C(8))), "i // 8");
}

TEST_F(AnalyzerTest, AssumesConditions) {
  const Var* i = Idx("i");
  an_.Bind(i, {0, 7});
  size_t mark = an_.Mark();
  an_.Assume(Bin(BinaryOp::kLt, i, C(4)), true);
  EXPECT_EQ(an_.BoundOf(i), (IntBound{0, 3}));
  an_.Restore(mark);
  an_.Assume(Bin(BinaryOp::kLt, i, C(4)), false);
  EXPECT_EQ(an_.BoundOf(i), (IntBound{4, 7}));
  an_.Restore(mark);
  // not (i > 5 or 2 >= i): 3 <= i <= 5
  an_.Assume(Bin(BinaryOp::kOr, Bin(BinaryOp::kGt, i, C(5)), Bin(BinaryOp::kGe, C(2), i)), false);
  EXPECT_EQ(an_.BoundOf(i), (IntBound{3, 5}));
  an_.Restore(mark);
  // A contradiction is not believed.
  an_.Assume(Bin(BinaryOp::kGt, i, C(10)), true);
  EXPECT_EQ(an_.BoundOf(i), (IntBound{0, 7}));
}

TEST_F(AnalyzerTest, IndexIsNonNegativeByDefault) {
  const Var* a = Idx("a");
  EXPECT_EQ(an_.Decide(Bin(BinaryOp::kLt, a, C(0))), false);
  const Var* n = ctx_.NewVar("n", ctx_.GetScalarType(DataType::kInt64));
  EXPECT_EQ(an_.Decide(ctx_.NewBinary(BinaryOp::kLt, n, ctx_.Int(0, DataType::kInt64),
                                      DataType::kBool)),
            std::nullopt);
}

TEST_F(AnalyzerTest, NeverDropsCalls) {
  // x * 0 with a call in x keeps the call; pure x folds.
  const Var* k = Idx("k");
  EXPECT_EQ(S(Bin(BinaryOp::kMul, k, C(0))), "0");
  const Expr* leaf_call = k;  // stands for a call through the leaf callback
  const Expr* e = Bin(BinaryOp::kMul, k, C(0));
  const Expr* out = an_.Simplify(e, [&](const Expr* x) { return x == k ? leaf_call : x; });
  EXPECT_EQ(FormatExpr(out), "0");
}

TEST_F(AnalyzerTest, LeafCallbackRenames) {
  const Var* n = Idx("n");
  const Expr* e = Bin(BinaryOp::kAdd, Bin(BinaryOp::kMul, n, C(2)), C(1));
  EXPECT_EQ(FormatExpr(an_.Simplify(e, [&](const Expr* x) { return x == n ? C(4) : x; })), "9");
}

}  // namespace
}  // namespace pto::ir
