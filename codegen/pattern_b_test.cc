#include "codegen/pattern_b.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;

class PatternBTest : public ::testing::Test {
 protected:
  absl::Status Check(absl::string_view body) {
    std::string text = absl::StrCat(
        "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n"
        "    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n",
        body);
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, text, "k.py");
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return p.status();
    return RejectPatternB(*p);
  }
  ir::Context ctx_;
};

TEST_F(PatternBTest, StraightLineAndCarriedValuesPass) {
  EXPECT_TRUE(Check("        for i, (s,) in pl.range(4, init_values=(a,)):\n"
                    "            t = s + i\n"
                    "            r = pl.yield_(t)\n"
                    "        return r\n")
                  .ok());
}

// A store's result is the tensor it wrote: storing into `out` and assigning
// `out` from a loop body rebinds nothing.
TEST_F(PatternBTest, StoreIntoTheSameTensorFromALoopPasses) {
  std::string text =
      "import pypto.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]])"
      " -> pl.Tensor[[4, 8], pl.FP32]:\n"
      "        for i in pl.range(4):\n"
      "            t = pl.tile.load(x, [i, 0], [1, 8], target_memory=pl.Mem.Vec)\n"
      "            out = pl.tile.store(t, [i, 0], out)\n"
      "        return out\n";
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx_, text, "k.py");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(RejectPatternB(*p).ok()) << RejectPatternB(*p);
}

TEST_F(PatternBTest, ReassignmentFromALoopBodyIsUnimplemented) {
  absl::Status s = Check("        acc = a\n"
                         "        for i in pl.range(4):\n"
                         "            acc = acc + i\n"
                         "        return acc\n");
  EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(s.message(), HasSubstr("k.py:8:13: error: codegen: 'acc' is assigned again in "
                                     "another loop body or branch (first at k.py:6:9)"));
}

TEST_F(PatternBTest, ReadAfterTheLeakingBodyIsUnimplemented) {
  absl::Status s = Check("        if a > 0:\n"
                         "            y = a + 1\n"
                         "        z = a * 2\n"
                         "        return y\n");
  EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(s.message(), HasSubstr("k.py:9:9: error: codegen: 'y' is used outside the block "
                                     "that assigns it (at k.py:7:13)"));
}

}  // namespace
}  // namespace pto::codegen
