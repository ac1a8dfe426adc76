// The parser on hostile input: nesting depth caps, truncated and randomly
// mutated programs (a located error, never a crash), and linear time on large
// inputs.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/parser_test_fixture.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// --- Depth caps --------------------------------------------------------------------------

TEST_F(ParserTest, DeepParenthesesAreCapped) {
  std::string expr = std::string(300, '(') + "a" + std::string(300, ')');
  EXPECT_THAT(ErrorOf(Wrap({"b = " + expr})),
              HasSubstr("error: nesting is too deep (the limit is 256 levels)"));
}

TEST_F(ParserTest, LongLeftAssociativeChainsAreCapped) {
  std::vector<std::string> terms(300, "a");
  EXPECT_THAT(ErrorOf(Wrap({"b = " + absl::StrJoin(terms, " + ")})),
              HasSubstr("error: expression is nested too deeply (the limit is 256 levels)"));
  // 200 terms are fine.
  terms.resize(200);
  EXPECT_EQ(ErrorOf(Wrap({"b = " + absl::StrJoin(terms, " + ")})), "");
}

TEST_F(ParserTest, DeepUnaryAndPowerChainsAreCapped) {
  EXPECT_THAT(ErrorOf(Wrap({"b = " + std::string(300, '-') + "a"})),
              HasSubstr("nesting is too deep"));
  EXPECT_THAT(ErrorOf(Wrap({"b = " + std::string(300, '~') + "a"})),
              HasSubstr("nesting is too deep"));
  std::vector<std::string> powers(300, "a");
  EXPECT_THAT(ErrorOf(Wrap({"b = " + absl::StrJoin(powers, " ** ")})),
              HasSubstr("nesting is too deep"));
  std::vector<std::string> nots(300, "not");
  EXPECT_THAT(ErrorOf(Wrap({"b = " + absl::StrJoin(nots, " ") + " a"})),
              HasSubstr("nesting is too deep"));
}

TEST_F(ParserTest, DeepBlocksAndTypesAreCapped) {
  std::vector<std::string> lines;
  for (int i = 0; i < 300; ++i) lines.push_back(std::string(4 * i, ' ') + "if a == 0:");
  lines.push_back(std::string(4 * 300, ' ') + "pass");
  EXPECT_THAT(ErrorOf(Wrap(lines)), HasSubstr("nesting is too deep"));
  std::string type;
  for (int i = 0; i < 300; ++i) type += "pl.Tuple[";
  type += "pl.Scalar[pl.INDEX]" + std::string(300, ']');
  EXPECT_THAT(ErrorOf(Wrap({"b: " + type + " = a"})), HasSubstr("nesting is too deep"));
  std::string list = std::string(300, '[') + "a" + std::string(300, ']');
  EXPECT_THAT(ErrorOf(Wrap({"b = " + list})), HasSubstr("nesting is too deep"));
}

TEST_F(ParserTest, DepthLimitIsConfigurable) {
  ParseOptions options;
  options.max_depth = 8;
  EXPECT_THAT(ErrorOf(Wrap({"b = a + a + a + a + a + a + a + a + a + a"}), options),
              HasSubstr("the limit is 8 levels"));
  EXPECT_EQ(ErrorOf(Wrap({"b = a + a + a"}), options), "");
}

TEST_F(ParserTest, HugeNestingDoesNotOverflowTheStack) {
  std::string expr = std::string(200000, '(');
  EXPECT_THAT(ErrorOf(Wrap({"b = " + expr})), HasSubstr("nesting is too deep"));
}

// --- Robustness ----------------------------------------------------------------------------

constexpr absl::string_view kValid =
    "# pypto.program: Program\n"
    "import pypto.language as pl\n"
    "\n"
    "N = pl.dynamic(\"N\")\n"
    "\n"
    "@pl.program\n"
    "class Program:\n"
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n"
    "    def k(x: pl.Tensor[[16, N], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> "
    "pl.Tensor[[16, 16], pl.FP16]:\n"
    "        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], "
    "[16, 16], target_memory=pl.Mem.Vec)\n"
    "        # cast\n"
    "        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, "
    "mode='round')\n"
    "        for i, (acc,) in pl.range(4, init_values=(c,)):\n"
    "            if i < 2:\n"
    "                s: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.adds(acc, "
    "pl.const(1.0, pl.FP16))\n"
    "                u = pl.yield_(s)\n"
    "            else:\n"
    "                u = pl.yield_(acc)\n"
    "            acc_out = pl.yield_(u)\n"
    "        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(acc_out, [0, 0], out)\n"
    "        return r\n"
    "    @pl.function\n"
    "    def main(self, x: pl.Tensor[[16, N], pl.INT32], o: pl.Tensor[[16, 16], pl.FP16]):\n"
    "        y = self.k(x, o)\n";

TEST_F(ParserTest, ValidSampleParses) {
  absl::StatusOr<Program> p = Parse(kValid);
  ASSERT_TRUE(p.ok()) << p.status();
}

TEST_F(ParserTest, EveryTruncationFailsCleanly) {
  for (size_t n = 0; n < kValid.size(); ++n) {
    Context ctx;
    absl::StatusOr<Program> p = ParseProgram(ctx, kValid.substr(0, n), "t.py");
    if (!p.ok()) {
      EXPECT_THAT(std::string(p.status().message()), StartsWith("t.py:")) << n;
    }
  }
}

TEST_F(ParserTest, RandomMutationsNeverCrash) {
  std::mt19937 rng(12345);
  const std::string alphabet = "()[]{}:,.=+-*/<>!~'\"#\n\t _aplN0123456789";
  for (int iter = 0; iter < 3000; ++iter) {
    std::string text(kValid);
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[pos] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          text.erase(pos, 1 + rng() % 8);
          break;
        default:
          text.insert(pos, 1, alphabet[rng() % alphabet.size()]);
          break;
      }
      if (text.empty()) text = "x";
    }
    Context ctx;
    absl::StatusOr<Program> p = ParseProgram(ctx, text, "t.py");
    if (!p.ok()) {
      ASSERT_THAT(std::string(p.status().message()), StartsWith("t.py:")) << text;
    } else {
      // Whatever parses must print and parse back.
      std::string printed = PrintProgram(*p);
      Context ctx2;
      ASSERT_TRUE(ParseProgram(ctx2, printed, "again.py").ok()) << printed;
    }
  }
}

TEST_F(ParserTest, LargeInputsParseInLinearTime) {
  // 40k chained statements: a quadratic step would make this take minutes.
  std::string text(kPrefix);
  absl::StrAppend(&text, "        v0 = pl.tile.adds(t, 1.0)\n");
  for (int i = 1; i < 40000; ++i) {
    absl::StrAppend(&text, "        v", i,
                    ": pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(v", i - 1, ", 1.0)\n");
  }
  absl::StatusOr<Program> p = Parse(text);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->functions()[0]->body()->As<SeqStmts>()->stmts().size(), 40000u);
}
}  // namespace
}  // namespace pto::ir
