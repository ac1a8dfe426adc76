// Types where values cross a boundary (ir/type_compat.h, parser/forms/yield.cc):
// a call's result takes the callee's return type with its dynamic dims bound
// by the arguments' types, conflicting bindings are an error, a loop's
// return var takes its iter arg's type, an if's the then-branch annotation.

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

constexpr absl::string_view kHead =
    "import pypto.language as pl\n"
    "M = pl.dynamic(\"M\")\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function(type=pl.FunctionType.InCore)\n"
    "    def k(self, a: pl.Tensor[[M, 16], pl.FP32], b: pl.Tensor[[M, 16], pl.FP32])"
    " -> pl.Tensor[[M, 16], pl.FP32]:\n"
    "        return a\n"
    "    @pl.function(type=pl.FunctionType.Orchestration)\n";

class ParserBoundaryTest : public ::testing::Test {
 protected:
  // The verified print of `main`, or the parse error.
  std::string Print(absl::string_view main) {
    absl::StatusOr<ir::Program> p = ParseProgram(ctx_, absl::StrCat(kHead, main), "t.py");
    if (!p.ok()) return std::string(p.status().message());
    absl::Status v = VerifyProgram(*p);
    if (!v.ok()) return std::string(v.message());
    return PrintProgram(*p);
  }
  Context ctx_;
};

TEST_F(ParserBoundaryTest, CallResultBindsTheCalleesDynamicDims) {
  std::string out = Print(
      "    def main(self, x: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:\n"
      "        y = self.k(x, x)\n"
      "        return y\n");
  EXPECT_THAT(out, HasSubstr("y: pl.Tensor[[8, 16], pl.FP32] = self.k(x, x)"));
}

TEST_F(ParserBoundaryTest, ConflictingDynamicDimsAreRejected) {
  std::string out = Print(
      "    def main(self, x: pl.Tensor[[8, 16], pl.FP32], z: pl.Tensor[[4, 16], pl.FP32])"
      " -> pl.Tensor[[8, 16], pl.FP32]:\n"
      "        y = self.k(x, z)\n"
      "        return y\n");
  EXPECT_THAT(out, HasSubstr("t.py:10:18: error: call of 'k': dynamic dim 'M' has conflicting "
                             "bindings 8 and 4 (argument 1)"));
}

TEST_F(ParserBoundaryTest, LoopReturnVarTakesTheIterArgType) {
  // Upstream does not read the annotation of a loop's yield target.
  std::string out = Print(
      "    def main(self, x: pl.Tensor[[8, 16], pl.FP32]) -> pl.Scalar[pl.INDEX]:\n"
      "        for i, (acc,) in pl.range(4, init_values=(0,)):\n"
      "            n: pl.Scalar[pl.INT64] = pl.yield_(acc)\n"
      "        return n\n");
  EXPECT_THAT(out, HasSubstr("n: pl.Scalar[pl.INDEX] = pl.yield_(acc)"));
}

TEST_F(ParserBoundaryTest, IfReturnVarTakesTheThenAnnotation) {
  std::string body =
      "    def main(self, x: pl.Tensor[[16, 16], pl.FP32], c: pl.Scalar[pl.INDEX])"
      " -> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        if c > 0:\n"
      "            a = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)\n"
      "            s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(a)\n"
      "        else:\n"
      "            b = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Vec)\n"
      "            s = pl.yield_(b)\n"
      "        return pl.store(s, [0, 0], x)\n";
  std::string out = Print(body);
  EXPECT_THAT(out, HasSubstr("s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.yield_(b)"));
  // Another dtype is another value: the annotation still has to agree.
  std::string bad = body;
  bad.replace(bad.find("pl.FP32, pl.Mem.Acc"), 7, "pl.FP16");
  EXPECT_THAT(Print(bad), HasSubstr("error: type annotation pl.Tile[[16, 16], pl.FP16, "
                                    "pl.Mem.Acc] does not match the deduced type"));
}

}  // namespace
}  // namespace pto::ir
