// ParseOptions::defines: closure values from outside the file (the tools'
// --define=NAME=VALUE), their precedence over module-level assignments, and
// their errors; also the module-level `A if C else B` they make evaluable.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// The printed program (checked to be a fixed point without the defines), or
// the error.
std::string Print(absl::string_view text, std::vector<Define> defines) {
  Context ctx;
  RoundTripOptions options;
  options.parse.defines = std::move(defines);
  return PrintRoundTrip(ctx, text, options);
}

std::string Program(absl::string_view module, absl::string_view sig, absl::string_view body) {
  return absl::StrCat("import pypto.language as pl\n", module,
                      "@pl.program\nclass P:\n    @pl.function\n    def f(self", sig, "):\n",
                      body);
}

TEST(ParserDefineTest, SuppliesDtypeShapeAndScalar) {
  std::string text = Program("", ", a: pl.Tensor[shape, dtype]",
                             "        n = batch * 2\n        return a\n");
  EXPECT_THAT(Print(text, {}), HasSubstr("undefined name 'shape'"));
  std::string out = Print(
      text, {{"dtype", "pl.FP16"}, {"shape", "[64, 128]"}, {"batch", "4"}});
  EXPECT_THAT(out, HasSubstr("a: pl.Tensor[[64, 128], pl.FP16]"));
  EXPECT_THAT(out, HasSubstr("n: pl.Scalar[pl.INDEX] = 8\n"));
}

TEST(ParserDefineTest, LaterDefinesAndTheFileUseEarlierOnes) {
  // `rows` is the file's, computed from two defines; `cols` uses an earlier
  // define; a bare tuple is a tuple.
  std::string out = Print(Program("rows = batch * heads\n",
                                  ", a: pl.Tensor[[rows, cols], pl.FP32], b: pl.Tensor[t, pl.FP32]",
                                  "        return a\n"),
                          {{"batch", "2"}, {"heads", "3"}, {"cols", "heads * 8"}, {"t", "4, 5"}});
  EXPECT_THAT(out, HasSubstr("a: pl.Tensor[[6, 24], pl.FP32], b: pl.Tensor[[4, 5], pl.FP32]"));
}

TEST(ParserDefineTest, WinsOverModuleAssignments) {
  // An unevaluable tuple assignment, an evaluable one and a pl.dynamic: the
  // define wins over each; the other names keep the file's values.
  std::string text = Program(
      "M, K = self.M, self.K\nN, P = 16, 32\nD = pl.dynamic('D')\n",
      ", a: pl.Tensor[[M, K], pl.FP32], b: pl.Tensor[[N, P, D], pl.FP32]", "        return a\n");
  EXPECT_THAT(Print(text, {}), HasSubstr("'M' is assigned at module level (2:1) a value the "
                                         "parser cannot evaluate"));
  std::string out = Print(text, {{"M", "8"}, {"K", "4"}, {"N", "2"}, {"D", "3"}});
  EXPECT_THAT(out, HasSubstr("a: pl.Tensor[[8, 4], pl.FP32], b: pl.Tensor[[2, 32, 3], pl.FP32]"));
}

TEST(ParserDefineTest, EnumAndStringDefinesAreKwargValues) {
  std::string out = Print(
      Program("", "",
              "        t = pl.tensor.create([16, 16], dtype=dt, layout=lay)\n        return\n"),
      {{"dt", "pl.BF16"}, {"lay", "pl.TensorLayout.DN"}});
  EXPECT_THAT(out, HasSubstr("pl.tensor.create([16, 16], dtype=pl.BF16, "
                             "layout=pl.TensorLayout.DN)"));
}

TEST(ParserDefineTest, ConditionalModuleConstant) {
  std::string text = Program("R, C = 8, 16\nshape = [C, R] if transpose else [R, C]\n",
                             ", a: pl.Tensor[shape, pl.FP32]", "        return a\n");
  EXPECT_THAT(Print(text, {{"transpose", "True"}}), HasSubstr("a: pl.Tensor[[16, 8], pl.FP32]"));
  EXPECT_THAT(Print(text, {{"transpose", "1 > 2"}}), HasSubstr("a: pl.Tensor[[8, 16], pl.FP32]"));
  // Without the define the shape cannot be evaluated; the error says so.
  EXPECT_THAT(Print(text, {}), HasSubstr("'shape' is assigned at module level (3:1) a value the "
                                         "parser cannot evaluate"));
}

TEST(ParserDefineTest, BadDefinesNameTheFlag) {
  std::string text = Program("", ", a: pl.Tensor[[4], dtype]", "        return a\n");
  EXPECT_THAT(Print(text, {{"dtype", "pl.FP99"}}),
              StartsWith("--define=dtype=pl.FP99: cannot evaluate 'pl.FP99'"));
  EXPECT_THAT(Print(text, {{"dtype", "foo(1)"}}),
              StartsWith("--define=dtype=foo(1): cannot evaluate 'foo(1)'"));
  EXPECT_THAT(Print(text, {{"dtype", ""}}), StartsWith("--define=dtype=: cannot evaluate ''"));
  EXPECT_THAT(Print(text, {{"dtype", "4 4"}}), StartsWith("--define=dtype=4 4: cannot evaluate"));
  EXPECT_THAT(Print(text, {{"1x", "4"}}), StartsWith("--define=1x=4: '1x' is not a name"));
  EXPECT_THAT(Print(text, {{"if", "4"}}), StartsWith("--define=if=4: 'if' is not a name"));
  // Unused defines are fine.
  EXPECT_THAT(Print(text, {{"dtype", "pl.INT8"}, {"unused", "[1, 2]"}}),
              HasSubstr("a: pl.Tensor[[4], pl.INT8]"));
}

TEST(ParserDefineTest, UndefinedShapeNameIsReported) {
  std::string text = Program("", ", a: pl.Tensor[acc_shape, pl.FP32]", "        return a\n");
  EXPECT_THAT(Print(text, {}), HasSubstr("t.py:5:30: error: undefined name 'acc_shape': a shape "
                                         "is [d, ...] or a module-level list constant"));
  EXPECT_THAT(Print(text, {{"acc_shape", "[64, 128]"}}),
              HasSubstr("a: pl.Tensor[[64, 128], pl.FP32]"));
}

TEST(ParserDefineTest, DynamicDimDefine) {
  // A test class's `M_DYN = pl.dynamic("M_DYN")`, lifted out as `M_DYN =
  // self.M_DYN`: the define supplies the dynamic dim.
  std::string out = Print(Program("M_DYN = self.M_DYN\n", ", a: pl.Tensor[[M_DYN, 8], pl.FP32]",
                                  "        return a\n"),
                          {{"M_DYN", "pl.dynamic('M_DYN')"}});
  EXPECT_THAT(out, HasSubstr("M_DYN = pl.dynamic(\"M_DYN\")"));
  EXPECT_THAT(out, HasSubstr("a: pl.Tensor[[M_DYN, 8], pl.FP32]"));
  EXPECT_THAT(Print(Program("", ", a: pl.Tensor[[D, 8], pl.FP32]", "        return a\n"),
                    {{"D", "pl.dynamic(1)"}}),
              StartsWith("--define=D=pl.dynamic(1): cannot evaluate"));
}

TEST(ParserDefineTest, PldEnumAndPipelineStageConstants) {
  // A pld enum member is a constant (a kwarg re-reads it); an int constant
  // gives pl.pipeline's stage count.
  std::string text = Program(
      "REDUCE = red\n", ", a: pl.Tensor[[16, 16], pl.FP32]",
      "        for i in pl.pipeline(4, stage=stages):\n"
      "            t = pl.tensor.create([16, 16], dtype=pl.FP32, layout=lay)\n"
      "        return a\n");
  std::string out = Print(text, {{"red", "pld.ReduceOp.Max"},
                                 {"stages", "2"},
                                 {"lay", "pl.TensorLayout.DN"}});
  EXPECT_THAT(out, HasSubstr("pl.pipeline(4, stage=2)"));
  EXPECT_THAT(Print(text, {{"stages", "2.5"}, {"lay", "pl.TensorLayout.DN"}}),
              HasSubstr("stage must be a positive integer literal or int constant"));
}

}  // namespace
}  // namespace pto::ir
