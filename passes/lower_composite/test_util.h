// Test helpers for LowerCompositeOps: programs as DSL text, the pass run
// under its contract, and structural comparison with an expected program.
//
//   TEST(SinTest, Lowers) {
//     ir::Context ctx;
//     ExpectLowersTo(ctx, kSinInput, kSinExpected, "a5");   // parse, lower, compare
//   }
//
// Every lowering goes through LowerAndCheck, which asserts the pass-wide
// properties on the output: it verifies, a second run returns the same
// object (idempotency), and print -> parse gives a structurally equal
// program (round trip).

#ifndef PTO_PASSES_LOWER_COMPOSITE_TEST_UTIL_H_
#define PTO_PASSES_LOWER_COMPOSITE_TEST_UTIL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "backends/registry.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/visitor.h"
#include "passes/lower_composite/lower_composite_ops.h"

namespace pto::passes::lower_composite::testing {

// A program named P holding `functions` (DSL text indented by four spaces).
inline std::string Prog(absl::string_view functions) {
  return absl::StrCat("# pypto.program: P\nimport pypto.language as pl\n\n@pl.program\nclass P:\n",
                      functions);
}

// The parsed program; a parse error fails the test (and gives an empty one).
inline ir::Program Parse(ir::Context& ctx, absl::string_view text) {
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "test.py");
  EXPECT_TRUE(p.ok()) << p.status().message() << "\nin:\n" << text;
  if (!p.ok()) return ctx.NewProgram("P", {});
  return *p;
}

// One run of the pass on `backend` ("a5", "a2a3" or "none").
inline absl::StatusOr<ir::Program> Lower(const ir::Program& p, absl::string_view backend) {
  absl::StatusOr<const backends::Backend*> b = backends::FindBackend(backend);
  if (!b.ok()) return b.status();
  PassContext pc(*b);
  return CreateLowerCompositeOpsPass()->Run(p, pc);
}

// Lowers `p` and checks the output verifies, is a fixed point of the pass
// and round-trips through the text form.
inline ir::Program LowerAndCheck(const ir::Program& p, absl::string_view backend) {
  absl::StatusOr<ir::Program> out = Lower(p, backend);
  EXPECT_TRUE(out.ok()) << out.status().message();
  if (!out.ok()) return p;
  absl::Status verified = ir::VerifyProgram(*out);
  EXPECT_TRUE(verified.ok()) << verified.message() << "\n" << ir::PrintProgram(*out);
  absl::StatusOr<ir::Program> twice = Lower(*out, backend);
  EXPECT_TRUE(twice.ok() && twice->SameAs(*out)) << "the pass is not idempotent";
  std::string text = ir::PrintProgram(*out);
  absl::StatusOr<ir::Program> reparsed = ir::ParseProgram(out->context(), text, "printed.py");
  EXPECT_TRUE(reparsed.ok()) << reparsed.status().message() << "\n" << text;
  if (reparsed.ok()) {
    absl::Status same = ir::CheckStructuralEqual(*out, *reparsed);
    EXPECT_TRUE(same.ok()) << "round trip: " << same.message() << "\n" << text;
  }
  return *out;
}

// Lowers `input` on `backend` and compares the result with `expected`
// structurally (names aside). The programs live in `ctx`.
inline ir::Program ExpectLowersTo(ir::Context& ctx, absl::string_view input,
                                  absl::string_view expected, absl::string_view backend) {
  ir::Program in = Parse(ctx, input);
  ir::Program out = LowerAndCheck(in, backend);
  ir::Program want = Parse(ctx, expected);
  absl::Status same = ir::CheckStructuralEqual(out, want);
  EXPECT_TRUE(same.ok()) << same.message() << "\ngot:\n" << ir::PrintProgram(out);
  return out;
}

// `p` printed without annotations is exactly `expected`: the structural
// comparison ignores names, this pins the temporaries' names too.
inline void ExpectPrinted(const ir::Program& p, absl::string_view expected) {
  ir::PrintOptions concise;
  concise.concise = true;
  EXPECT_EQ(ir::PrintProgram(p, concise), expected);
}

// The error message of lowering `input` on `backend`; success fails the test.
inline std::string LowerError(absl::string_view input, absl::string_view backend) {
  ir::Context ctx;
  ir::Program in = Parse(ctx, input);
  absl::StatusOr<ir::Program> out = Lower(in, backend);
  EXPECT_FALSE(out.ok()) << ir::PrintProgram(*out);
  return out.ok() ? "" : std::string(out.status().message());
}

// Names of the Vars AssignStmts define, in program order.
inline std::vector<std::string> AssignedNames(const ir::Program& p) {
  struct Collector : ir::IRVisitor {
    std::vector<std::string> names;
    void VisitAssign(const ir::AssignStmt* s) override {
      names.emplace_back(s->var()->name());
      IRVisitor::VisitAssign(s);
    }
  } c;
  c.VisitProgram(p);
  return c.names;
}

// Names of the ops called, in program order.
inline std::vector<std::string> CalledOps(const ir::Program& p) {
  struct Collector : ir::IRVisitor {
    std::vector<std::string> ops;
    void VisitCall(const ir::Call* c) override {
      if (c->op() != nullptr) ops.emplace_back(c->op()->name());
      IRVisitor::VisitCall(c);
    }
  } c;
  c.VisitProgram(p);
  return c.ops;
}

}  // namespace pto::passes::lower_composite::testing

#endif  // PTO_PASSES_LOWER_COMPOSITE_TEST_UTIL_H_
