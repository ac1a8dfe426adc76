// The fixture the parser's unit tests share (parser/parser_test.cc,
// parser/diagnostics_test.cc, parser/robustness_test.cc): a one-function
// program prefix, Wrap() to put body lines under it, and ParserTest with
// Parse/ErrorOf/BodyOf over one Context.
//
//   TEST_F(ParserTest, X) { EXPECT_THAT(ErrorOf(Wrap({"b = c"})), HasSubstr("undefined")); }

#ifndef PTO_IR_TEXT_TESTING_PARSER_TEST_FIXTURE_H_
#define PTO_IR_TEXT_TESTING_PARSER_TEST_FIXTURE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"

namespace pto::ir {

// A one-function program; the body starts on line 6, column 9.
constexpr absl::string_view kPrefix =
    "import pypto.language as pl\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function\n"
    "    def f(self, a: pl.Scalar[pl.INDEX], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
    "x: pl.Tensor[[16, 16], pl.FP32], p: pl.Tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.FP32]]):\n";

inline std::string Wrap(std::vector<std::string> lines) {
  std::string out(kPrefix);
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

class ParserTest : public ::testing::Test {
 protected:
  absl::StatusOr<Program> Parse(absl::string_view text) { return ParseProgram(ctx_, text, "t.py"); }
  // The error message of parsing `text` (empty if it parsed).
  std::string ErrorOf(absl::string_view text, const ParseOptions& options = {}) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py", options);
    if (p.ok()) return "";
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(p.status().message());
  }
  // The statements of the only function of `text`.
  Stmts BodyOf(absl::string_view text) {
    absl::StatusOr<Program> p = Parse(text);
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return {};
    return p->functions()[0]->body()->As<SeqStmts>()->stmts();
  }
  const Expr* ValueOf(const Stmt* s) { return s->As<AssignStmt>()->value(); }
  Context ctx_;
};

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_TESTING_PARSER_TEST_FIXTURE_H_
