#include "fuzz/gen/reassigned_form.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/ssa_form.h"
#include "ir/analysis/verifier.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace pto::fuzz {
namespace {

using ::testing::HasSubstr;

TEST(ReassignedFormTest, CarriedValuesAndIfResultsBecomeReassignedNames) {
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, R"(import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:
        for i, (acc, b) in pl.range(4, init_values=(x, x)):
            a = pl.add(acc, 1.0)
            r, s = pl.yield_(b, a)
        if n == 0:
            t = pl.yield_(r)
        else:
            t = pl.yield_(s)
        return t
)", "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  ir::Program b = ToReassignedForm(ctx, *p);
  EXPECT_TRUE(ir::VerifyProgram(b).ok()) << ir::VerifyProgram(b);
  EXPECT_FALSE(ir::CheckSSAForm(b).ok());
  std::string text = ir::PrintProgram(b, {.concise = true});
  // The yielded values are read before either carried name is reassigned.
  EXPECT_THAT(text, HasSubstr(R"(        acc = x
        b = x
        for i in pl.range(4):
            a = pl.tensor.adds(acc, 1.0)
            acc_t = b
            b_t = a
            acc = acc_t
            b = b_t
        if n == 0:
            t = acc
        else:
            t = b
        return t)"));
}

}  // namespace
}  // namespace pto::fuzz
