#include "passes/normalize/flatten_call_expr.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/normalize/normalize_stmt_structure.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

class FlattenCallExprTest : public NormalizePassTest {
 protected:
  FlattenCallExprTest() : NormalizePassTest(CreateFlattenCallExprPass()) {}
};

TEST_F(FlattenCallExprTest, NestedCallArgumentsAreComputedFirstInnerFirst) {
  ExpectRewrites({"r = pl.add(pl.mul(pl.exp(x), 2.0), pl.exp(x))", "return r"},
                 {"t0 = pl.exp(x)", "t1 = pl.mul(t0, 2.0)", "t2 = pl.exp(x)",
                  "r = pl.add(t1, t2)", "return r"});
}

TEST_F(FlattenCallExprTest, ReturnValuesConditionsAndBoundsAreHoisted) {
  ExpectRewrites({"for i in pl.range(pl.tile.get_block_idx(), 10, pl.tile.get_block_num()):",
                  "    pass",
                  "if pl.tile.get_block_idx() < n:", "    y = pl.add(x, 1.0)",
                  "    s = pl.yield_(pl.mul(y, 2.0))", "else:", "    s = pl.yield_(x)",
                  "return pl.exp(s)"},
                 {"a = pl.tile.get_block_idx()", "b = pl.tile.get_block_num()",
                  "for i in pl.range(a, 10, b):", "    pass",
                  "c = pl.tile.get_block_idx()", "if c < n:", "    y = pl.add(x, 1.0)",
                  "    m = pl.mul(y, 2.0)", "    s = pl.yield_(m)", "else:", "    s = pl.yield_(x)",
                  "e = pl.exp(s)", "return e"});
}

TEST_F(FlattenCallExprTest, ACallInAScopeArgumentGoesBeforeTheScope) {
  CheckedProgramRewrite(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], gate: pl.Tensor[[4], pl.INT32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.spmd(1, predicate=pl.read(gate, [0]) > 0):
            y: pl.Tensor[[64], pl.FP32] = self.k(x)
        return y
)",
                        R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], gate: pl.Tensor[[4], pl.INT32]) -> pl.Tensor[[64], pl.FP32]:
        g: pl.Scalar[pl.INT32] = pl.read(gate, [0])
        with pl.spmd(1, predicate=g > 0):
            y: pl.Tensor[[64], pl.FP32] = self.k(x)
        return y
)")
      .status()
      .IgnoreError();
}

TEST_F(FlattenCallExprTest, FlatProgramComesBackAsTheSameObject) {
  ir::Program p = Parse({"a = pl.exp(x)", "r = pl.add(a, a)", "return r"});
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(FlattenCallExprTest, WhileConditionCallOnACarriedValueIsAnError) {
  EXPECT_THAT(ErrorOf({"for (t,) in pl.while_(init_values=(x,)):",
                       "    pl.cond(pl.tensor.read(t, [0]) < 4.0)", "    u = pl.add(t, 1.0)",
                       "    t = pl.yield_(u)", "return t"}),
              HasSubstr("t.py:7:9: error: FlattenCallExpr: the while condition calls tensor.read "
                        "on a value the loop carries"));
}

TEST(NormalizeStmtStructureTest, SingleStatementBodiesBecomeThatStatement) {
  ir::Context ctx;
  const ir::Type* index = ctx.GetScalarType(ir::DataType::kIndex);
  const ir::Var* x = ctx.NewVar("x", index);
  const ir::Var* i = ctx.NewVar("i", index);
  const ir::Stmt* eval = ctx.NewEval(x);
  const ir::Stmt* one[] = {eval};
  const ir::Stmt* loop = ctx.NewFor(i, ctx.Index(0), ctx.Index(4), ctx.Index(1), {},
                                    ctx.NewSeq(one), {});
  const ir::Expr* ret[] = {x};
  const ir::Stmt* body[] = {loop, ctx.NewReturn(ret)};
  const ir::Var* params[] = {x};
  ir::ParamDirection dirs[] = {ir::ParamDirection::kIn};
  const ir::Type* rets[] = {index};
  const ir::Function* fs[] = {ctx.NewFunction("k", params, dirs, rets, ctx.NewSeq(body))};
  ir::Program p = ctx.NewProgram("P", fs);
  PassContext pctx;
  absl::StatusOr<ir::Program> out = CreateNormalizeStmtStructurePass()->Run(p, pctx);
  ASSERT_TRUE(out.ok());
  const auto* f = out->functions()[0]->body()->As<ir::SeqStmts>()->stmts()[0]->As<ir::ForStmt>();
  EXPECT_EQ(f->body(), eval);
  absl::StatusOr<ir::Program> again = CreateNormalizeStmtStructurePass()->Run(*out, pctx);
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->SameAs(*out));
}

}  // namespace
}  // namespace pto::passes
