#include "passes/var_occurrences.h"

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "ir/text/parser/parser.h"

namespace pto::passes {
namespace {

const ir::Var* Param(const ir::Function& f, size_t i) { return f.params()[i]; }

// `a` starts a loop whose iter arg is read twice; `b` is read once in the
// body and once in a branch; loop and branch results are definitions only.
TEST(VarUsesTest, CountsReadsOnceEachAndLoopInitsOnce) {
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, R"(import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        for i, (acc,) in pl.range(4, init_values=(a,)):
            t = acc + acc
            u = t * b
            r = pl.yield_(u)
        if r > 0:
            v = b
            w = pl.yield_(v)
        else:
            w = pl.yield_(r)
        return w
)", "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const ir::Function& f = *p->functions()[0];
  VarUses uses;
  uses.VisitStmt(f.body());
  EXPECT_EQ(uses.Count(Param(f, 0)), 1u);
  EXPECT_EQ(uses.Count(Param(f, 1)), 2u);
  VarOccurrences occurrences;
  occurrences.VisitStmt(f.body());
  // Each read of the iter arg visits its init again.
  EXPECT_EQ(occurrences.Count(Param(f, 0)), 3u);
  const auto* loop = f.body()->As<ir::SeqStmts>()->stmts()[0]->As<ir::ForStmt>();
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(uses.Count(loop->iter_args()[0]), 2u);
  EXPECT_EQ(uses.Count(loop->loop_var()), 0u);
  EXPECT_EQ(uses.Count(loop->return_vars()[0]), 2u);
}

}  // namespace
}  // namespace pto::passes
