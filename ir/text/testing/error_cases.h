// Table-driven rejection tests for the text form: each row is a program and
// the first line of the error the user must see (`t.py:L:C: error: ...`).
// The builders place a few lines of body text in a known function, so a
// row's expected line and column follow from its position in the list.
//
//   std::vector<ErrorCase> Cases() {
//     return {{"semicolon", Body({"x = 1; y = 2"}), "t.py:6:14: error: ..."}};
//   }
//   class MyErrorsTest : public ::testing::TestWithParam<ErrorCase> {};
//   TEST_P(MyErrorsTest, RejectsWithALocatedMessage) { ExpectLocatedError(GetParam()); }
//   INSTANTIATE_TEST_SUITE_P(Cases, MyErrorsTest, ::testing::ValuesIn(Cases()), CaseName);

#ifndef PTO_IR_TEXT_TESTING_ERROR_CASES_H_
#define PTO_IR_TEXT_TESTING_ERROR_CASES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"

namespace pto::ir {

struct ErrorCase {
  const char* name;
  std::string text;
  // The first line of the message: file:line:col: error: ...
  const char* error;
};

// A method whose body starts on line 6, column 9, with a tensor `a`, a tile
// `t`, an INDEX scalar `n` and an FP32 scalar `s` in scope.
inline std::string Body(const std::vector<std::string>& lines) {
  std::string out =
      "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
      "    def f(self, a: pl.Tensor[[16, 16], pl.FP32], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
      "n: pl.Scalar[pl.INDEX], s: pl.Scalar[pl.FP32]):\n";
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

// An orchestration function `main(x, n)` whose body starts on line 9, column
// 9, beside an InCore kernel `k(x)` to call and submit.
inline std::string Orch(const std::vector<std::string>& lines) {
  std::string out =
      "import pypto.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        return x\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]):\n";
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

// A HOST orchestrator `f(n)` whose body starts on line 6, column 9, with an
// INDEX scalar `n` in scope (pld.world_size, window buffers).
inline std::string Host(const std::vector<std::string>& lines) {
  std::string out =
      "import pypto.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)\n"
      "    def f(self, n: pl.Scalar[pl.INDEX]):\n";
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

inline std::string FirstLine(absl::string_view s) {
  return std::string(s.substr(0, s.find('\n')));
}

// The row's program must fail to parse with exactly its message's first line.
inline void ExpectLocatedError(const ErrorCase& c) {
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(ctx, c.text, "t.py");
  ASSERT_FALSE(p.ok()) << c.text;
  EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(FirstLine(p.status().message()), c.error) << c.text;
}

inline std::string CaseName(const ::testing::TestParamInfo<ErrorCase>& info) {
  return info.param.name;
}

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_TESTING_ERROR_CASES_H_
