// The hand-written forms of the DSL beyond the printed form: module-level
// constants, literal folding, docstrings (docs/dsl.md).

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class ParserSyntaxTest : public ::testing::Test {
 protected:
  // The printed program, or the error.
  std::string Print(absl::string_view text) { return PrintRoundTrip(ctx_, text); }
  Context ctx_;
};

constexpr absl::string_view kHead = "import pypto.language as pl\n";

std::string Program(absl::string_view module, absl::string_view sig, absl::string_view body) {
  return absl::StrCat(kHead, module, "@pl.program\nclass P:\n    @pl.function\n    def f(self", sig,
                      "):\n", body);
}

// A hand-placed AUTO pl.scope() needs @pl.function(auto_scope=False).
std::string AutoScopeOff(absl::string_view program) {
  return absl::StrReplaceAll(program, {{"@pl.function\n", "@pl.function(auto_scope=False)\n"}});
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
  // The lines keep their blanks, trailing ones too (upstream's splitlines()).
  EXPECT_THAT(out, HasSubstr("        # First line.\n        # \n        #         Second.  \n"
                             "        #         \n        a: pl.Scalar[pl.INDEX] = 1\n"
                             "        # bare\n        return"));
  EXPECT_THAT(out, Not(HasSubstr("doc")));
}


TEST_F(ParserSyntaxTest, DecoratorArgumentsAndFuncAttrPrologue) {
  std::string out = Print(absl::StrCat(
      kHead, "@pl.program(strict_ssa=False)\nclass P:\n",
      "    @pl.function(type=pl.FunctionType.AIV, attrs={\"split\": pl.SplitMode.UP_DOWN}, "
      "auto_scope=False, strict_ssa=True, external_source=\"k.cpp\")\n",
      "    def f(self):\n        '''Doc.'''\n",
      "        pl.func_attr({\"dual_aiv_dispatch\": True, \"core_num\": 4})\n        return\n"));
  EXPECT_THAT(out, HasSubstr("@pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, "
                             "role=pl.Role.SubWorker, auto_scope=False, external_source=\"k.cpp\")"));
  EXPECT_THAT(out, HasSubstr("        pl.func_attr({\"split\": pl.SplitMode.UP_DOWN, "
                             "\"dual_aiv_dispatch\": True, \"core_num\": 4})\n"
                             "        # Doc.\n        return"));
}

TEST_F(ParserSyntaxTest, FuncAttrDiagnostics) {
  auto fn = [](absl::string_view body) {
    return absl::StrCat(kHead, "@pl.program\nclass P:\n    @pl.function\n    def f(self):\n", body);
  };
  EXPECT_THAT(Print(fn("        a = 1\n        pl.func_attr({\"x\": 1})\n        return\n")),
              HasSubstr("t.py:7:9: error: pl.func_attr() must come before every other statement"));
  EXPECT_THAT(Print(fn("        pl.func_attr({\"x\": 1})\n        pl.func_attr({\"x\": 2})\n"
                       "        return\n")),
              HasSubstr("t.py:7:9: error: function attr 'x' is given twice"));
  EXPECT_THAT(Print(fn("        pl.func_attr({\"x\": pl.SplitMode.UP})\n        return\n")),
              HasSubstr("unknown member 'UP' of pl.SplitMode"));
  EXPECT_THAT(Print(absl::StrCat(kHead, "@pl.program\nclass P:\n",
                                 "    @pl.function(external_source=\"k.cpp\")\n    def f(self):\n"
                                 "        return\n")),
              HasSubstr("external_source= is only allowed on AIC and AIV functions"));
}

TEST_F(ParserSyntaxTest, StrictSsaRejectsRebinding) {
  std::string body = "    @pl.function\n    def f(self):\n        a = 1\n        a = 2\n        return\n";
  EXPECT_THAT(Print(absl::StrCat(kHead, "@pl.program(strict_ssa=True)\nclass P:\n", body)),
              HasSubstr("t.py:7:9: error: strict_ssa: 'a' is already defined at 6:9"));
  EXPECT_THAT(Print(absl::StrCat(kHead, "@pl.program(strict_ssa=False)\nclass P:\n", body)),
              HasSubstr("a: pl.Scalar[pl.INDEX] = 1\n        a: pl.Scalar[pl.INDEX] = 2\n"));
}


TEST_F(ParserSyntaxTest, AnnotationsMergeWithDeducedTypes) {
  std::string out = Print(Program(
      "", ", x: pl.Tensor[[16, 16], pl.FP32]",
      "        n: pl.Scalar[pl.INT32] = 5\n"
      "        t: pl.Tile[[16, 16], pl.FP32] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], "
      "target_memory=pl.Mem.Vec)\n        return\n"));
  EXPECT_THAT(out, HasSubstr("n: pl.Scalar[pl.INT32] = pl.const(5, pl.INT32)\n"));
  EXPECT_THAT(out, HasSubstr("t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load("));
  // Upstream's annotation wins over the deduced memory space: the call is
  // retyped, and prints back as written.
  EXPECT_THAT(Print(Program("", ", x: pl.Tensor[[16, 16], pl.FP32]",
                            "        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load(x, "
                            "[0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)\n        return\n")),
              HasSubstr("t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.load("));
  // A dtype or a static dim that contradicts the value is still an error.
  EXPECT_THAT(Print(Program("", ", x: pl.Tensor[[16, 16], pl.FP32]",
                            "        t: pl.Tile[[16, 16], pl.FP16] = pl.tile.load(x, "
                            "[0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)\n        return\n")),
              HasSubstr("does not match the deduced type"));
  EXPECT_THAT(Print(Program("", ", x: pl.Tensor[[16, 16], pl.FP32]",
                            "        t: pl.Tile[[16, 8], pl.FP32] = pl.tile.load(x, "
                            "[0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)\n        return\n")),
              HasSubstr("does not match the deduced type"));
}


TEST_F(ParserSyntaxTest, TensorLayoutShorthandAndMarkers) {
  std::string out = Print(Program(
      "import pypto.language.distributed as pld\n",
      ", x: pl.Tensor[[16, 16], pl.FP32, pl.NZ], w: pld.DistributedTensor[[16], pl.FP32, "
      "\"window_buffer=buf\"], c: pld.CommCtx",
      "        return\n"));
  EXPECT_THAT(out, HasSubstr("x: pl.Tensor[[16, 16], pl.FP32, pl.TensorView(stride=[], "
                             "layout=pl.TensorLayout.NZ)], w: pld.DistributedTensor[[16], "
                             "pl.FP32], c: pld.CommCtxType"));
  EXPECT_THAT(Print(Program("", ", x: pl.Tensor[[16, 16], pl.FP32, pl.DN]", "        return\n")),
              HasSubstr("pl.Tensor[..., DN] is not supported"));
  EXPECT_THAT(Print(Program("", ", x: pl.Tensor[[16, 16], pl.FP32, pl.Mem.Vec]",
                            "        return\n")),
              HasSubstr("expected pl.TensorView(...) or a layout such as pl.NZ"));
  // The marker is a DistributedTensor's only.
  EXPECT_THAT(Print(Program("", ", x: pl.Tensor[[16], pl.FP32, \"window_buffer=b\"]",
                            "        return\n")),
              HasSubstr("expected pl.TensorView(...) or a layout such as pl.NZ"));
}

TEST_F(ParserSyntaxTest, AnnotationsOverrideAsUpstreamDoes) {
  std::string out = Print(Program(
      "", ", x: pl.Tensor[[16, 16], pl.FP32]",
      "        e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)\n"
      "        v: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 16])] = "
      "pl.tile.add(e, e)\n"
      "        for i in pl.range(4):\n            y: pl.Scalar[pl.INT64] = i\n"
      "        return\n"));
  EXPECT_THAT(out, HasSubstr("e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                             "pl.tile.tpop_from_aic(split=0)"));
  EXPECT_THAT(out, HasSubstr("v: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, "
                             "pl.TileView(valid_shape=[8, 16])] = pl.tile.add(e, e)"));
  EXPECT_THAT(out, HasSubstr("y: pl.Scalar[pl.INT64] = i\n"));
  // Upstream's override applies to any value, not only to a call: a tile
  // variable binds a name annotated with another memory space (the value is
  // not rewritten). Only an INDEX scalar binds a name of another dtype.
  EXPECT_THAT(Print(Program("", ", a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]",
                            "        b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = a\n"
                            "        return\n")),
              HasSubstr("b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = a"));
  EXPECT_THAT(Print(Program("", ", a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]",
                            "        b: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = a\n"
                            "        return\n")),
              HasSubstr("does not match the deduced type"));
  EXPECT_THAT(Print(Program("", ", a: pl.Scalar[pl.INT32]",
                            "        b: pl.Scalar[pl.INT64] = a\n        return\n")),
              HasSubstr("does not match the deduced type"));
}

TEST_F(ParserSyntaxTest, WithScopesPrintCanonically) {
  std::string out = Print(AutoScopeOff(Program(
      "", ", a: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]",
      "        with pl.manual_scope():\n            b = a\n"
      "        with pl.at(name_hint=\"k\", level=pl.Level.CORE_GROUP, "
      "optimizations=[pl.split(pl.SplitMode.UP_DOWN)], allow_early_resolve=False):\n"
      "            c = b\n"
      "        with pl.spmd(n // 2, sync_start=True):\n            d = c\n"
      "            i = pl.tile.get_block_idx()\n"
      "        with pl.scope(mode=pl.ScopeMode.AUTO):\n            pass\n"
      "        with pl.cluster():\n            e = d\n"
      "        return\n")));
  EXPECT_THAT(out, HasSubstr("        with pl.scope(mode=pl.ScopeMode.MANUAL):\n"
                             "            b: pl.Tensor[[16], pl.FP32] = a\n"));
  EXPECT_THAT(out, HasSubstr("        with pl.at(level=pl.Level.CORE_GROUP, "
                             "optimizations=[pl.split(pl.SplitMode.UP_DOWN)], name_hint=\"k\"):\n"));
  EXPECT_THAT(out, HasSubstr("        with pl.spmd(n // 2, sync_start=True):\n"));
  EXPECT_THAT(out, HasSubstr("        with pl.scope():\n            pass\n"));
  // Names bound in a scope stay visible after it (e reads d).
  EXPECT_THAT(out, HasSubstr("        with pl.cluster():\n            e: pl.Tensor[[16], pl.FP32] = d\n"));
}

TEST_F(ParserSyntaxTest, WithScopeDiagnostics) {
  auto body = [](absl::string_view lines) { return Program("", "", lines); };
  EXPECT_THAT(Print(body("        with pl.at(role=pl.Role.Orchestrator):\n            pass\n")),
              HasSubstr("pl.at() needs level=pl.Level.<level>"));
  EXPECT_THAT(Print(body("        with pl.spmd(4, bogus=1):\n            pass\n")),
              HasSubstr("t.py:6:25: error: unknown keyword 'bogus' in pl.spmd()"));
  EXPECT_THAT(Print(body("        with pl.at(level=pl.Role.Orchestrator):\n            pass\n")),
              HasSubstr("level cannot be pl.Role.Orchestrator"));
  EXPECT_THAT(Print(body("        with pl.scope() as tid:\n            pass\n")),
              HasSubstr("'as' is only allowed on pl.at and pl.spmd"));
  EXPECT_THAT(Print(body("        with open(f):\n            pass\n")),
              HasSubstr("expected pl.at, pl.cluster, pl.spmd, pl.scope or pl.manual_scope"));
}


TEST_F(ParserSyntaxTest, TupleUnpackingOfACall) {
  std::string text = absl::StrCat(
      kHead, "@pl.program\nclass P:\n    @pl.function\n",
      "    def g(self, a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:\n",
      "        return a, a\n    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX]):\n",
      "        x, y = self.g(a)\n        z = x + y\n        return\n");
  std::string out = Print(text);
  EXPECT_THAT(out, HasSubstr("        _tuple_tmp: pl.Tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]] = "
                             "self.g(a)\n        x: pl.Scalar[pl.INDEX] = _tuple_tmp[0]\n"
                             "        y: pl.Scalar[pl.INDEX] = _tuple_tmp[1]\n"));
  EXPECT_THAT(Print(absl::StrCat(kHead, "@pl.program\nclass P:\n    @pl.function\n",
                                 "    def f(self, a: pl.Scalar[pl.INDEX]):\n",
                                 "        x, y = a\n        return\n")),
              HasSubstr("assigning several names needs a tuple value, got pl.Scalar[pl.INDEX]"));
}


TEST_F(ParserSyntaxTest, BreakAndContinue) {
  std::string out = Print(AutoScopeOff(Program(
      "", ", n: pl.Scalar[pl.INDEX]",
      "        for i in pl.range(n):\n            if i > 3:\n                break\n"
      "            else:\n                continue\n"
      "        while n > 0:\n            with pl.scope():\n                break\n        return\n")));
  EXPECT_THAT(out, HasSubstr("            if i > 3:\n                break\n            else:\n"
                             "                continue\n"));
  EXPECT_THAT(out, HasSubstr("            with pl.scope():\n                break\n"));
  auto body = [](absl::string_view lines) {
    return Program("", ", n: pl.Scalar[pl.INDEX]", lines);
  };
  EXPECT_THAT(Print(body("        break\n        return\n")),
              HasSubstr("t.py:6:9: error: 'break' is only allowed in a pl.range or while loop"));
  EXPECT_THAT(Print(body("        for i in pl.unroll(4):\n            continue\n        return\n")),
              HasSubstr("'continue' is only allowed in a pl.range or while loop"));
  EXPECT_THAT(Print(body("        for i, (a,) in pl.range(4, init_values=(n,)):\n"
                         "            if i > 1:\n                break\n"
                         "            b = pl.yield_(a + 1)\n        return\n")),
              HasSubstr("            if i > 1:\n                break\n"));
  EXPECT_THAT(Print(body("        for i in pl.range(4):\n            break\n            a = 1\n"
                         "        return\n")),
              HasSubstr("            break\n            a: pl.Scalar[pl.INDEX] = 1\n"));
}

}  // namespace
}  // namespace pto::ir
