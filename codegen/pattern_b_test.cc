#include "codegen/pattern_b.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser.h"

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
