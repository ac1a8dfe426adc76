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
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

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
              HasSubstr("t.py:6:42: error: loop attr 'k' must be an int, float, bool or string "
                        "literal"));
  EXPECT_THAT(error("pl.range(4, attrs=1)"), HasSubstr("must be a dict literal"));
  EXPECT_THAT(error("pl.range(4, attrs={1: 2})"), HasSubstr("expected"));
  EXPECT_THAT(error("pl.pipeline(4, stage=2, attrs={\"pipeline_stages\": 3})"),
              HasSubstr("write stage=N"));
  EXPECT_THAT(error("pl.range(4, attrs={\"k\": \"a\\nb\"})"), HasSubstr("one line"));
}


TEST_F(ParserAttrsTest, FuncAttrNamesAParameterByIdentity) {
  std::string text = absl::StrCat(
      kHead,
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[16], pl.FP32], w: pl.Tensor[[16], pl.FP32]) -> "
      "pl.Tensor[[16], pl.FP32]:\n"
      "        pl.func_attr({\"stationary\": w, \"n\": 2})\n"
      "        return x\n");
  std::string out = Canonical(text);
  EXPECT_THAT(out, HasSubstr("pl.func_attr({\"stationary\": w, \"n\": 2})"));
  absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const Function* f = p->functions()[0];
  EXPECT_EQ(f->attrs().attrs[0].expr, f->params()[1]);
  // Naming the other parameter is another program.
  std::string other = text;
  other.replace(other.find("\"stationary\": w"), 15, "\"stationary\": x");
  absl::StatusOr<Program> q = ParseProgram(ctx_, other, "t.py");
  ASSERT_TRUE(q.ok()) << q.status();
  EXPECT_FALSE(CheckStructuralEqual(*p, *q).ok());
}

TEST_F(ParserAttrsTest, FuncAttrOpCallValue) {
  std::string out = Canonical(absl::StrCat(
      kHead,
      "    @pl.function(type=pl.FunctionType.Spmd, attrs={\"core_num\": "
      "pl.system.available_cluster_count()})\n"
      "    def k(self, x: pl.Tensor[[4], pl.FP16]) -> pl.Tensor[[4], pl.FP16]:\n"
      "        return x\n"));
  EXPECT_THAT(out, HasSubstr("pl.func_attr({\"core_num\": pl.system.available_cluster_count()})"));
}

TEST_F(ParserAttrsTest, FuncAttrNameErrors) {
  auto fn = [](absl::string_view decorator, absl::string_view prologue) {
    return absl::StrCat(kHead, "    @pl.function", decorator,
                        "\n    def k(self, x: pl.Tensor[[4], pl.FP16]) -> pl.Tensor[[4], pl.FP16]:\n",
                        prologue, "        return x\n");
  };
  EXPECT_THAT(ErrorOf(fn("", "        pl.func_attr({\"s\": y})\n")),
              HasSubstr("'y' is not a parameter of the function"));
  EXPECT_THAT(ErrorOf(fn("(attrs={\"s\": x})", "")),
              HasSubstr("'x' is not defined; a decorator cannot name a parameter"));
  EXPECT_THAT(ErrorOf(fn("(attrs=missing)", "")),
              HasSubstr("attrs= takes a dict; 'missing' is not defined"));
}

TEST_F(ParserAttrsTest, AttrsGivenAsAModuleDict) {
  std::string out = Canonical(absl::StrCat(
      "import pypto.language as pl\n"
      "marker = 7\n"
      "expected = {\n"
      "    \"marker\": marker,\n"
      "    \"dtype\": pl.FP16,\n"
      "    \"memory_space\": pl.Mem.Vec,\n"
      "}\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(attrs=expected)\n"
      "    def k(self, x: pl.Tensor[[4], pl.FP16]) -> pl.Tensor[[4], pl.FP16]:\n"
      "        return x\n"));
  EXPECT_THAT(out, HasSubstr("pl.func_attr({\"marker\": 7, \"dtype\": pl.FP16, "
                             "\"memory_space\": pl.Mem.Vec})"));
}

TEST_F(ParserAttrsTest, KwargNamesAModuleValue) {
  auto fn = [](absl::string_view module) {
    return absl::StrCat("import pypto.language as pl\n", module,
                        "@pl.program\nclass P:\n"
                        "    @pl.function(type=pl.FunctionType.AIV, external_source=src)\n"
                        "    def k(self, x: pl.Tensor[[4], pl.FP16]) -> pl.Tensor[[4], pl.FP16]: ...\n");
  };
  EXPECT_THAT(Canonical(fn("src = \"k\" + \".cpp\"\n")), HasSubstr("external_source=\"k.cpp\""));
  EXPECT_THAT(ErrorOf(fn("")), HasSubstr("'src' is not defined: a kwarg value may name a module "
                                         "constant (define it in the file or with --define=src=VALUE)"));
  EXPECT_THAT(ErrorOf(fn("src = tmp_path / \"k.cpp\"\n")),
              HasSubstr("'src' is assigned at module level (2:1) a value the parser cannot "
                        "evaluate"));
}


TEST_F(ParserAttrsTest, DimensionNamesTheModuleDynamicNotAFloatParameter) {
  std::string text = absl::StrCat(
      "import pypto.language as pl\n"
      "S = pl.dynamic(\"S\")\n",
      kHead.substr(kHead.find('@')),
      "    @pl.function\n"
      "    def k(self, S: pl.Scalar[pl.FP32], a: pl.Tensor[[4, S], pl.FP32]) -> "
      "pl.Tensor[[4, S], pl.FP32]:\n"
      "        return a\n");
  absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const Function* f = p->functions()[0];
  const auto* tt = f->params()[1]->type()->As<TensorType>();
  ASSERT_NE(tt, nullptr);
  EXPECT_NE(tt->shape()[1], f->params()[0]);
  // An INDEX parameter of that name is the dimension.
  std::string index = text;
  index.replace(index.find("pl.Scalar[pl.FP32]"), 18, "pl.Scalar[pl.INDEX]");
  absl::StatusOr<Program> q = ParseProgram(ctx_, index, "t.py");
  ASSERT_TRUE(q.ok()) << q.status();
  f = q->functions()[0];
  EXPECT_EQ(f->params()[1]->type()->As<TensorType>()->shape()[1], f->params()[0]);
}

}  // namespace
}  // namespace pto::ir
