#include "ir/analysis/ssa_form.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/text/parser/parser.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class SSAFormTest : public ::testing::Test {
 protected:
  // The status of CheckSSAForm on a one-function program with `body`.
  absl::Status Check(std::initializer_list<const char*> body) {
    std::string text = absl::StrCat(
        "import pypto.language as pl\n\n@pl.program\nclass P:\n    @pl.function\n"
        "    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) "
        "-> pl.Tensor[[64], pl.FP32]:\n");
    for (const char* line : body) absl::StrAppend(&text, "        ", line, "\n");
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py");
    if (!p.ok()) return p.status();
    return CheckSSAForm(*p);
  }
  Context ctx_;
};

TEST_F(SSAFormTest, SingleAssignmentWithYieldsHolds) {
  EXPECT_TRUE(Check({"a = pl.add(x, 1.0)",
                     "for i, (acc,) in pl.range(4, init_values=(a,)):",
                     "    if i == 0:",
                     "        m = pl.mul(acc, 2.0)",
                     "        v = pl.yield_(m)",
                     "    else:",
                     "        v = pl.yield_(acc)",
                     "    r = pl.yield_(v)",
                     "return r"})
                  .ok());
}

TEST_F(SSAFormTest, ReassignmentIsReported) {
  EXPECT_THAT(Check({"a = pl.add(x, 1.0)", "a = pl.add(a, 1.0)", "return a"}).message(),
              HasSubstr("t.py:8:9: error: not in SSA form: 'a' is assigned again (first "
                        "defined at t.py:7:9) in function 'main'; run ConvertToSSA"));
}

TEST_F(SSAFormTest, ReassignedParamIsReported) {
  EXPECT_THAT(Check({"x = pl.add(x, 1.0)", "return x"}).message(),
              HasSubstr("'x' is assigned again"));
}

TEST_F(SSAFormTest, UseOfALoopBodyDefinitionAfterTheLoopIsReported) {
  EXPECT_THAT(Check({"for i in pl.range(4):", "    t = pl.add(x, 1.0)", "return t"}).message(),
              HasSubstr("t.py:9:9: error: not in SSA form: 't' is defined inside a loop body or "
                        "if branch (at t.py:8:13) and used after it"));
}

TEST_F(SSAFormTest, UseOfABranchDefinitionAfterTheIfIsReported) {
  EXPECT_THAT(Check({"if n == 1:", "    u = pl.add(x, 1.0)", "return u"})
                  .message(),
              HasSubstr("'u' is defined inside a loop body or if branch"));
}

TEST_F(SSAFormTest, ADefinitionReachesPastAnIfWhoseOtherBranchJumps) {
  EXPECT_TRUE(Check({"for i, (acc,) in pl.range(4, init_values=(x,)):", "    if i < 2:",
                     "        y = pl.add(acc, 1.0)", "    else:", "        break",
                     "    r = pl.yield_(y)", "return r"})
                  .ok());
}

TEST_F(SSAFormTest, PreSSALoopIsReported) {
  EXPECT_THAT(Check({"for i, (acc,) in pl.range(4, init_values=(x,)):",
                     "    acc = pl.add(acc, 1.0)",
                     "return x"})
                  .message(),
              HasSubstr("t.py:7:9: error: not in SSA form: this for loop carries values but its "
                        "body does not end in pl.yield_"));
}

TEST_F(SSAFormTest, ScopesAreTransparent) {
  EXPECT_TRUE(Check({"with pl.at(level=pl.Level.CORE_GROUP):", "    t = pl.add(x, 1.0)",
                     "return t"})
                  .ok());
}

}  // namespace
}  // namespace pto::ir
