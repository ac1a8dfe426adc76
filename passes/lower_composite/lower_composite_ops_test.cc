// The pass itself: its contract (name, properties, no-op identity,
// idempotency), where composite calls may sit (assignment, expression
// statement, return, loop and branch bodies), the function-wide counter, and
// tuple projections of multi-result rules.

#include "passes/lower_composite/lower_composite_ops.h"

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/lower_composite/test_util.h"

namespace pto::passes::lower_composite {
namespace {

using testing::ExpectLowersTo;
using testing::Prog;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Not;

constexpr absl::string_view kFn =
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n";
constexpr absl::string_view kTile = "pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]";

// k(x: T) -> T with `body`.
std::string Kernel(absl::string_view body) {
  return Prog(absl::StrCat(kFn, "    def k(x: ", kTile, ") -> ", kTile, ":\n", body));
}

std::vector<std::string> Temps(const ir::Program& p, absl::string_view base) {
  std::vector<std::string> out;
  for (const std::string& n : testing::AssignedNames(p)) {
    if (absl::StartsWith(n, absl::StrCat(base, "__"))) out.push_back(n);
  }
  return out;
}

TEST(LowerCompositeOpsTest, NameAndProperties) {
  std::unique_ptr<Pass> pass = CreateLowerCompositeOpsPass();
  EXPECT_EQ(pass->name(), "lower-composite-ops");
  EXPECT_FALSE(pass->description().empty());
  PassProperties props = pass->properties();
  EXPECT_TRUE(props.required.empty());
  EXPECT_TRUE(props.produced.empty());
  EXPECT_TRUE(props.invalidated.empty());
}

// Without composite calls the very same program comes back, loops, branches,
// tuples and all.
TEST(LowerCompositeOpsTest, NoCompositeCallsReturnsTheSameProgram) {
  std::string text = Prog(absl::StrCat(kFn, "    def k(x: ", kTile, ", n: pl.Scalar[pl.INDEX]) -> ",
                                       kTile, ":\n", R"(        e = pl.tile.adds(x, 1.0)
        p = (e, x)
        first = p[0]
        for i, (acc,) in pl.range(4, init_values=(first,)):
            nxt = pl.tile.mul(acc, x)
            acc_out = pl.yield_(nxt)
        if n > 2:
            m = pl.tile.cmps(acc_out, 0.0, cmp_type=4)
            t = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
            s = pl.tile.sel(m, acc_out, x, t)
            r = pl.yield_(s)
        else:
            r = pl.yield_(acc_out)
        return r)"));
  for (absl::string_view backend : {"a5", "a2a3", "none"}) {
    ir::Context ctx;
    ir::Program in = testing::Parse(ctx, text);
    absl::StatusOr<ir::Program> out = testing::Lower(in, backend);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_TRUE(out->SameAs(in)) << backend;
  }
}

// Lowering one function rebuilds only that one.
TEST(LowerCompositeOpsTest, UntouchedFunctionsKeepTheirObjects) {
  std::string text = Prog(absl::StrCat(
      kFn, "    def plain(x: ", kTile, ") -> ", kTile, ":\n        y = pl.tile.adds(x, 1.0)\n",
      "        return y\n", kFn, "    def trig(x: ", kTile, ") -> ", kTile, ":\n",
      "        y = pl.tile.sin(x)\n        return y"));
  ir::Context ctx;
  ir::Program in = testing::Parse(ctx, text);
  ir::Program out = testing::LowerAndCheck(in, "a5");
  ASSERT_EQ(out.functions().size(), 2u);
  EXPECT_EQ(out.functions()[0], in.functions()[0]);
  EXPECT_NE(out.functions()[1], in.functions()[1]);
}

// The final assignment keeps the original Var object, so later uses are
// untouched.
TEST(LowerCompositeOpsTest, TheTargetVarKeepsItsIdentity) {
  ir::Context ctx;
  ir::Program in = testing::Parse(ctx, Kernel(R"(        y = pl.tile.sin(x)
        z = pl.tile.adds(y, 1.0)
        return z)"));
  const auto* in_body = in.functions()[0]->body()->As<ir::SeqStmts>();
  const ir::Var* y = in_body->stmts()[0]->As<ir::AssignStmt>()->var();
  const ir::Stmt* use = in_body->stmts()[1];
  ir::Program out = testing::LowerAndCheck(in, "a5");
  const auto* body = out.functions()[0]->body()->As<ir::SeqStmts>();
  ASSERT_EQ(body->stmts().size(), 31u + 2u);
  EXPECT_EQ(body->stmts()[30]->As<ir::AssignStmt>()->var(), y);
  EXPECT_EQ(body->stmts()[31], use);
}

// A lowered statement's leading comments stay in front of its expansion.
TEST(LowerCompositeOpsTest, CommentsStayInFrontOfTheExpansion) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, Kernel(R"(        # the sine
        y = pl.tile.sin(x)
        # dropped result
        pl.tile.cos(x)
        return y)")),
                                           "a5");
  const auto* body = out.functions()[0]->body()->As<ir::SeqStmts>();
  ASSERT_EQ(body->stmts().size(), 31u + 33u + 1u);
  EXPECT_EQ(body->stmts()[0]->comments().size(), 1u);
  EXPECT_EQ(body->stmts()[0]->comments()[0], "the sine");
  EXPECT_TRUE(body->stmts()[30]->comments().empty());
  ASSERT_EQ(body->stmts()[31]->comments().size(), 1u);
  EXPECT_EQ(body->stmts()[31]->comments()[0], "dropped result");
}

// --- Statement forms ------------------------------------------------------------------------

// An expression statement lowers with base "eval" and drops the result.
TEST(LowerCompositeOpsTest, EvalStatementsDropTheResult) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, Kernel(R"(        pl.tile.sin(x)
        return x)")),
                                           "a5");
  std::vector<std::string> names = testing::AssignedNames(out);
  ASSERT_EQ(names.size(), 30u);
  EXPECT_EQ(names.front(), "eval__pi_inv_x_tmp_v0");
  EXPECT_EQ(names.back(), "eval__t_p_tmp_v29");
  EXPECT_THAT(testing::CalledOps(out), Not(Contains("tile.sin")));
}

// A composite call directly in a return lowers with base "ret<i>" and binds
// its result to ret<i>__result_tmp_v<N>; other values are kept.
TEST(LowerCompositeOpsTest, ReturnValuesAreBoundToResultTemporaries) {
  std::string text = Prog(absl::StrCat(kFn, "    def k(x: ", kTile, ") -> tuple[", kTile, ", ",
                                       kTile, ", ", kTile, "]:\n",
                                       "        return x, pl.tile.sin(x), pl.tile.cos(x)"));
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, text), "a5");
  std::vector<std::string> ret1 = Temps(out, "ret1");
  std::vector<std::string> ret2 = Temps(out, "ret2");
  ASSERT_EQ(ret1.size(), 31u);
  EXPECT_EQ(ret1.front(), "ret1__pi_inv_x_tmp_v0");
  EXPECT_EQ(ret1.back(), "ret1__result_tmp_v30");
  ASSERT_EQ(ret2.size(), 34u);
  EXPECT_EQ(ret2.front(), "ret2__pi_inv_x_tmp_v31");
  EXPECT_EQ(ret2.back(), "ret2__result_tmp_v64");
  const auto* body = out.functions()[0]->body()->As<ir::SeqStmts>();
  const auto* ret = body->stmts().back()->As<ir::ReturnStmt>();
  ASSERT_NE(ret, nullptr);
  ASSERT_EQ(ret->values().size(), 3u);
  EXPECT_EQ(ret->values()[0], out.functions()[0]->params()[0]);
  EXPECT_EQ(ret->values()[1]->As<ir::Var>()->name(), "ret1__result_tmp_v30");
  EXPECT_EQ(ret->values()[2]->As<ir::Var>()->name(), "ret2__result_tmp_v64");
}

TEST(LowerCompositeOpsTest, SingleReturnValue) {
  ir::Context ctx;
  ir::Program out =
      testing::LowerAndCheck(testing::Parse(ctx, Kernel("        return pl.tile.sin(x)")), "a5");
  std::vector<std::string> names = testing::AssignedNames(out);
  ASSERT_EQ(names.size(), 31u);
  EXPECT_EQ(names.back(), "ret0__result_tmp_v30");
}

// Loop and branch bodies are lowered in place; one counter spans the whole
// function.
TEST(LowerCompositeOpsTest, CompositeCallsInsideLoopsAndBranches) {
  std::string text = Prog(absl::StrCat(kFn, "    def k(x: ", kTile, ", n: pl.Scalar[pl.INDEX]) -> ",
                                       kTile, ":\n", R"(        for i, (acc,) in pl.range(4, init_values=(x,)):
            s = pl.tile.sin(acc)
            acc_out = pl.yield_(s)
        if n > 2:
            c = pl.tile.cos(acc_out)
            r = pl.yield_(c)
        else:
            r = pl.yield_(acc_out)
        for j in pl.range(2):
            pl.tile.sin(r)
        while n > 3:
            w = pl.tile.sin(r)
        return r)"));
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, text), "a5");
  EXPECT_THAT(testing::CalledOps(out), Not(Contains("tile.sin")));
  EXPECT_THAT(testing::CalledOps(out), Not(Contains("tile.cos")));
  std::vector<std::string> s = Temps(out, "s");
  std::vector<std::string> c = Temps(out, "c");
  std::vector<std::string> eval = Temps(out, "eval");
  std::vector<std::string> w = Temps(out, "w");
  ASSERT_EQ(s.size(), 30u);
  ASSERT_EQ(c.size(), 33u);
  ASSERT_EQ(eval.size(), 30u);
  ASSERT_EQ(w.size(), 30u);
  EXPECT_EQ(s.front(), "s__pi_inv_x_tmp_v0");
  EXPECT_EQ(c.front(), "c__pi_inv_x_tmp_v30");
  EXPECT_EQ(eval.front(), "eval__pi_inv_x_tmp_v63");
  EXPECT_EQ(w.front(), "w__pi_inv_x_tmp_v93");
}

// The counter starts over in every function.
TEST(LowerCompositeOpsTest, EachFunctionHasItsOwnCounter) {
  std::string text = Prog(absl::StrCat(kFn, "    def f(x: ", kTile, ") -> ", kTile, ":\n",
                                       "        y = pl.tile.sin(x)\n        return y\n", kFn,
                                       "    def g(x: ", kTile, ") -> ", kTile, ":\n",
                                       "        y = pl.tile.cos(x)\n        return y"));
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, text), "a5");
  std::vector<std::string> names = testing::AssignedNames(out);
  ASSERT_EQ(names.size(), 31u + 34u);
  EXPECT_EQ(names[0], "y__pi_inv_x_tmp_v0");
  EXPECT_EQ(names[31], "y__pi_inv_x_tmp_v0");
}

// Composite tile ops are lowered in orchestration functions too; only
// managed collectives are deferred there (op_predicates_test).
TEST(LowerCompositeOpsTest, OrchestrationFunctionsStillLowerTileComposites) {
  std::string text = Prog(absl::StrCat(
      "    @pl.function(type=pl.FunctionType.Orchestration)\n    def k(x: ", kTile, ") -> ", kTile,
      ":\n        y = pl.tile.sin(x)\n        return y"));
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, text), "a5");
  EXPECT_THAT(testing::CalledOps(out), Not(Contains("tile.sin")));
}

// A temporary of a temporary does not pile up suffixes.
TEST(LowerCompositeOpsTest, TemporariesUseTheBaseName) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, Kernel(R"(        y__ssa_v3 = pl.tile.sin(x)
        return y__ssa_v3)")),
                                           "a5");
  EXPECT_EQ(testing::AssignedNames(out).front(), "y__pi_inv_x_tmp_v0");
  EXPECT_EQ(testing::AssignedNames(out).back(), "y__ssa_v3");
}

// --- Tuple results ----------------------------------------------------------------------------

constexpr absl::string_view kQuantTile = "pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]";
constexpr absl::string_view kQ = "pl.Tile[[16, 64], pl.FP8E4M3FN, pl.Mem.Vec]";

// Projections of the composite tuple, directly or through aliases, fold to
// its elements; a tuple the user builds is left alone.
TEST(LowerCompositeOpsTest, ProjectionsOfCompositeTuplesFoldThroughAliases) {
  std::string text = Prog(absl::StrCat(kFn, "    def k(a: ", kQuantTile, ") -> ", kQ, ":\n", R"(        pair = pl.tile.tquant_mx(a, group_axis=1)
        alias = pair
        alias2 = alias
        q = alias2[0]
        s = pair[1]
        v = (q, s)
        w = v[0]
        for i, (acc,) in pl.range(2, init_values=(w,)):
            inner = alias[0]
            acc_out = pl.yield_(inner)
        return acc_out)"));
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, text), "a5");
  ir::PrintOptions concise;
  concise.concise = true;
  std::string printed = ir::PrintProgram(out, concise);
  EXPECT_THAT(printed, ::testing::HasSubstr(R"(        pair = [pair__tq_quant_tmp_v6, pair__tq_scale_tmp_v9]
        alias = pair
        alias2 = alias
        q = pair__tq_quant_tmp_v6
        s = pair__tq_scale_tmp_v9
        v = [q, s]
        w = v[0]
        for i, (acc,) in pl.range(2, init_values=(w,)):
            inner = pair__tq_quant_tmp_v6
)"));
}

// Lowering a tuple-producing call in the second run sees only the already
// lowered tuple, which is no longer composite: the fold does not repeat.
TEST(LowerCompositeOpsTest, TupleFoldingIsIdempotent) {
  std::string text = Prog(absl::StrCat(kFn, "    def k(a: ", kQuantTile, ") -> ", kQ, ":\n",
                                       "        pair = pl.tile.tquant_mx(a, group_axis=1)\n",
                                       "        q = pair[0]\n        return q"));
  ir::Context ctx;
  ir::Program once = testing::LowerAndCheck(testing::Parse(ctx, text), "a5");
  absl::StatusOr<ir::Program> twice = testing::Lower(once, "none");
  ASSERT_TRUE(twice.ok());
  EXPECT_TRUE(twice->SameAs(once));
}

// A user tuple alone is never folded, even when its elements are composites'
// results.
TEST(LowerCompositeOpsTest, UserTuplesAreNotFolded) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, Kernel(R"(        y = pl.tile.sin(x)
        p = (y, x)
        z = p[0]
        return z)")),
                                           "a5");
  ir::PrintOptions concise;
  concise.concise = true;
  EXPECT_THAT(ir::PrintProgram(out, concise),
              ::testing::HasSubstr("        p = [y, x]\n        z = p[0]\n"));
}

}  // namespace
}  // namespace pto::passes::lower_composite
