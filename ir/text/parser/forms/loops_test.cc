// The loop forms that are scopes (for ... in pl.spmd / pl.split_aiv), the
// `as tid` clause of with-scopes, pl.while_'s bare target tuple and
// pl.cross_core_slot (docs/dsl.md, "Scope loops and task ids").

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/stmt.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr absl::string_view kHead =
    "import pypto.language as pl\n\n\n@pl.program\nclass P:\n";

std::string Fn(absl::string_view decorator, absl::string_view body) {
  return absl::StrCat(kHead, "    ", decorator,
                      "\n    def f(self, a: pl.Tensor[[128, 128], pl.FP32], "
                      "n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 128], pl.FP32]:\n",
                      body, "        return a\n");
}

class ParserLoopsTest : public ::testing::Test {
 protected:
  // The printed program (checked to be a fixed point and structurally equal
  // to its reparse), or the error.
  std::string Print(absl::string_view text) {
    RoundTripOptions options;
    options.verify = RoundTripVerify::kExpectOk;
    options.structural = true;
    return PrintRoundTrip(ctx_, text, options, &program_);
  }
  // The statements of f's body.
  Stmts Body() { return program_->functions()[0]->body()->As<SeqStmts>()->stmts(); }

  Context ctx_;
  std::optional<Program> program_;
};

TEST_F(ParserLoopsTest, SpmdLoopIsASpmdScopeAroundAKernelScope) {
  std::string out = Print(Fn("@pl.function",
                             "        for i in pl.spmd(4, optimizations=[pl.split("
                             "pl.SplitMode.UP_DOWN)], sync_start=True):\n"
                             "            b = a\n"));
  EXPECT_THAT(out, HasSubstr("        for i in pl.spmd(4, sync_start=True, optimizations=[pl.split("
                             "pl.SplitMode.UP_DOWN)]):\n"
                             "            b: pl.Tensor[[128, 128], pl.FP32] = a\n"));
  const auto* spmd = Body()[0]->As<ScopeStmt>();
  ASSERT_NE(spmd, nullptr);
  EXPECT_EQ(spmd->scope_kind(), ScopeKind::kSpmd);
  const auto* kernel = spmd->body()->As<SeqStmts>()->stmts()[0]->As<ScopeStmt>();
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ(kernel->scope_kind(), ScopeKind::kAt);
  ASSERT_EQ(kernel->args().size(), 2u);
  EXPECT_EQ(kernel->args()[0].enum_ref, "Level.CORE_GROUP");
  EXPECT_EQ(kernel->args()[1].enum_ref, "SplitMode.UP_DOWN");
  const auto* bind = kernel->body()->As<SeqStmts>()->stmts()[0]->As<AssignStmt>();
  ASSERT_NE(bind, nullptr);
  EXPECT_EQ(bind->value()->As<Call>()->op()->name(), "tile.get_block_idx");

  // The same IR written as scopes prints as the loop.
  EXPECT_THAT(Print(Fn("@pl.function",
                       "        with pl.spmd(4):\n"
                       "            with pl.at(level=pl.Level.CORE_GROUP):\n"
                       "                j = pl.tile.get_block_idx()\n")),
              HasSubstr("        for j in pl.spmd(4):\n            pass\n"));
}

TEST_F(ParserLoopsTest, SpmdLoopRejections) {
  EXPECT_THAT(Print(Fn("@pl.function", "        for i in pl.spmd(4, init_values=(n,)):\n"
                                       "            pass\n")),
              HasSubstr("the pl.spmd() loop form does not accept 'init_values='"));
  EXPECT_THAT(Print(Fn("@pl.function", "        for i, (x,) in pl.spmd(4):\n            pass\n")),
              HasSubstr("for ... in pl.spmd(...) must use a single loop variable"));
  EXPECT_THAT(Print(Fn("@pl.function", "        for i in pl.range(4):\n"
                                       "            for j in pl.spmd(4):\n                break\n")),
              HasSubstr("'break' is only allowed in a pl.range or while loop"));
}

TEST_F(ParserLoopsTest, SplitAivRegion) {
  // Inside an open CORE_GROUP scope the region stands as written; pl.aiv_shard
  // takes the region's split mode, which prints nowhere else.
  std::string out = Print(Fn("@pl.function",
                             "        with pl.at(level=pl.Level.CORE_GROUP):\n"
                             "            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
                             "                h = pl.aiv_shard(a)\n"
                             "                k = pl.tensor.aiv_shard(a)\n"));
  EXPECT_THAT(out, HasSubstr("            for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):\n"
                             "                h: pl.Tensor[[64, 128], pl.FP32] = "
                             "pl.tensor.aiv_shard(a)\n"
                             "                k: pl.Tensor[[64, 128], pl.FP32] = "
                             "pl.tensor.aiv_shard(a)\n"));
  const auto* at = Body()[0]->As<ScopeStmt>();
  const auto* region = at->body()->As<SeqStmts>()->stmts()[0]->As<ScopeStmt>();
  ASSERT_NE(region, nullptr);
  EXPECT_EQ(region->scope_kind(), ScopeKind::kSplitAiv);
  const auto* h = region->body()->As<SeqStmts>()->stmts()[1]->As<AssignStmt>();
  ASSERT_NE(h, nullptr);
  EXPECT_EQ(h->value()->As<Call>()->kwargs()[0].value.int_value(), 1);

  // Outside one it gets a CORE_GROUP scope of its own; in an InCore function
  // it needs none.
  EXPECT_THAT(Print(Fn("@pl.function",
                       "        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                       "            pass\n")),
              HasSubstr("        with pl.at(level=pl.Level.CORE_GROUP):\n"
                        "            for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                        "                pass\n"));
  EXPECT_THAT(Print(Fn("@pl.function(type=pl.FunctionType.InCore)",
                       "        for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):\n"
                       "            x = lane\n")),
              HasSubstr("        for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):\n"
                        "            x: pl.Scalar[pl.INDEX] = lane\n"));
}

TEST_F(ParserLoopsTest, SplitAivRejections) {
  auto loop = [](absl::string_view head, absl::string_view body = "            pass\n") {
    return Fn("@pl.function(type=pl.FunctionType.InCore)",
              absl::StrCat("        for v in pl.split_aiv(", head, "):\n", body));
  };
  EXPECT_THAT(Print(loop("4, mode=pl.SplitMode.NONE")), HasSubstr("requires n == 2"));
  EXPECT_THAT(Print(loop("2")), HasSubstr("pl.split_aiv() requires mode="));
  EXPECT_THAT(Print(loop("2, mode=pl.SplitMode.NONE, stage=2")),
              HasSubstr("does not accept 'stage='"));
  EXPECT_THAT(Print(loop("2, mode=pl.SplitMode.NONE, optimizations=[]")),
              HasSubstr("does not accept 'optimizations='"));
  EXPECT_THAT(Print(loop("2, mode=pl.SplitMode.NONE",
                         "            for w in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                         "                pass\n")),
              HasSubstr("nested 'for ... in pl.split_aiv(...)' is not allowed"));
  EXPECT_THAT(Print(Fn("@pl.function",
                       "        for i in pl.range(4):\n"
                       "            for v in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                       "                continue\n")),
              HasSubstr("'continue' is only allowed in a pl.range or while loop"));
  EXPECT_THAT(Print(Fn("@pl.function",
                       "        with pl.at(level=pl.Level.CORE_GROUP, "
                       "optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):\n"
                       "            for v in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                       "                pass\n")),
              HasSubstr("conflicting split specs"));
  EXPECT_THAT(Print(loop("2, mode=pl.SplitMode.NONE",
                         "            h = pl.aiv_shard(a, split=1)\n")),
              HasSubstr("does not take split= inside a pl.split_aiv region"));
  EXPECT_THAT(Print(Fn("@pl.function", "        h = pl.aiv_shard(a)\n")),
              HasSubstr("outside a pl.split_aiv region needs split=N"));
}

TEST_F(ParserLoopsTest, SplitAivVerifierWantsTheLoopVariable) {
  // A region whose body does not begin with its loop variable's binding.
  Program p = *ParseProgram(ctx_, Fn("@pl.function(type=pl.FunctionType.InCore)",
                                     "        for v in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                                     "            b = a\n"),
                            "t.py");
  const Function* f = p.functions()[0];
  const auto* region = f->body()->As<SeqStmts>()->stmts()[0]->As<ScopeStmt>();
  const Stmt* rest = region->body()->As<SeqStmts>()->stmts()[1];
  const Stmt* bad_region = ctx_.NewScope(ScopeKind::kSplitAiv, region->args(), {},
                                         ctx_.NewSeq(Stmts(&rest, 1)));
  Stmts old = f->body()->As<SeqStmts>()->stmts();
  std::vector<const Stmt*> body = {bad_region, old[1]};
  const Function* g = ctx_.NewFunction("f", f->params(), f->directions(),
                                       f->return_types(), ctx_.NewSeq(Stmts(body.data(), 2)),
                                       f->func_type());
  absl::Status s = VerifyProgram(ctx_.NewProgram("P", {g}));
  EXPECT_THAT(s.message(), HasSubstr("must begin with `aiv_id = tile.get_subblock_idx()`"));
}

TEST_F(ParserLoopsTest, AsTidBindsATaskId) {
  std::string out = Print(Fn("@pl.function",
                             "        with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"k\") as tid:\n"
                             "            b = a\n"
                             "        with pl.spmd(n, sync_start=True) as t2:\n"
                             "            i = pl.tile.get_block_idx()\n"
                             "        ok = pl.system.task_is_valid(tid)\n"));
  EXPECT_THAT(out, HasSubstr("        with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"k\") as tid:\n"
                             "            b: pl.Tensor[[128, 128], pl.FP32] = a\n"
                             "        with pl.spmd(n, sync_start=True) as t2:\n"));
  EXPECT_THAT(out, Not(HasSubstr("task_invalid")));
  // The IR is upstream's: a placeholder defining tid right before the scope.
  const auto* placeholder = Body()[0]->As<AssignStmt>();
  ASSERT_NE(placeholder, nullptr);
  EXPECT_EQ(placeholder->value()->As<Call>()->op()->name(), "system.task_invalid");
  EXPECT_EQ(PrintType(placeholder->var()->type()), "pl.Scalar[pl.TASK_ID]");
  const auto* scope = Body()[1]->As<ScopeStmt>();
  ASSERT_NE(scope, nullptr);
  EXPECT_EQ(scope->args().back().key, "task_id_var");
  EXPECT_EQ(scope->operands()[scope->args().back().operand], placeholder->var());

  // A placeholder with comments, or not followed by its scope, prints.
  EXPECT_THAT(Print(Fn("@pl.function", "        t = pl.system.task_invalid()\n")),
              HasSubstr("t: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()\n"));
  EXPECT_THAT(Print(Fn("@pl.function", "        with pl.spmd(4, deps=[]):\n            pass\n")),
              HasSubstr("pl.spmd(deps=...) needs the task id it orders"));
  EXPECT_THAT(Print(Fn("@pl.function", "        with pl.spmd(4, deps=[]) as t:\n            pass\n")),
              HasSubstr("with pl.spmd(4, deps=[]) as t:\n"));
  EXPECT_THAT(Print(Fn("@pl.function", "        with pl.cluster() as t:\n            pass\n")),
              HasSubstr("'as' is only allowed on pl.at and pl.spmd, not pl.cluster()"));
  EXPECT_THAT(Print(Fn("@pl.function", "        with pl.spmd(4) as (t, u):\n            pass\n")),
              HasSubstr("the 'as' target of pl.spmd() must be a plain variable name"));
}

TEST_F(ParserLoopsTest, WhileTargetWithoutParentheses) {
  EXPECT_THAT(Print(Fn("@pl.function",
                       "        for x, y in pl.while_(init_values=(n, n)):\n"
                       "            pl.cond(x < n)\n"
                       "            x2, y2 = pl.yield_(x + 1, y)\n")),
              HasSubstr("        for (x, y) in pl.while_(init_values=(n, n)):\n"));
  // pl.range keeps upstream's parentheses.
  EXPECT_THAT(Print(Fn("@pl.function",
                       "        for i, x in pl.range(4, init_values=(n,)):\n"
                       "            x2 = pl.yield_(x)\n")),
              HasSubstr("loop-carried names go in parentheses"));
}

TEST_F(ParserLoopsTest, Optimizations) {
  std::string out = Print(Fn("@pl.function",
                             "        with pl.at(level=pl.Level.CORE_GROUP, optimizations=["
                             "pl.cross_core_slot(slot_num=8), pl.split(pl.SplitMode.LEFT_RIGHT)]):\n"
                             "            b = a\n"
                             "        with pl.at(level=pl.Level.CORE_GROUP, optimizations=["
                             "pl.split(pl.SplitMode.NONE)]):\n"
                             "            c = a\n"
                             "        with pl.at(level=pl.Level.CORE_GROUP, optimizations=["
                             "pl.optimizations.split(pl.SplitMode.UP_DOWN)]):\n"
                             "            d = a\n"));
  EXPECT_THAT(out, HasSubstr("with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split("
                             "pl.SplitMode.UP_DOWN)]):\n            d:"));
  EXPECT_THAT(out, HasSubstr("with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split("
                             "pl.SplitMode.LEFT_RIGHT), pl.cross_core_slot(slot_num=8)]):\n"));
  // NONE is the default split: it prints nothing (upstream's printer).
  EXPECT_THAT(out, HasSubstr("        with pl.at(level=pl.Level.CORE_GROUP):\n            c:"));
  EXPECT_THAT(Print(Fn("@pl.function",
                       "        with pl.at(level=pl.Level.CORE_GROUP, optimizations=["
                       "pl.cross_core_slot(slot_num=0)]):\n            pass\n")),
              HasSubstr("slot_num must be a positive integer literal"));
}

TEST_F(ParserLoopsTest, AScopeEndingALoopBodyMayEndWithItsYield) {
  std::string out = Print(Fn("@pl.function(auto_scope=False)",
                             "        for i, (x,) in pl.range(4, init_values=(a,)):\n"
                             "            with pl.scope():\n"
                             "                y = x\n"
                             "                x2 = pl.yield_(y)\n"
                             "        b = x2\n"));
  EXPECT_THAT(out, HasSubstr("            with pl.scope():\n"
                             "                y: pl.Tensor[[128, 128], pl.FP32] = x\n"
                             "                x2: pl.Tensor[[128, 128], pl.FP32] = pl.yield_(y)\n"
                             "        b: pl.Tensor[[128, 128], pl.FP32] = x2\n"));
  // A function body's scope may end with its return.
  EXPECT_THAT(Print(absl::StrCat(kHead, "    @pl.function(auto_scope=False)\n"
                                 "    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                                 "        with pl.scope():\n            return a\n")),
              HasSubstr("        with pl.scope():\n            return a"));
  EXPECT_THAT(Print(Fn("@pl.function(auto_scope=False)", "        with pl.scope():\n            x = pl.yield_(a)\n")),
              HasSubstr("pl.yield_ can end a with body only where it ends a loop or if body"));
  EXPECT_THAT(Print(Fn("@pl.function(auto_scope=False)",
                       "        for i, (x,) in pl.range(4, init_values=(a,)):\n"
                       "            with pl.scope():\n                x2 = pl.yield_(x)\n"
                       "            b = a\n")),
              HasSubstr("pl.yield_ must be the last statement of its block"));
  EXPECT_THAT(Print(Fn("@pl.function(auto_scope=False)",
                       "        for i, (x,) in pl.range(4, init_values=(a,)):\n"
                       "            for v in pl.split_aiv(2, mode=pl.SplitMode.NONE):\n"
                       "                x2 = pl.yield_(x)\n")),
              HasSubstr("pl.yield_ can end a with body only where it ends a loop or if body"));
}

}  // namespace
}  // namespace pto::ir
