// Pattern-B scoping (parser/forms/leak.cc): names leak out of a plain for/while
// body and an if without pl.yield_; assigning a bound name inside a block
// reassigns its Var; strict_ssa rejects a second binding per scope only.

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr absl::string_view kHead = "import pypto.language as pl\n";

std::string Program(absl::string_view body, bool strict = false) {
  return absl::StrCat(kHead, strict ? "@pl.program(strict_ssa=True)\n" : "@pl.program\n",
                      "class P:\n    @pl.function\n"
                      "    def f(self, x: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INDEX])"
                      " -> pl.Scalar[pl.FP32]:\n",
                      body);
}

class ParserLeakTest : public ::testing::Test {
 protected:
  // Parses, verifies and checks that printing is a fixed point that parses
  // back to a structurally equal program; returns the print or the error.
  std::string Print(absl::string_view text) {
    RoundTripOptions options;
    options.verify = RoundTripVerify::kExpectOk;
    return PrintRoundTrip(ctx_, text, options, &program_);
  }
  const Function* F() const { return program_->functions().front(); }
  Stmts Body() const { return F()->body()->As<SeqStmts>()->stmts(); }

  Context ctx_;
  std::optional<ir::Program> program_;
};

TEST_F(ParserLeakTest, ForBodyReassignsTheOuterVar) {
  std::string out = Print(Program(
      "        acc = x\n"
      "        for i in pl.range(n):\n"
      "            acc = acc + 1.0\n"
      "        return acc\n"));
  EXPECT_THAT(out, HasSubstr("            acc: pl.Scalar[pl.FP32] = acc + 1.0\n"
                             "        return acc"));
  Stmts body = Body();
  ASSERT_EQ(body.size(), 3u);
  const Var* acc = body[0]->As<AssignStmt>()->var();
  const auto* loop = body[1]->As<ForStmt>();
  const Stmt* inner = loop->body()->Is<SeqStmts>() ? loop->body()->As<SeqStmts>()->stmts()[0]
                                                   : loop->body();
  // One Var, assigned twice: the loop's reads see the previous iteration's.
  EXPECT_EQ(inner->As<AssignStmt>()->var(), acc);
  EXPECT_EQ(body[2]->As<ReturnStmt>()->values()[0], acc);
}

TEST_F(ParserLeakTest, ParamIsReassignedInsideALoop) {
  Print(Program(
      "        for i in pl.range(4):\n"
      "            x = x + 1.0\n"
      "        return x\n"));
  EXPECT_EQ(Body().back()->As<ReturnStmt>()->values()[0], F()->params()[0]);
}

TEST_F(ParserLeakTest, IfBranchesShareOneVar) {
  std::string out = Print(Program(
      "        if n > 0:\n"
      "            y = x\n"
      "        else:\n"
      "            y = -x\n"
      "        return y\n"));
  const auto* branch = Body()[0]->As<IfStmt>();
  auto first = [](const Stmt* s) {
    return (s->Is<SeqStmts>() ? s->As<SeqStmts>()->stmts()[0] : s)->As<AssignStmt>()->var();
  };
  EXPECT_EQ(first(branch->then_body()), first(branch->else_body()));
  EXPECT_EQ(Body()[1]->As<ReturnStmt>()->values()[0], first(branch->then_body()));
  EXPECT_THAT(out, HasSubstr("            y: pl.Scalar[pl.FP32] = -x\n        return y"));
}

TEST_F(ParserLeakTest, NamesLeakFromWhileBodies) {
  Print(Program(
      "        i: pl.Scalar[pl.INDEX] = 0\n"
      "        while i < n:\n"
      "            t = x * 2.0\n"
      "            i = i + 1\n"
      "        return t\n"));
}

// A name is one Var, so a value of another type cannot take it, in a block
// or at function level (upstream's "Cannot reassign" rule).
TEST_F(ParserLeakTest, ANewTypeCannotTakeAnExistingName) {
  EXPECT_THAT(Print(Program("        y = n\n"
                            "        for i in pl.range(4):\n"
                            "            y = x\n"
                            "        return y\n")),
              HasSubstr("t.py:8:13: error: cannot reassign 'y' with a different type: was "
                        "pl.Scalar[pl.INDEX], got pl.Scalar[pl.FP32]; give the new value a new "
                        "name\n            y = x\n            ^"));
  EXPECT_THAT(Print(Program("        y = n\n"
                            "        y = x\n"
                            "        return y\n")),
              HasSubstr("t.py:7:9: error: cannot reassign 'y' with a different type"));
}

// A pure op call in a type is a value, not an object: each spelling of
// pld.world_size() in a shape is the same dim, so the name can be reassigned.
TEST_F(ParserLeakTest, PureCallsInShapesAreOneDim) {
  std::string out = Print(absl::StrCat(
      kHead, "import pypto.language.distributed as pld\n@pl.program\nclass P:\n",
      "    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)\n",
      "    def f(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:\n",
      "        a = pl.tensor.create([pld.world_size(), 4], dtype=pl.FP32)\n",
      "        a = pl.tensor.create([pld.world_size(), 4], dtype=pl.FP32)\n",
      "        return x\n"));
  EXPECT_THAT(out, HasSubstr("        a: pl.Tensor[[pld.system.world_size(), 4], pl.FP32] = "));
  EXPECT_THAT(out, Not(HasSubstr("error")));
  EXPECT_THAT(out, Not(HasSubstr("a_1")));
}

// At function level too, rebinding a name (a parameter here) assigns the
// same Var, which prints with its own name (upstream's print).
TEST_F(ParserLeakTest, FunctionLevelRebindingKeepsTheVar) {
  std::string out = Print(Program("        n = n + 1\n"
                                  "        n = n * 2\n"
                                  "        y = x * 2.0\n"
                                  "        return y\n"));
  EXPECT_THAT(out, HasSubstr("        n: pl.Scalar[pl.INDEX] = n + 1\n"
                             "        n: pl.Scalar[pl.INDEX] = n * 2\n"));
}

TEST_F(ParserLeakTest, CarryingLoopsDoNotLeakAndRestoreOuterNames) {
  std::string out = Print(Program(
      "        y = n\n"
      "        for i, (s,) in pl.range(4, init_values=(x,)):\n"
      "            w = x\n"
      "            r = pl.yield_(s)\n"
      "        w = y + 1\n"
      "        return r\n"));
  // `w` of the loop is gone after it: the second `w` is a new Var, of
  // another type.
  EXPECT_THAT(out, HasSubstr("            w: pl.Scalar[pl.FP32] = x\n"));
  EXPECT_THAT(out, HasSubstr("        w_1: pl.Scalar[pl.INDEX] = y + 1\n"));
}

TEST_F(ParserLeakTest, StrictSsaRejectsRebindingInOneScopeOnly) {
  // Two loops may each bind `t` (upstream checks the current scope only) ...
  std::string body =
      "        for i in pl.range(4):\n"
      "            t = x + 1.0\n"
      "        for j in pl.range(4):\n"
      "            t = x + 2.0\n"
      "        return t\n";
  EXPECT_THAT(Print(Program(body, /*strict=*/true)), HasSubstr("return t"));
  // ... but a leaked name is bound in the outer scope.
  EXPECT_THAT(Print(Program("        for i in pl.range(4):\n"
                          "            t = x + 1.0\n"
                          "        t = x\n"
                          "        return t\n",
                          /*strict=*/true)),
              HasSubstr("t.py:8:9: error: strict_ssa: 't' is already defined at 7:13; each "
                        "name is assigned once"));
}

// `(a,) = pl.yield_(...)` and `(a, b) = t` bind like `a = ...` / `a, b = t`.
TEST_F(ParserLeakTest, ParenthesizedTargets) {
  std::string out = Print(Program(
      "        for i, (s,) in pl.range(4, init_values=(x,)):\n"
      "            (s_rv,) = pl.yield_(s + 1.0)\n"
      "        (p, q) = (s_rv, s_rv)\n"
      "        return q\n"));
  EXPECT_THAT(out, HasSubstr("s_rv: pl.Scalar[pl.FP32] = pl.yield_(s + 1.0)"));
  EXPECT_THAT(out, HasSubstr("q: pl.Scalar[pl.FP32] = _tuple_tmp[1]"));
}

}  // namespace
}  // namespace pto::ir
