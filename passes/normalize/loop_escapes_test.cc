#include "passes/normalize/loop_escapes.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/text/parser/parser.h"

namespace pto::passes {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

class LoopEscapesTest : public ::testing::Test {
 protected:
  // The names escaping the first statement of the body that is a loop.
  std::vector<std::string> Escaping(std::initializer_list<const char*> body) {
    std::string text =
        "import pypto.language as pl\n\n@pl.program\nclass P:\n    @pl.function\n"
        "    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) "
        "-> pl.Tensor[[64], pl.FP32]:\n";
    for (const char* line : body) absl::StrAppend(&text, "        ", line, "\n");
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, text, "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return {};
    const ir::Stmt* body_stmt = p->functions()[0]->body();
    LoopEscapes escapes = FindLoopEscapes(body_stmt);
    std::vector<std::string> names;
    for (const ir::Stmt* s : body_stmt->As<ir::SeqStmts>()->stmts()) {
      if (s->kind() != ir::NodeKind::kFor && s->kind() != ir::NodeKind::kWhile) continue;
      for (const ir::Var* v : escapes.Of(s)) names.emplace_back(v->name());
      break;
    }
    return names;
  }
  ir::Context ctx_;
};

TEST_F(LoopEscapesTest, ANameReadAfterTheLoopEscapes) {
  EXPECT_THAT(Escaping({"for i in pl.range(4):", "    t = pl.add(x, 1.0)",
                        "    u = pl.add(t, 1.0)", "return t"}),
              ElementsAre("t"));
}

TEST_F(LoopEscapesTest, AReadAfterAReassignmentDoesNotCount) {
  EXPECT_THAT(Escaping({"for i in pl.range(4):", "    t = pl.add(x, 1.0)", "t = x", "return t"}),
              IsEmpty());
}

TEST_F(LoopEscapesTest, ReadsInBranchesAfterTheLoopCount) {
  EXPECT_THAT(Escaping({"for i in pl.range(4):", "    t = pl.add(x, 1.0)", "if n == 0:",
                        "    x = t", "return x"}),
              ElementsAre("t"));
}

TEST_F(LoopEscapesTest, AnOutliningScopeKeepsItsLocals) {
  EXPECT_THAT(Escaping({"for i in pl.range(4):", "    with pl.at(level=pl.Level.CORE_GROUP):",
                        "        for j in pl.range(2):", "            t = pl.add(x, 1.0)",
                        "return x"}),
              IsEmpty());
}

// Whether, in the first loop of the body, jumps precede every assignment of
// the Vars it assigns that are named `names`.
bool JumpsFirst(ir::Context& ctx, std::initializer_list<const char*> body,
                std::initializer_list<const char*> names) {
  std::string text =
      "import pypto.language as pl\n\n@pl.program\nclass P:\n    @pl.function\n"
      "    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) "
      "-> pl.Tensor[[64], pl.FP32]:\n";
  for (const char* line : body) absl::StrAppend(&text, "        ", line, "\n");
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "t.py");
  EXPECT_TRUE(p.ok()) << p.status();
  if (!p.ok()) return false;
  for (const ir::Stmt* s : p->functions()[0]->body()->As<ir::SeqStmts>()->stmts()) {
    const auto* loop = s->As<ir::ForStmt>();
    if (loop == nullptr) continue;
    std::vector<const ir::Var*> vars;
    for (const ir::Var* v : AssignedVars(loop->body())) {
      for (const char* name : names) {
        if (v->name() == name) vars.push_back(v);
      }
    }
    return JumpsPrecedeAssignments(loop->body(), vars);
  }
  return false;
}

TEST_F(LoopEscapesTest, JumpsPrecedeAssignments) {
  EXPECT_TRUE(JumpsFirst(ctx_, {"for i in pl.range(4):", "    if i == 1:", "        continue",
                                "    x = pl.add(x, 1.0)", "return x"},
                         {"x"}));
  EXPECT_FALSE(JumpsFirst(ctx_, {"for i in pl.range(4):", "    x = pl.add(x, 1.0)",
                                 "    if i == 1:", "        break", "return x"},
                          {"x"}));
  // Another name's assignment and an inner loop's own jumps do not count.
  EXPECT_TRUE(JumpsFirst(ctx_, {"for i in pl.range(4):", "    t = pl.add(x, 1.0)",
                                "    if i == 1:", "        break", "    for j in pl.range(2):",
                                "        x = pl.add(t, 1.0)", "        if j == 0:",
                                "            continue", "return x"},
                         {"x"}));
}

}  // namespace
}  // namespace pto::passes
