// The fixture the normalizing passes' unit tests share: a one-function
// program around a few body lines (or a whole program from its functions),
// the pass under test run on it, and the checks every rewrite must pass
// (the output verifies, equals the expected program structurally, and a
// second run returns it as the same object).
//
//   class MyPassTest : public NormalizePassTest {
//    protected:
//     MyPassTest() : NormalizePassTest(CreateMyPass()) {}
//   };
//   TEST_F(MyPassTest, X) { ExpectRewrites({"a = ..."}, {"a1 = ..."}); }

#ifndef PTO_PASSES_NORMALIZE_PASS_TEST_FIXTURE_H_
#define PTO_PASSES_NORMALIZE_PASS_TEST_FIXTURE_H_

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/pass.h"

namespace pto::passes {

class NormalizePassTest : public ::testing::Test {
 protected:
  explicit NormalizePassTest(std::unique_ptr<Pass> pass) : pass_(std::move(pass)) {}

  // `main(x, n, o)`: a tensor, an INDEX scalar and an Out tensor; the body
  // starts on line 7, column 9. `strict` parses it under strict_ssa.
  ir::Program Parse(std::initializer_list<const char*> body, bool strict = false) {
    std::string text = absl::StrCat(
        "import pypto.language as pl\n\n@pl.program\nclass P:\n    @pl.function",
        strict ? "(strict_ssa=True)" : "",
        "\n    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX], "
        "o: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:\n");
    for (const char* line : body) absl::StrAppend(&text, "        ", line, "\n");
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, text, "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    return p.ok() ? *p : ctx_.NewProgram("P", {});
  }

  // A program from the text of its functions (the module header is added:
  // pl and pld imported, then `prelude`, module-level lines such as
  // `M = pl.dynamic("M")`), for passes that work across functions. The class
  // line is line 4 plus the prelude's lines.
  ir::Program ParseFunctions(absl::string_view functions, absl::string_view prelude = "") {
    absl::StatusOr<ir::Program> p = ir::ParseProgram(
        ctx_,
        absl::StrCat("import pypto.language as pl\nimport pypto.language.distributed as pld\n",
                     prelude, "@pl.program\nclass P:\n", functions),
        "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    return p.ok() ? *p : ctx_.NewProgram("P", {});
  }

  absl::StatusOr<ir::Program> Run(const ir::Program& p) {
    PassContext pctx(backend_);
    return pass_->Run(p, pctx);
  }

  // Checks that the pass rewrites `before` into a program that verifies,
  // equals `expected` (parsed under strict_ssa) and is a fixed point of the
  // pass.
  void ExpectRewrites(std::initializer_list<const char*> before,
                      std::initializer_list<const char*> expected) {
    CheckedRewrite(before, expected).status().IgnoreError();
  }
  // The same, returning the pass's output for further checks.
  absl::StatusOr<ir::Program> CheckedRewrite(std::initializer_list<const char*> before,
                                             std::initializer_list<const char*> expected) {
    return CheckRewrite(Parse(before), Parse(expected, /*strict=*/true));
  }
  // The same for whole programs (ParseFunctions), `expected` not strict.
  absl::StatusOr<ir::Program> CheckedProgramRewrite(absl::string_view before,
                                                    absl::string_view expected,
                                                    absl::string_view prelude = "") {
    return CheckRewrite(ParseFunctions(before, prelude), ParseFunctions(expected, prelude));
  }

  // The pass's error message on `before` ("" if it succeeded).
  std::string ErrorOf(std::initializer_list<const char*> before) {
    return ErrorIn(Parse(before));
  }
  std::string ErrorOfProgram(absl::string_view functions, absl::string_view prelude = "") {
    return ErrorIn(ParseFunctions(functions, prelude));
  }

  ir::Context ctx_;
  // The target the pass sees (none by default).
  const backends::Backend* backend_ = nullptr;

 private:
  absl::StatusOr<ir::Program> CheckRewrite(const ir::Program& before,
                                           const ir::Program& expected) {
    absl::StatusOr<ir::Program> out = Run(before);
    EXPECT_TRUE(out.ok()) << out.status();
    if (!out.ok()) return out;
    absl::Status verified = ir::VerifyProgram(*out);
    EXPECT_TRUE(verified.ok()) << verified;
    absl::Status eq = ir::CheckStructuralEqual(*out, expected);
    EXPECT_TRUE(eq.ok()) << eq << "\n" << ir::PrintProgram(*out);
    absl::StatusOr<ir::Program> again = Run(*out);
    EXPECT_TRUE(again.ok() && again->SameAs(*out)) << "a second run changed the program";
    return out;
  }
  std::string ErrorIn(const ir::Program& before) {
    absl::StatusOr<ir::Program> out = Run(before);
    return out.ok() ? "" : std::string(out.status().message());
  }

  std::unique_ptr<Pass> pass_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_PASS_TEST_FIXTURE_H_
