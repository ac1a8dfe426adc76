// How the printer spells scalar expressions: minimal parentheses, unary and
// function forms, logic and comparisons, constant trees.

#include "ir/text/printer/printer.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/testing/printer_test_fixture.h"

namespace pto::ir {
namespace {

class ScalarPrinterTest : public PrinterTest {
 protected:
  const Expr* B(BinaryOp op, const Expr* l, const Expr* r, DataType t = DataType::kIndex) {
    return ctx_.NewBinary(op, l, r, t);
  }
  const Expr* U(UnaryOp op, const Expr* e, DataType t = DataType::kIndex) {
    return ctx_.NewUnary(op, e, t);
  }
  const Var* a_ = ctx_.NewVar("a", ctx_.GetScalarType(DataType::kIndex));
  const Var* b_ = ctx_.NewVar("b", ctx_.GetScalarType(DataType::kIndex));
  const Var* c_ = ctx_.NewVar("c", ctx_.GetScalarType(DataType::kIndex));
  const Var* p_ = ctx_.NewVar("p", ctx_.GetScalarType(DataType::kBool));
  const Var* q_ = ctx_.NewVar("q", ctx_.GetScalarType(DataType::kBool));
};

TEST_F(ScalarPrinterTest, MinimalParentheses) {
  using O = BinaryOp;
  EXPECT_EQ(PrintExpr(B(O::kMul, B(O::kAdd, a_, b_), c_)), "(a + b) * c");
  EXPECT_EQ(PrintExpr(B(O::kAdd, a_, B(O::kMul, b_, c_))), "a + b * c");
  EXPECT_EQ(PrintExpr(B(O::kSub, B(O::kSub, a_, b_), c_)), "a - b - c");
  EXPECT_EQ(PrintExpr(B(O::kSub, a_, B(O::kSub, b_, c_))), "a - (b - c)");
  EXPECT_EQ(PrintExpr(B(O::kSub, a_, B(O::kAdd, b_, c_))), "a - (b + c)");
  EXPECT_EQ(PrintExpr(B(O::kPow, a_, B(O::kPow, b_, c_))), "a ** b ** c");
  EXPECT_EQ(PrintExpr(B(O::kPow, B(O::kPow, a_, b_), c_)), "(a ** b) ** c");
  EXPECT_EQ(PrintExpr(B(O::kFloorDiv, a_, B(O::kFloorMod, b_, c_))), "a // (b % c)");
  EXPECT_EQ(PrintExpr(B(O::kFloatDiv, a_, b_)), "a / b");
  EXPECT_EQ(PrintExpr(B(O::kShl, B(O::kAdd, a_, b_), c_)), "a + b << c");
  EXPECT_EQ(PrintExpr(B(O::kBitAnd, B(O::kBitOr, a_, b_), B(O::kBitXor, b_, c_))),
            "(a | b) & (b ^ c)");
  EXPECT_EQ(PrintExpr(B(O::kShr, a_, b_)), "a >> b");
}

TEST_F(ScalarPrinterTest, UnaryAndFunctionForms) {
  using O = BinaryOp;
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNeg, B(O::kPow, a_, b_))), "-a ** b");
  EXPECT_EQ(PrintExpr(B(O::kPow, U(UnaryOp::kNeg, a_), b_)), "(-a) ** b");
  EXPECT_EQ(PrintExpr(B(O::kPow, ctx_.Index(-2), b_)), "(-2) ** b");
  EXPECT_EQ(PrintExpr(B(O::kPow, b_, U(UnaryOp::kNeg, a_))), "b ** (-a)");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNeg, B(O::kAdd, a_, b_))), "-(a + b)");
  EXPECT_EQ(PrintExpr(B(O::kMul, a_, U(UnaryOp::kNeg, b_))), "a * -b");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kBitNot, a_)), "~a");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kAbs, B(O::kSub, a_, b_))), "abs(a - b)");
  EXPECT_EQ(PrintExpr(B(O::kMin, a_, B(O::kAdd, b_, c_))), "pl.min(a, b + c)");
  EXPECT_EQ(PrintExpr(B(O::kMax, a_, b_)), "pl.max(a, b)");
  EXPECT_EQ(PrintExpr(B(O::kMul, U(UnaryOp::kCast, a_, DataType::kInt32), ctx_.Index(2),
                        DataType::kInt32)),
            "pl.cast(a, pl.INT32) * 2");
}

TEST_F(ScalarPrinterTest, LogicAndComparisons) {
  using O = BinaryOp;
  DataType kB = DataType::kBool;
  EXPECT_EQ(PrintExpr(B(O::kLt, B(O::kAdd, a_, b_), c_, kB)), "a + b < c");
  EXPECT_EQ(PrintExpr(B(O::kAnd, B(O::kLt, a_, b_, kB), B(O::kNe, b_, c_, kB), kB)),
            "a < b and b != c");
  EXPECT_EQ(PrintExpr(B(O::kOr, p_, B(O::kAnd, q_, p_, kB), kB)), "p or q and p");
  EXPECT_EQ(PrintExpr(B(O::kAnd, B(O::kOr, p_, q_, kB), p_, kB)), "(p or q) and p");
  EXPECT_EQ(PrintExpr(B(O::kXor, p_, q_, kB)), "p xor q");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNot, B(O::kEq, a_, b_, kB), kB)), "not a == b");
  EXPECT_EQ(PrintExpr(U(UnaryOp::kNot, B(O::kAnd, p_, q_, kB), kB)), "not (p and q)");
  EXPECT_EQ(PrintExpr(B(O::kEq, U(UnaryOp::kNot, p_, kB), q_, kB)), "(not p) == q");
  // Comparisons never chain: Python would read `a < b < c` as a conjunction.
  EXPECT_EQ(PrintExpr(B(O::kEq, B(O::kLt, a_, b_, kB), p_, kB)), "(a < b) == p");
  EXPECT_EQ(PrintExpr(B(O::kGe, a_, b_, kB)), "a >= b");
  EXPECT_EQ(PrintExpr(B(O::kLe, a_, b_, kB)), "a <= b");
  EXPECT_EQ(PrintExpr(B(O::kGt, a_, b_, kB)), "a > b");
}

TEST_F(ScalarPrinterTest, PureConstantTreesPrintTypedLeaves) {
  using O = BinaryOp;
  EXPECT_EQ(PrintExpr(B(O::kAdd, ctx_.Index(32), ctx_.Index(32))),
            "pl.const(32, pl.INDEX) + pl.const(32, pl.INDEX)");
  EXPECT_EQ(PrintExpr(B(O::kAdd, B(O::kMul, ctx_.Index(2), ctx_.Index(3)), a_)),
            "pl.const(2, pl.INDEX) * pl.const(3, pl.INDEX) + a");
}
}  // namespace
}  // namespace pto::ir
