// The hand-written forms of the DSL beyond the printed form: module-level
// constants, literal folding, docstrings (docs/dsl.md).

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser.h"
#include "ir/text/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class ParserSyntaxTest : public ::testing::Test {
 protected:
  // The printed program, or the error.
  std::string Print(absl::string_view text) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py");
    if (!p.ok()) return std::string(p.status().message());
    std::string out = PrintProgram(*p);
    // Printing is a fixed point.
    Context ctx2;
    absl::StatusOr<Program> q = ParseProgram(ctx2, out, "t2.py");
    EXPECT_TRUE(q.ok()) << q.status();
    if (q.ok()) {
      EXPECT_EQ(PrintProgram(*q), out);
    }
    return out;
  }
  Context ctx_;
};

constexpr absl::string_view kHead = "import pypto.language as pl\n";

std::string Program(absl::string_view module, absl::string_view sig, absl::string_view body) {
  return absl::StrCat(kHead, module, "@pl.program\nclass P:\n    @pl.function\n    def f(self", sig,
                      "):\n", body);
}

TEST_F(ParserSyntaxTest, ModuleConstantsFoldIntoShapesDtypesAndValues) {
  std::string out = Print(Program(
      "M, N = 64, 32\nK = M * 2 + 1\nA = B = 8\ndtype = pl.FP16\nSHAPE = [M, N]\n"
      "HALF = M // 3\nR = -7 % 3\nF = M / 2\nbig = max(M, N, 100)\n",
      ", a: pl.Tensor[SHAPE, dtype], b: pl.Tensor[[K, A * B], pl.FP32]",
      "        x = HALF + R + big\n        y = F\n        return a\n"));
  EXPECT_THAT(out, HasSubstr("a: pl.Tensor[[64, 32], pl.FP16], b: pl.Tensor[[129, 64], pl.FP32]"));
  // 21 + 2 + 100, folded as Python does (floor division, floor modulo).
  EXPECT_THAT(out, HasSubstr("x: pl.Scalar[pl.INDEX] = 123\n"));
  EXPECT_THAT(out, HasSubstr("y: pl.Scalar[pl.FP32] = 32.0\n"));
}

TEST_F(ParserSyntaxTest, ConstantsAsKwargs) {
  std::string out = Print(Program(
      "dtype = pl.BF16\nlayout = pl.TensorLayout.DN\n", "",
      "        t = pl.tensor.create([16, 16], dtype=dtype, layout=layout)\n        return\n"));
  EXPECT_THAT(out, HasSubstr("pl.tensor.create([16, 16], dtype=pl.BF16, layout=pl.TensorLayout.DN)"));
}

TEST_F(ParserSyntaxTest, LiteralArithmeticFoldsButTypedConstantsDoNot) {
  std::string out = Print(Program(
      "", ", n: pl.Scalar[pl.INDEX]",
      "        a = 2 * 64 - 1\n        b = n * (3 + 1)\n"
      "        c = pl.const(3, pl.INDEX) + pl.const(4, pl.INDEX)\n        d = 1 < 2\n        return\n"));
  EXPECT_THAT(out, HasSubstr("a: pl.Scalar[pl.INDEX] = 127\n"));
  EXPECT_THAT(out, HasSubstr("b: pl.Scalar[pl.INDEX] = n * 4\n"));
  EXPECT_THAT(out, HasSubstr("pl.const(3, pl.INDEX) + pl.const(4, pl.INDEX)"));
  EXPECT_THAT(out, HasSubstr("d: pl.Scalar[pl.BOOL] = True\n"));
}

TEST_F(ParserSyntaxTest, LocalsShadowConstants) {
  std::string out = Print(Program("n = 5\n", ", n: pl.Scalar[pl.INDEX]",
                                  "        a = n + 1\n        return\n"));
  EXPECT_THAT(out, HasSubstr("a: pl.Scalar[pl.INDEX] = n + 1\n"));
}

TEST_F(ParserSyntaxTest, UnevaluableModuleCodeIsHarmlessUntilUsed) {
  std::string module =
      "import math\nfrom pypto import language as pl\nobj = some.thing(1, [2])\n"
      "OPS = [\n    'a',\n    'b',\n]\n"
      "def helper(x):\n    return x + 1\n\nif __name__ == '__main__':\n    main()\n";
  EXPECT_THAT(Print(Program(module, "", "        return\n")), HasSubstr("def f(self):"));
  EXPECT_THAT(Print(Program(module, "", "        a = obj\n        return\n")),
              HasSubstr("t.py:18:13: error: 'obj' is assigned at module level (4:1) a value the "
                        "parser cannot evaluate"));
  EXPECT_THAT(Print(Program("dtype = pl.FP32\n", "", "        a = dtype\n        return\n")),
              HasSubstr("'dtype' is the dtype pl.FP32, not a value"));
}

TEST_F(ParserSyntaxTest, DocstringsLeadTheNextStatement) {
  std::string out = Print(absl::StrCat(
      kHead, "\"\"\"Module doc.\"\"\"\n@pl.program\nclass P:\n    '''Class doc.'''\n",
      "    @pl.function\n    def f(self):\n        \"\"\"First line.\n\n        Second.  \n",
      "        \"\"\"\n        a = 1\n        'bare'\n        return\n"));
  EXPECT_THAT(out, HasSubstr("        # First line.\n        # \n        #         Second.\n"
                             "        # \n        a: pl.Scalar[pl.INDEX] = 1\n"
                             "        # bare\n        return"));
  EXPECT_THAT(out, Not(HasSubstr("doc")));
}

}  // namespace
}  // namespace pto::ir
