// The HOST-only pld ops and window buffer names (parser/calls/host_rules.cc): what
// the parser builds for each accepted spelling, and that the canonical print
// leaves out a name the variable gives and parses back to the same program.
// The rejections are rows of parser_call_errors_test.cc.

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/context.h"
#include "ir/expr.h"
#include "ir/function.h"
#include "ir/stmt.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

std::string HostProgram(const std::vector<std::string>& lines) {
  std::string out =
      "import pypto.language as pl\n"
      "import pypto.language.distributed as pld\n"
      "@pl.program\nclass P:\n"
      "    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)\n"
      "    def f(self, n: pl.Scalar[pl.INT64]):\n";
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  absl::StrAppend(&out, "        return 0\n");
  return out;
}

class HostRulesTest : public ::testing::Test {
 protected:
  // The `name` kwarg of each window buffer the body allocates, in order.
  std::vector<std::string> Names(const std::vector<std::string>& lines) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, HostProgram(lines), "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    std::vector<std::string> out;
    if (!p.ok()) return out;
    for (const Stmt* s : p->functions()[0]->body()->As<SeqStmts>()->stmts()) {
      const auto* a = s->As<AssignStmt>();
      const auto* c = a != nullptr ? a->value()->As<Call>() : nullptr;
      if (c == nullptr || c->op() == nullptr ||
          c->op()->name() != "pld.tensor.alloc_window_buffer") {
        continue;
      }
      const AttrValue* name = c->FindKwarg("name");
      out.push_back(name != nullptr ? std::string(name->string_value()) : "<none>");
    }
    return out;
  }
  std::string Printed(const std::vector<std::string>& lines) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, HostProgram(lines), "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return "";
    std::string printed = PrintProgram(*p);
    Context ctx2;
    absl::StatusOr<Program> again = ParseProgram(ctx2, printed, "printed.py");
    EXPECT_TRUE(again.ok()) << again.status() << "\n" << printed;
    if (again.ok()) {
      EXPECT_TRUE(CheckStructuralEqual(*p, *again).ok()) << printed;
      EXPECT_EQ(PrintProgram(*again), printed);
    }
    return printed;
  }
  std::string ErrorOf(const std::vector<std::string>& lines) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, HostProgram(lines), "t.py");
    return p.ok() ? "" : std::string(p.status().message());
  }
  Context ctx_;
};

TEST_F(HostRulesTest, BothSpellingsNameTheBufferAfterTheVariable) {
  EXPECT_THAT(Names({"buf = pld.alloc_window_buffer(64)",
                     "sig: pl.Ptr = pld.tensor.alloc_window_buffer(16)",
                     "w = pld.alloc_window_buffer([4, 2], dtype=pl.INT16)"}),
              ::testing::ElementsAre("buf", "sig", "w"));
}

TEST_F(HostRulesTest, TheCanonicalCallKeepsAWrittenName) {
  EXPECT_THAT(Names({"sig = pld.tensor.alloc_window_buffer(16, name='signals')"}),
              ::testing::ElementsAre("signals"));
}

TEST_F(HostRulesTest, ThePrintLeavesOutTheVariablesName) {
  std::string printed = Printed({"buf = pld.alloc_window_buffer(n * 4)",
                                 "sig = pld.tensor.alloc_window_buffer(16, name='signals')"});
  EXPECT_THAT(printed, HasSubstr("buf: pl.Ptr = pld.tensor.alloc_window_buffer(n * 4)\n"));
  EXPECT_THAT(printed,
              HasSubstr("sig: pl.Ptr = pld.tensor.alloc_window_buffer(16, name='signals')\n"));
}

TEST_F(HostRulesTest, WorldSizeAndBuffersRunInHostCodeOutsideDeviceScopes) {
  std::string printed = Printed({"w = pld.world_size()",
                                 "for i in pl.range(2):",
                                 "    v = pld.system.world_size()",
                                 "buf = pld.alloc_window_buffer([4, w], dtype=pl.FP32)"});
  EXPECT_THAT(printed, HasSubstr("v: pl.Scalar[pl.INT64] = pld.system.world_size()"));
}

TEST_F(HostRulesTest, ABufferIsTheWholeValueOfAnAssignment) {
  EXPECT_THAT(ErrorOf({"b = n + pld.alloc_window_buffer(64)"}),
              HasSubstr("t.py:7:17: error: pld.tensor.alloc_window_buffer must be the whole value "
                        "of an assignment"));
  EXPECT_THAT(ErrorOf({"b = pld.alloc_window_buffer(64, 'x')"}),
              HasSubstr("takes 1 positional argument but 2 were given"));
}

}  // namespace
}  // namespace pto::ir
