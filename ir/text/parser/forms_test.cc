// Python forms the hand-written DSL reads with upstream's meaning: `elif`
// (an else holding one if), `(a, b), tid = pl.submit(...)` of a kernel with
// several results, and `pl.dynamic("N")` written inside a type.

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

// The printed program, checked to verify and to be a fixed point that is
// structurally equal to the input; or the first error.
std::string Print(absl::string_view text) {
  Context ctx;
  RoundTripOptions options;
  options.verify = RoundTripVerify::kReturnError;
  options.structural = true;
  return PrintRoundTrip(ctx, text, options);
}

std::string Kernel(absl::string_view sig, absl::string_view body) {
  return absl::StrCat("import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
                      "    def f(self",
                      sig, "):\n", body);
}

TEST(ParserFormsTest, ElifIsAnElseHoldingOneIf) {
  std::string elif = Print(Kernel(", n: pl.Scalar[pl.INDEX]",
                                  "        if n == 1:\n"
                                  "            a = n + 1\n"
                                  "        elif n == 2:\n"
                                  "            b = n + 2\n"
                                  "        elif n == 3:\n"
                                  "            c = n + 3\n"
                                  "        else:\n"
                                  "            d = n + 4\n"
                                  "        return\n"));
  std::string nested = Print(Kernel(", n: pl.Scalar[pl.INDEX]",
                                    "        if n == 1:\n"
                                    "            a = n + 1\n"
                                    "        else:\n"
                                    "            if n == 2:\n"
                                    "                b = n + 2\n"
                                    "            else:\n"
                                    "                if n == 3:\n"
                                    "                    c = n + 3\n"
                                    "                else:\n"
                                    "                    d = n + 4\n"
                                    "        return\n"));
  EXPECT_EQ(elif, nested);
  EXPECT_THAT(elif, HasSubstr("else:\n            if n == 2:\n"));
}

TEST(ParserFormsTest, ElifWithoutElseAndItsErrors) {
  EXPECT_THAT(Print(Kernel(", n: pl.Scalar[pl.INDEX]",
                           "        if n == 1:\n            a = n\n        elif n == 2:\n"
                           "            b = n\n        return\n")),
              HasSubstr("else:\n            if n == 2:\n                b: "));
  EXPECT_THAT(Print(Kernel(", n: pl.Scalar[pl.INDEX]",
                           "        if n == 1:\n            a = pl.yield_(n)\n"
                           "        elif n == 2:\n            a = pl.yield_(n)\n"
                           "        else:\n            a = pl.yield_(n)\n        return\n")),
              HasSubstr("t.py:7:17: error: an if that yields values cannot continue with elif"));
  EXPECT_THAT(Print(Kernel(", n: pl.Scalar[pl.INDEX]",
                           "        if n == 1:\n            a = n\n        elif n:\n")),
              HasSubstr("t.py:9:1: error: expected an indented block"));
}

constexpr absl::string_view kTwoResults =
    "import pypto.language as pl\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function(type=pl.FunctionType.InCore)\n"
    "    def k(self, x: pl.Tensor[[16], pl.FP32], a: pl.Out[pl.Tensor[[16], pl.FP32]], "
    "b: pl.Out[pl.Tensor[[16], pl.FP32]]) -> tuple[pl.Tensor[[16], pl.FP32], "
    "pl.Tensor[[16], pl.FP32]]:\n"
    "        return (a, b)\n"
    "    @pl.function(type=pl.FunctionType.Orchestration)\n"
    "    def f(self, x: pl.Tensor[[16], pl.FP32], a: pl.Out[pl.Tensor[[16], pl.FP32]], "
    "b: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:\n";

TEST(ParserFormsTest, GroupedSubmitResults) {
  std::string out = Print(absl::StrCat(kTwoResults,
                                       "        (ra, rb), tid = pl.submit(self.k, x, a, b)\n"
                                       "        return rb\n"));
  EXPECT_THAT(out, HasSubstr("= pl.submit(self.k, x, a, b)\n"));
  EXPECT_THAT(out, HasSubstr("ra: pl.Tensor[[16], pl.FP32] = _submit_tmp[0]\n"));
  EXPECT_THAT(out, HasSubstr("rb: pl.Tensor[[16], pl.FP32] = _submit_tmp[1]\n"));
  EXPECT_THAT(out, HasSubstr("tid: pl.Scalar[pl.TASK_ID] = _submit_tmp[2]\n"));
  EXPECT_THAT(Print(absl::StrCat(kTwoResults,
                                 "        r, tid = pl.submit(self.k, x, a, b)\n        return a\n")),
              HasSubstr("this one has 2 result(s) and 2 names"));
  EXPECT_THAT(Print(absl::StrCat(kTwoResults, "        (ra, rb, rc), tid = pl.submit(self.k, x, "
                                              "a, b)\n        return a\n")),
              HasSubstr("this one has 2 result(s) and 4 names"));
  EXPECT_THAT(Print(absl::StrCat(kTwoResults,
                                 "        (p, q), r = (x, a, b)\n        return a\n")),
              HasSubstr("a parenthesized group of names is only unpacked from pl.submit"));
}

TEST(ParserFormsTest, DynamicInsideAType) {
  std::string out = Print(Kernel(", x: pl.Tensor[[pl.dynamic(\"NR\"), 8], pl.FP32], "
                                 "y: pl.Tensor[[pl.dynamic(\"NR\"), 4], pl.FP32]",
                                 "        return\n"));
  EXPECT_THAT(out, HasSubstr("NR = pl.dynamic(\"NR\")"));
  EXPECT_THAT(out, HasSubstr("x: pl.Tensor[[NR, 8], pl.FP32], y: pl.Tensor[[NR, 4], pl.FP32]"));
  EXPECT_THAT(Print(Kernel("", "        n = pl.dynamic(\"N\")\n        return\n")),
              HasSubstr("pl.dynamic declarations belong at module level or in a type"));
  EXPECT_THAT(Print(Kernel(", x: pl.Tensor[[pl.dynamic(\"1N\")], pl.FP32]", "        return\n")),
              HasSubstr("pl.dynamic takes an identifier"));
}

constexpr absl::string_view kModuleFns =
    "import pypto.language as pl\n"
    "@pl.function\n"
    "def double(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n"
    "    return pl.add(x, x)\n"
    "@pl.function\n"
    "def unused(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n"
    "    return x\n"
    "@pl.inline\n"
    "def inl(x):\n"
    "    return x\n"
    "def helper(x):\n"
    "    return x\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function\n"
    "    def main(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n";

TEST(ParserFormsTest, ModuleLevelFunctionsCalledByBareName) {
  std::string out = Print(absl::StrCat(kModuleFns,
                                       "        b = later(double(a))\n"
                                       "        return b\n"
                                       "@pl.function\n"
                                       "def later(x: pl.Tensor[[16], pl.FP32]) -> "
                                       "pl.Tensor[[16], pl.FP32]:\n"
                                       "    return pl.mul(x, x)\n"));
  // Called ones join the program (as methods, the printed form); `unused`
  // does not.
  EXPECT_THAT(out, HasSubstr("    def double(self, x: pl.Tensor[[16], pl.FP32])"));
  EXPECT_THAT(out, HasSubstr("    def later(self, x: pl.Tensor[[16], pl.FP32])"));
  EXPECT_THAT(out, HasSubstr("b: pl.Tensor[[16], pl.FP32] = self.later(self.double(a))"));
  EXPECT_THAT(out, ::testing::Not(HasSubstr("unused")));
}

TEST(ParserFormsTest, ModuleLevelFunctionErrors) {
  EXPECT_THAT(Print(absl::StrCat(kModuleFns, "        return inl(a)\n")),
              HasSubstr("        return a"));  // inline call expanded (parser/calls/inline.cc)
  EXPECT_THAT(Print(absl::StrCat(kModuleFns, "        return helper(a)\n")),
              HasSubstr("t.py:17:16: error: 'helper' is defined at module level without "
                        "@pl.function"));
  EXPECT_THAT(Print(absl::StrCat(kModuleFns, "        return nowhere(a)\n")),
              HasSubstr("t.py:17:16: error: unknown function 'nowhere'"));
  EXPECT_THAT(Print(absl::StrCat(kModuleFns, "        return double(a)\n"
                                             "    @pl.function\n"
                                             "    def double(self, x: pl.Tensor[[16], pl.FP32]) -> "
                                             "pl.Tensor[[16], pl.FP32]:\n"
                                             "        return x\n")),
              HasSubstr("function 'double' is already defined at"));
}

// `alias = f` of a module function calls f; assigned anything else later,
// the name is no function any more (Python's rebinding).
TEST(ParserFormsTest, ModuleFunctionAliases) {
  auto program = [](absl::string_view rebind) {
    return absl::StrCat(
        "import pypto.language as pl\n"
        "@pl.function\n"
        "def double(x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n"
        "    return pl.add(x, x)\n"
        "twice = double\n",
        rebind,
        "@pl.program\n"
        "class P:\n"
        "    @pl.function\n"
        "    def main(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n"
        "        return twice(a)\n");
  };
  EXPECT_THAT(Print(program("again = twice\n")), HasSubstr("return self.double(a)"));
  EXPECT_THAT(Print(program("twice = 3\n")), HasSubstr("error: unknown function 'twice'"));
}

// A forward call reads its callee's signature at the program's method, not
// at an earlier `def` of the name: a module-level Python helper, or one
// nested in a host body.
TEST(ParserFormsTest, ForwardCallReadsTheMethodsSignature) {
  const std::string out = Print(
      "import pypto.language as pl\n"
      "def kernel(a, b, c):\n"
      "    return a\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n"
      "    def host(n: pl.Scalar[pl.INDEX]):\n"
      "        def kernel(q):\n"
      "            return q\n"
      "        kernel(n)\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def orch(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n"
      "        y = self.kernel(x)\n"
      "        return y\n"
      "    @pl.function(type=pl.FunctionType.AIV)\n"
      "    def kernel(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n"
      "        return x\n");
  EXPECT_THAT(out, HasSubstr("y: pl.Tensor[[16], pl.FP32] = self.kernel(x)"));
}

}  // namespace
}  // namespace pto::ir
