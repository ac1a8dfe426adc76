// Upstream's control-flow forms (docs/dsl.md "Early returns, dead code and
// pre-SSA loops"): early returns, dead code after break/continue/return,
// `-> pl.Tuple[...]` with `return a, b`, and pl.range loops with init_values
// but no pl.yield_. Each parses, verifies, prints back as written and
// re-parses to a structurally equal program; the verifier still rejects
// what upstream's meaning rules out.

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/stmt.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class ControlFormsTest : public ::testing::Test {
 protected:
  // The printed program (checked to be a structurally equal fixed point),
  // or the error.
  std::string Print(absl::string_view body, absl::string_view ret = "pl.Scalar[pl.INDEX]") {
    std::string text = absl::StrCat(
        "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
        "    def f(self, a: pl.Scalar[pl.INDEX], x: pl.Tensor[[64], pl.FP32])",
        ret.empty() ? "" : absl::StrCat(" -> ", ret), ":\n", body);
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py");
    if (!p.ok()) return std::string(p.status().message());
    if (absl::Status v = VerifyProgram(*p); !v.ok()) return std::string(v.message());
    program_ = *p;
    std::string out = PrintProgram(*p);
    Context ctx2;
    absl::StatusOr<Program> q = ParseProgram(ctx2, out, "t2.py");
    EXPECT_TRUE(q.ok()) << q.status();
    if (q.ok()) {
      EXPECT_EQ(PrintProgram(*q), out);
      EXPECT_TRUE(CheckStructuralEqual(*p, *q).ok()) << CheckStructuralEqual(*p, *q);
    }
    return out;
  }
  Context ctx_;
  std::optional<Program> program_;
};

TEST_F(ControlFormsTest, EarlyReturnInABranchThenMoreCode) {
  std::string out = Print(
      "        if a > 1:\n            b = a + 1\n            return b\n"
      "        c = a * 2\n        return c\n");
  EXPECT_THAT(out, HasSubstr("        if a > 1:\n"
                             "            b: pl.Scalar[pl.INDEX] = a + 1\n"
                             "            return b\n"
                             "        c: pl.Scalar[pl.INDEX] = a * 2\n"
                             "        return c"));
  // The IR: a ReturnStmt inside the IfStmt's then branch.
  const auto* seq = program_->functions()[0]->body()->As<SeqStmts>();
  ASSERT_NE(seq, nullptr);
  const auto* if_stmt = seq->stmts()[0]->As<IfStmt>();
  ASSERT_NE(if_stmt, nullptr);
  EXPECT_EQ(TrailingYield(if_stmt->then_body()), nullptr);
  const auto* then_seq = if_stmt->then_body()->As<SeqStmts>();
  ASSERT_NE(then_seq, nullptr);
  EXPECT_TRUE(then_seq->stmts().back()->Is<ReturnStmt>());
}

TEST_F(ControlFormsTest, BothBranchesReturnAndDeadCodeAfterReturn) {
  std::string out = Print(
      "        if a > 1:\n            return a\n            d = a + 7\n"
      "        else:\n            return 0\n");
  EXPECT_THAT(out, HasSubstr("            return a\n            d: pl.Scalar[pl.INDEX] = a + 7\n"
                             "        else:\n            return 0"));
}

TEST_F(ControlFormsTest, ReturnsInsideLoopsAndScopes) {
  std::string out = Print(
      "        for i in pl.range(4):\n            if i == a:\n                return i\n"
      "        with pl.scope(mode=pl.ScopeMode.MANUAL):\n            return a\n");
  EXPECT_THAT(out, HasSubstr("                return i\n"));
}

TEST_F(ControlFormsTest, EveryPathMustReturn) {
  EXPECT_THAT(Print("        if a > 1:\n            return a\n"),
              HasSubstr("t.py:5:5: error: function 'f' declares 1 return type but a path "
                        "through its body ends without a return"));
  // A loop may run no iteration.
  EXPECT_THAT(Print("        for i in pl.range(4):\n            return a\n"),
              HasSubstr("a path through its body ends without a return"));
  // An if without else falls through.
  EXPECT_THAT(Print("        if a > 1:\n            return a\n        else:\n            b = a\n"),
              HasSubstr("a path through its body ends without a return"));
  // No return types: nothing to return.
  EXPECT_THAT(Print("        if a > 1:\n            return\n        b = a\n", ""),
              HasSubstr("        if a > 1:\n            return\n"));
}

TEST_F(ControlFormsTest, EarlyReturnValuesAreChecked) {
  EXPECT_THAT(Print("        if a > 1:\n            return x\n        return a\n"),
              HasSubstr("t.py:7:13: error: return value 0 has type pl.Tensor[[64], pl.FP32] but "
                        "function 'f' returns pl.Scalar[pl.INDEX]"));
  EXPECT_THAT(Print("        if a > 1:\n            return a, a\n        return a\n"),
              HasSubstr("t.py:7:13: error: return gives 2 values but function 'f' declares 1 "
                        "return type"));
}

TEST_F(ControlFormsTest, TupleAnnotationTakesItsElements) {
  const char* kPair = "pl.Tuple[pl.Scalar[pl.INDEX], pl.Tensor[[64], pl.FP32]]";
  EXPECT_THAT(Print("        return a, x\n", kPair), HasSubstr("        return a, x"));
  EXPECT_THAT(Print("        return x, a\n", kPair),
              HasSubstr("t.py:6:9: error: return value 0 has type pl.Tensor[[64], pl.FP32] but "
                        "function 'f' returns pl.Scalar[pl.INDEX] there"));
}

TEST_F(ControlFormsTest, DeadCodeAfterBreakAndContinue) {
  std::string out = Print(
      "        for i in pl.range(4):\n            continue\n            b = a + 1\n"
      "        while a > 3:\n            break\n            c = a\n        return a\n");
  EXPECT_THAT(out, HasSubstr("            continue\n            b: pl.Scalar[pl.INDEX] = a + 1\n"));
  EXPECT_THAT(out, HasSubstr("            break\n            c: pl.Scalar[pl.INDEX] = a\n"));
}

TEST_F(ControlFormsTest, PreSsaLoopKeepsItsBodyAndNamesItsReturnVars) {
  std::string out = Print(
      "        for i, (acc,) in pl.range(4, init_values=(x,)):\n"
      "            acc = pl.tensor.add(acc, acc)\n        return a\n");
  EXPECT_THAT(out, HasSubstr("        for i, (acc,) in pl.range(4, init_values=(x,)):\n"
                             "            acc_1: pl.Tensor[[64], pl.FP32] = pl.tensor.add(acc, "
                             "acc)\n        return a"));
  const auto* seq = program_->functions()[0]->body()->As<SeqStmts>();
  ASSERT_NE(seq, nullptr);
  const auto* loop = seq->stmts()[0]->As<ForStmt>();
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(TrailingYield(loop->body()), nullptr);
  ASSERT_EQ(loop->return_vars().size(), 1u);
  EXPECT_EQ(loop->return_vars()[0]->name(), "acc_out");
  // The `_out` names are not bound: upstream binds none either.
  EXPECT_THAT(Print("        for i, (acc,) in pl.range(4, init_values=(a,)):\n"
                    "            acc = acc + 1\n        return acc_out\n"),
              HasSubstr("undefined name 'acc_out'"));
  // A pl.while_ loop still needs its yield.
  EXPECT_THAT(Print("        for (b,) in pl.while_(init_values=(a,)):\n"
                    "            pl.cond(b < 4)\n            c = b\n        return a\n"),
              HasSubstr("a loop with init_values must end with pl.yield_"));
}

}  // namespace
}  // namespace pto::ir
