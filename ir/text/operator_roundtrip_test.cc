// Every pair of scalar operators, nested both ways, prints and parses back
// as the same tree: the printer's parentheses and the parser's precedence
// climbing read one table (ir/operators.h) and must keep agreeing with it.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/function.h"
#include "ir/operators.h"
#include "ir/stmt.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/text/dsl/scalar_builder.h"

namespace pto::ir {
namespace {

constexpr int kBinaryCount = static_cast<int>(BinaryOp::kShr) + 1;
constexpr UnaryOp kPrefixAndCallOps[] = {UnaryOp::kNeg, UnaryOp::kNot, UnaryOp::kBitNot,
                                         UnaryOp::kAbs};

// The tree with explicit grouping, independent of any spelling table:
// B<op>(lhs, rhs), U<op>(x), leaves by name.
std::string Shape(const Expr* e) {
  if (const auto* b = e->As<BinaryExpr>()) {
    return absl::StrCat("B", static_cast<int>(b->op()), "(", Shape(b->lhs()), ",",
                        Shape(b->rhs()), ")");
  }
  if (const auto* u = e->As<UnaryExpr>()) {
    return absl::StrCat("U", static_cast<int>(u->op()), "(", Shape(u->operand()), ")");
  }
  if (const auto* v = e->As<Var>()) return std::string(v->name());
  return "?";
}

class OperatorRoundTripTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* n : {"a", "b", "c"}) {
      ints_.push_back(ctx_.NewVar(n, ctx_.GetScalarType(DataType::kIndex)));
    }
    for (const char* n : {"p", "q", "r"}) {
      bools_.push_back(ctx_.NewVar(n, ctx_.GetScalarType(DataType::kBool)));
    }
  }

  // Leaf `i` (0..2): an INDEX var or a BOOL var.
  const Expr* Leaf(int i, bool want_bool) { return want_bool ? bools_[i] : ints_[i]; }

  const Expr* Bin(BinaryOp op, const Expr* l, const Expr* r) {
    if (l == nullptr || r == nullptr) return nullptr;
    absl::StatusOr<const Expr*> e = MakeScalarBinary(ctx_, op, l, r);
    return e.ok() ? *e : nullptr;
  }
  const Expr* Un(UnaryOp op, const Expr* x) {
    if (x == nullptr) return nullptr;
    absl::StatusOr<const Expr*> e = MakeScalarUnary(ctx_, op, x);
    return e.ok() ? *e : nullptr;
  }

  // Prints `e`, parses it back inside a function and compares the trees.
  void ExpectRoundTrip(const Expr* e) {
    std::string printed = PrintExpr(e);
    std::string text = absl::StrCat(
        "import pypto.language as pl\n\n@pl.program\nclass P:\n"
        "    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.INDEX], "
        "p: pl.Scalar[pl.BOOL], q: pl.Scalar[pl.BOOL], r: pl.Scalar[pl.BOOL]):\n"
        "        x = ",
        printed, "\n");
    Context ctx;
    absl::StatusOr<Program> program = ParseProgram(ctx, text, "ops.py");
    ASSERT_TRUE(program.ok()) << printed << "\n" << program.status();
    const Stmt* body = program->functions()[0]->body();
    if (const auto* seq = body->As<SeqStmts>()) body = seq->stmts()[0];
    const auto* assign = body->As<AssignStmt>();
    ASSERT_NE(assign, nullptr);
    EXPECT_EQ(Shape(assign->value()), Shape(e)) << "printed as: " << printed;
    ++checked_;
  }

  // Tries int leaves, then bool leaves, for the inner and the outer operand.
  template <typename Build>
  void ForLeafKinds(Build build) {
    for (bool inner_bool : {false, true}) {
      for (bool outer_bool : {false, true}) {
        if (const Expr* e = build(inner_bool, outer_bool)) {
          ExpectRoundTrip(e);
          return;
        }
      }
    }
  }

  Context ctx_;
  std::vector<const Expr*> ints_;
  std::vector<const Expr*> bools_;
  int checked_ = 0;
};

TEST_F(OperatorRoundTripTest, EveryBinaryPairBothNestings) {
  for (int i = 0; i < kBinaryCount; ++i) {
    for (int j = 0; j < kBinaryCount; ++j) {
      auto op1 = static_cast<BinaryOp>(i);
      auto op2 = static_cast<BinaryOp>(j);
      SCOPED_TRACE(absl::StrCat(BinaryOpSpelling(op1), " / ", BinaryOpSpelling(op2)));
      // a op1 (b op2 c)
      ForLeafKinds([&](bool inner_bool, bool outer_bool) {
        return Bin(op1, Leaf(0, outer_bool), Bin(op2, Leaf(1, inner_bool), Leaf(2, inner_bool)));
      });
      // (a op1 b) op2 c
      ForLeafKinds([&](bool inner_bool, bool outer_bool) {
        return Bin(op2, Bin(op1, Leaf(0, inner_bool), Leaf(1, inner_bool)), Leaf(2, outer_bool));
      });
    }
  }
  // Type rules rule out some nestings (an int op over a comparison); most
  // of the 2 * 23 * 23 remain.
  EXPECT_GT(checked_, 650);
}

TEST_F(OperatorRoundTripTest, UnaryInsideAndOutsideEveryBinary) {
  for (int i = 0; i < kBinaryCount; ++i) {
    auto op = static_cast<BinaryOp>(i);
    for (UnaryOp u : kPrefixAndCallOps) {
      SCOPED_TRACE(absl::StrCat(BinaryOpSpelling(op), " / ", UnaryOpSpelling(u)));
      // u(a op b)
      ForLeafKinds([&](bool inner_bool, bool) {
        return Un(u, Bin(op, Leaf(0, inner_bool), Leaf(1, inner_bool)));
      });
      // (u a) op b and a op (u b)
      ForLeafKinds([&](bool inner_bool, bool outer_bool) {
        return Bin(op, Un(u, Leaf(0, inner_bool)), Leaf(1, outer_bool));
      });
      ForLeafKinds([&](bool inner_bool, bool outer_bool) {
        return Bin(op, Leaf(0, outer_bool), Un(u, Leaf(1, inner_bool)));
      });
      // u(u a)
      ForLeafKinds([&](bool inner_bool, bool) { return Un(u, Un(u, Leaf(0, inner_bool))); });
    }
  }
  EXPECT_GT(checked_, 200);
}

// The ranking itself is Python's, with the IR's `xor` between `or` and
// `and`; a copy that ranked `and` and `xor` alike once disagreed.
TEST(OperatorTableTest, PythonPrecedence) {
  auto p = [](auto op) { return OperatorOf(op).precedence; };
  EXPECT_LT(p(BinaryOp::kOr), p(BinaryOp::kXor));
  EXPECT_LT(p(BinaryOp::kXor), p(BinaryOp::kAnd));
  EXPECT_LT(p(BinaryOp::kAnd), p(UnaryOp::kNot));
  EXPECT_LT(p(UnaryOp::kNot), p(BinaryOp::kLt));
  EXPECT_LT(p(BinaryOp::kLt), p(BinaryOp::kBitOr));
  EXPECT_LT(p(BinaryOp::kBitOr), p(BinaryOp::kBitXor));
  EXPECT_LT(p(BinaryOp::kBitXor), p(BinaryOp::kBitAnd));
  EXPECT_LT(p(BinaryOp::kBitAnd), p(BinaryOp::kShl));
  EXPECT_LT(p(BinaryOp::kShl), p(BinaryOp::kAdd));
  EXPECT_LT(p(BinaryOp::kAdd), p(BinaryOp::kMul));
  EXPECT_LT(p(BinaryOp::kMul), p(UnaryOp::kNeg));
  EXPECT_LT(p(UnaryOp::kNeg), p(BinaryOp::kPow));
  EXPECT_EQ(OperatorOf(BinaryOp::kPow).assoc, OpAssoc::kRight);
  EXPECT_EQ(OperatorOf(BinaryOp::kEq).assoc, OpAssoc::kNone);
  EXPECT_EQ(BinaryCallOp("min"), BinaryOp::kMin);
  EXPECT_EQ(UnaryCallOp("abs"), UnaryOp::kAbs);
  EXPECT_FALSE(BinaryCallOp("pl.cast").has_value());
}

}  // namespace
}  // namespace pto::ir
