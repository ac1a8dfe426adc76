// @pl.inline expansion (parser/calls/inline.cc): each form parses to the program a
// user would get by writing the expansion out by hand, which verifies and
// prints as a fixed point.

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/context.h"
#include "ir/stmt.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

constexpr absl::string_view kHead = "import pypto.language as pl\n";

// A program of one function `main(x, s, t)` after the module-level text
// `module`, with the body `body` (lines already indented by 8).
std::string Source(absl::string_view module, absl::string_view body) {
  return absl::StrCat(kHead, module,
                      "@pl.program\nclass P:\n    @pl.function\n"
                      "    def main(self, x: pl.Tensor[[64], pl.FP32], s: pl.Scalar[pl.FP32], "
                      "t: pl.Tile[[16, 16], pl.FP32]):\n",
                      body);
}

class ParserInlineTest : public ::testing::Test {
 protected:
  // `with_inline` parses to the same program as `expanded`, and its print
  // verifies and reads back to itself.
  void ExpectExpandsTo(absl::string_view with_inline, absl::string_view expanded) {
    absl::StatusOr<Program> a = ParseProgram(ctx_, with_inline, "t.py");
    ASSERT_TRUE(a.ok()) << a.status();
    absl::StatusOr<Program> b = ParseProgram(ctx_, expanded, "t.py");
    ASSERT_TRUE(b.ok()) << b.status();
    absl::Status eq = CheckStructuralEqual(*a, *b);
    EXPECT_TRUE(eq.ok()) << eq;
    RoundTripOptions options;
    options.verify = RoundTripVerify::kReturnError;
    options.structural = true;
    std::string printed = PrintRoundTrip(ctx_, with_inline, options);
    EXPECT_THAT(printed, ::testing::Not(HasSubstr("error")));
  }
  std::string ErrorOf(absl::string_view text, const ParseOptions& options = {}) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py", options);
    return p.ok() ? "" : std::string(p.status().message());
  }
  Context ctx_;
};

constexpr absl::string_view kPair =
    "@pl.inline\n"
    "def pair(v: pl.Tensor[[64], pl.FP32], k: pl.Scalar[pl.FP32]):\n"
    "    a = pl.mul(v, k)\n"
    "    b = pl.add(v, k)\n"
    "    return a, b\n";

TEST_F(ParserInlineTest, TupleReturnIsUnpackedThroughATupleTemporary) {
  // Upstream: the value is the MakeTuple of the returned names, which the
  // caller binds to `_tuple_tmp` and unpacks item by item.
  ExpectExpandsTo(Source(kPair, "        u, w = pair(x, s)\n        return\n"),
                  Source("",
                          "        a = pl.mul(x, s)\n"
                          "        b = pl.add(x, s)\n"
                          "        _tuple_tmp: pl.Tuple[pl.Tensor[[64], pl.FP32], "
                          "pl.Tensor[[64], pl.FP32]] = [a, b]\n"
                          "        u = _tuple_tmp[0]\n"
                          "        w = _tuple_tmp[1]\n"
                          "        return\n"));
  // `return a,` is a one-element tuple, as in Python.
  ExpectExpandsTo(Source("@pl.inline\ndef one(v: pl.Tensor[[64], pl.FP32]):\n    return v,\n",
                          "        (u,) = one(x)\n        return\n"),
                  Source("",
                          "        _tuple_tmp: pl.Tuple[pl.Tensor[[64], pl.FP32]] = [x]\n"
                          "        u = _tuple_tmp[0]\n"
                          "        return\n"));
}

TEST_F(ParserInlineTest, ExpressionArgumentsAreSubstituted) {
  // The parameter names the argument's value: no assignment is made for it.
  ExpectExpandsTo(Source(kPair, "        u, w = pair(x, s * 2.0)\n        return\n"),
                  Source("",
                          "        a = pl.mul(x, s * 2.0)\n"
                          "        b = pl.add(x, s * 2.0)\n"
                          "        _tuple_tmp: pl.Tuple[pl.Tensor[[64], pl.FP32], "
                          "pl.Tensor[[64], pl.FP32]] = [a, b]\n"
                          "        u = _tuple_tmp[0]\n"
                          "        w = _tuple_tmp[1]\n"
                          "        return\n"));
  constexpr absl::string_view kTwice =
      "@pl.inline\n"
      "def twice(q: pl.Tile[[16, 16], pl.FP32]):\n"
      "    r = pl.tile.add(q, q)\n"
      "    return r\n";
  ExpectExpandsTo(Source(kTwice, "        d = twice(pl.tile.muls(t, 2.0))\n        return\n"),
                  Source("",
                          "        r = pl.tile.add(pl.tile.muls(t, 2.0), pl.tile.muls(t, 2.0))\n"
                          "        d = r\n"
                          "        return\n"));
}

TEST_F(ParserInlineTest, SubstitutedArgumentsCountTowardsTheDepthLimit) {
  constexpr absl::string_view kInc =
      "@pl.inline\ndef inc(v: pl.Scalar[pl.FP32]):\n    return v + 1.0\n";
  ParseOptions options;
  options.max_depth = 4;
  // s + 1.0 + 1.0 + 1.0 is 4 deep; inc adds a fifth level.
  EXPECT_THAT(ErrorOf(Source(kInc, "        y = inc(s + 1.0 + 1.0 + 1.0)\n        return\n"),
                      options),
              HasSubstr("nested too deeply"));
  EXPECT_EQ(ErrorOf(Source(kInc, "        y = inc(s + 1.0 + 1.0)\n        return\n"), options),
            "");
}

TEST_F(ParserInlineTest, CallAsAStatementEvaluatesTheValue) {
  // Upstream keeps the returned value as an EvalStmt.
  ExpectExpandsTo(Source("@pl.inline\ndef twice(q: pl.Tile[[16, 16], pl.FP32]):\n"
                          "    r = pl.tile.add(q, q)\n    return r\n",
                          "        twice(t)\n        return\n"),
                  Source("", "        r = pl.tile.add(t, t)\n        r\n        return\n"));
}

TEST_F(ParserInlineTest, DocstringAndBodyCommentsAreNotKept) {
  std::string text = Source(
      "@pl.inline\ndef twice(q: pl.Tile[[16, 16], pl.FP32]):\n"
      "    \"\"\"Doubles q.\"\"\"\n"
      "    # body comment\n"
      "    r = pl.tile.add(q, q)\n"
      "    'a later bare string'\n"
      "    return r\n",
      "        # caller comment\n        d = twice(t)\n        return\n");
  RoundTripOptions options;
  options.verify = RoundTripVerify::kReturnError;
  std::string printed = PrintRoundTrip(ctx_, text, options);
  EXPECT_THAT(printed, HasSubstr("        r: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                                 "pl.tile.add(t, t)\n        # caller comment\n        d: "));
  EXPECT_THAT(printed, ::testing::Not(HasSubstr("Doubles")));
  EXPECT_THAT(printed, ::testing::Not(HasSubstr("body comment")));
  EXPECT_THAT(printed, ::testing::Not(HasSubstr("bare string")));
}

TEST_F(ParserInlineTest, ParametersLeakIntoTheCaller) {
  // Upstream leaks the inline scope, parameters included: after the call,
  // `q` names the argument's value.
  ExpectExpandsTo(Source("@pl.inline\ndef ident(q: pl.Scalar[pl.FP32]):\n    return q\n",
                          "        y = ident(s + 1.0)\n        z = q * 2.0\n        return\n"),
                  Source("", "        y = s + 1.0\n        z = (s + 1.0) * 2.0\n        return\n"));
}

TEST_F(ParserInlineTest, ClassBodyInlineIsAcceptedWhenUncalled) {
  // Upstream's program ignores it; only a call is an error (parser_errors_test).
  EXPECT_EQ(ErrorOf(absl::StrCat(kHead,
                                 "@pl.program\nclass P:\n"
                                 "    @pl.inline\n"
                                 "    def g(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                                 "        return x\n"
                                 "    @pl.function\n"
                                 "    def f(self, n: pl.Scalar[pl.INDEX]):\n"
                                 "        return\n")),
            "");
}

}  // namespace
}  // namespace pto::ir
