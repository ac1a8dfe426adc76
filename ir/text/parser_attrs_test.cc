// Attribute and kwarg values of hand-written programs: unified ops with
// their operands passed by name, loop attrs (pl.range/pl.pipeline attrs=),
// function attrs naming a parameter, and kwarg values given as module
// constants.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/context.h"
#include "ir/text/parser.h"
#include "ir/text/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

constexpr absl::string_view kHead =
    "import pypto.language as pl\n"
    "@pl.program\n"
    "class P:\n";

class ParserAttrsTest : public ::testing::Test {
 protected:
  // Parses `text`, prints it, and checks that the print re-parses to a
  // structurally equal program printing the same text.
  std::string Canonical(const std::string& text) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return "";
    std::string printed = PrintProgram(*p);
    absl::StatusOr<Program> q = ParseProgram(ctx_, printed, "u.py");
    EXPECT_TRUE(q.ok()) << q.status() << "\n" << printed;
    if (!q.ok()) return printed;
    EXPECT_EQ(PrintProgram(*q), printed);
    absl::Status eq = CheckStructuralEqual(*p, *q);
    EXPECT_TRUE(eq.ok()) << eq;
    return printed;
  }
  std::string ErrorOf(const std::string& text) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py");
    if (p.ok()) return "";
    return std::string(p.status().message());
  }
  Context ctx_;
};

TEST_F(ParserAttrsTest, UnifiedOpOperandsByName) {
  std::string out = Canonical(absl::StrCat(
      kHead,
      "    @pl.function\n"
      "    def f(self, x: pl.Tensor[[16, 16], pl.FP16], s: pl.Scalar[pl.INDEX]) -> "
      "pl.Tensor[[16, 16], pl.FP16]:\n"
      "        t = pl.load(x, [0, 0], [16, 16])\n"
      "        u = pl.mul(rhs=t, lhs=t)\n"
      "        v = pl.add(lhs=t, rhs=2.0)\n"
      "        w = pl.sub(lhs=s, rhs=3)\n"
      "        y = pl.add(lhs=x, rhs=x)\n"
      "        return y\n"));
  EXPECT_THAT(out, HasSubstr("= pl.tile.mul(t, t)"));
  EXPECT_THAT(out, HasSubstr("= pl.tile.adds(t, 2.0)"));
  EXPECT_THAT(out, HasSubstr("w: pl.Scalar[pl.INDEX] = s - 3"));
  EXPECT_THAT(out, HasSubstr("= pl.tensor.add(x, x)"));
}


constexpr absl::string_view kLoopFn =
    "    @pl.function\n"
    "    def f(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n";

TEST_F(ParserAttrsTest, LoopAttrsPrintAfterStageAndInits) {
  std::string out = Canonical(absl::StrCat(
      kHead, kLoopFn,
      "        for i, (a,) in pl.pipeline(0, 16, 4, attrs={\"overlap\": False, \"n\": -2, "
      "'tag': 'x', \"r\": 0.5, \"n\": 3}, stage=2, init_values=(x,)):\n"
      "            b = pl.yield_(a)\n"
      "        for j in pl.range(4, attrs={}):\n"
      "            pass\n"
      "        for k in pl.parallel(4, attrs={\"hint\": 1}):\n"
      "            pass\n"
      "        return b\n"));
  // A key given again keeps its first place and takes the later value; an
  // empty dict is no attrs.
  EXPECT_THAT(out, HasSubstr("in pl.pipeline(0, 16, 4, stage=2, init_values=(x,), "
                             "attrs={\"overlap\": False, \"n\": 3, \"tag\": \"x\", "
                             "\"r\": 0.5}):"));
  EXPECT_THAT(out, HasSubstr("for j in pl.range(4):"));
  EXPECT_THAT(out, HasSubstr("for k in pl.parallel(4, attrs={\"hint\": 1}):"));
}

TEST_F(ParserAttrsTest, LoopAttrsAreCompared) {
  auto parse = [&](absl::string_view value) {
    absl::StatusOr<Program> p = ParseProgram(
        ctx_,
        absl::StrCat(kHead, kLoopFn, "        for i in pl.range(4, attrs={\"k\": ", value,
                     "}):\n            pass\n        return x\n"),
        "t.py");
    EXPECT_TRUE(p.ok()) << p.status();
    return *p;
  };
  Program a = parse("1");
  EXPECT_TRUE(CheckStructuralEqual(a, parse("1")).ok());
  EXPECT_FALSE(CheckStructuralEqual(a, parse("2")).ok());
  EXPECT_FALSE(CheckStructuralEqual(a, parse("True")).ok());
}

TEST_F(ParserAttrsTest, LoopAttrErrors) {
  auto error = [&](absl::string_view head) {
    return ErrorOf(absl::StrCat(kHead, kLoopFn, "        for i in ", head,
                                ":\n            pass\n        return x\n"));
  };
  EXPECT_THAT(error("pl.range(4, attrs={\"k\": x})"),
              HasSubstr("t.py:6:36: error: loop attr 'k' must be an int, float, bool or string "
                        "literal"));
  EXPECT_THAT(error("pl.range(4, attrs=1)"), HasSubstr("must be a dict literal"));
  EXPECT_THAT(error("pl.range(4, attrs={1: 2})"), HasSubstr("expected"));
  EXPECT_THAT(error("pl.pipeline(4, stage=2, attrs={\"pipeline_stages\": 3})"),
              HasSubstr("write stage=N"));
  EXPECT_THAT(error("pl.range(4, attrs={\"k\": \"a\\nb\"})"), HasSubstr("one line"));
}

}  // namespace
}  // namespace pto::ir
