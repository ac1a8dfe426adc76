#include "passes/normalize/convert_to_ssa.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/ssa_form.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

class ConvertToSSATest : public NormalizePassTest {
 protected:
  ConvertToSSATest() : NormalizePassTest(CreateConvertToSSAPass()) {}
  // Converts `before`; the result must also be in SSA form.
  void ExpectConverts(std::initializer_list<const char*> before,
                      std::initializer_list<const char*> expected) {
    absl::StatusOr<ir::Program> out = CheckedRewrite(before, expected);
    if (out.ok()) {
      EXPECT_TRUE(ir::CheckSSAForm(*out).ok()) << ir::CheckSSAForm(*out);
    }
  }
};

TEST_F(ConvertToSSATest, ReassignmentsGetNewVars) {
  ExpectConverts({"a = pl.add(x, 1.0)", "a = pl.add(a, 2.0)", "x = pl.add(a, x)", "return x"},
                 {"a = pl.add(x, 1.0)", "a1 = pl.add(a, 2.0)", "x1 = pl.add(a1, x)",
                  "return x1"});
}

TEST_F(ConvertToSSATest, LoopCarriesReassignedNamesInNameOrder) {
  ExpectConverts({"b = x", "a = x", "for i in pl.range(4):", "    b = pl.add(b, 1.0)",
                  "    a = pl.add(a, b)", "return a"},
                 {"b = x", "a = x",
                  "for i, (a1, b1) in pl.range(4, init_values=(a, b)):",
                  "    b2 = pl.add(b1, 1.0)", "    a2 = pl.add(a1, b2)",
                  "    a3, b3 = pl.yield_(a2, b2)",
                  "return a3"});
}

TEST_F(ConvertToSSATest, IfWithoutElseYieldsTheOldValue) {
  ExpectConverts({"a = x", "if n == 0:", "    a = pl.add(a, 1.0)", "return a"},
                 {"a = x", "if n == 0:", "    a1 = pl.add(a, 1.0)", "    a2 = pl.yield_(a1)",
                  "else:", "    a2 = pl.yield_(a)", "return a2"});
}

TEST_F(ConvertToSSATest, NameNewInBothBranchesGetsAPhi) {
  ExpectConverts({"if n == 0:", "    t = pl.add(x, 1.0)", "else:", "    t = x", "return t"},
                 {"if n == 0:", "    t1 = pl.add(x, 1.0)", "    t = pl.yield_(t1)", "else:",
                  "    t2 = x", "    t = pl.yield_(t2)", "return t"});
}

TEST_F(ConvertToSSATest, EscapingNameStartsFromTheOutParam) {
  ExpectConverts({"for i in pl.range(4):", "    t = pl.add(x, 1.0)", "return t"},
                 {"for i, (t0,) in pl.range(4, init_values=(o,)):", "    t1 = pl.add(x, 1.0)",
                  "    t2 = pl.yield_(t1)", "return t2"});
}

TEST_F(ConvertToSSATest, ExistingIterArgsComeFirst) {
  ExpectConverts({"a = x", "for i, (acc,) in pl.range(4, init_values=(x,)):",
                  "    a = pl.add(a, acc)", "    r = pl.yield_(acc)", "return a"},
                 {"a = x", "for i, (acc, a1) in pl.range(4, init_values=(x, a)):",
                  "    a2 = pl.add(a1, acc)", "    r, a3 = pl.yield_(acc, a2)", "return a3"});
}

TEST_F(ConvertToSSATest, PreSSALoopYieldsTheRebinding) {
  ExpectConverts({"for i, (acc,) in pl.range(4, init_values=(x,)):",
                  "    acc = pl.add(acc, 1.0)", "return x"},
                 {"for i, (acc,) in pl.range(4, init_values=(x,)):",
                  "    acc1 = pl.add(acc, 1.0)", "    r = pl.yield_(acc1)", "return x"});
}

TEST_F(ConvertToSSATest, ABranchEndingInAJumpNeedsNoPhi) {
  ExpectConverts({"for i, (acc,) in pl.range(4, init_values=(x,)):", "    if i < 2:",
                  "        y = pl.add(acc, 1.0)", "    else:", "        break",
                  "    r = pl.yield_(y)", "return r"},
                 {"for i, (acc,) in pl.range(4, init_values=(x,)):", "    if i < 2:",
                  "        y = pl.add(acc, 1.0)", "    else:", "        break",
                  "    r = pl.yield_(y)", "return r"});
}

TEST_F(ConvertToSSATest, SSAInputComesBackAsTheSameObject) {
  ir::Program p = Parse({"a = pl.add(x, 1.0)", "for i, (acc,) in pl.range(4, init_values=(a,)):",
                         "    b = pl.add(acc, 1.0)", "    r = pl.yield_(b)", "return r"});
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(ConvertToSSATest, CarriedNameAssignedBeforeABreakIsAnError) {
  EXPECT_THAT(ErrorOf({"a = x", "for i in pl.range(4):", "    a = pl.add(a, 1.0)",
                       "    if i == 2:", "        break", "return a"}),
              HasSubstr("t.py:8:9: error: ConvertToSSA: this loop assigns 'a', which lives on "
                        "after an iteration, before a break or continue; carry it with "
                        "init_values and pl.yield_, or move the loop into an InCore function"));
}

TEST_F(ConvertToSSATest, JumpsBeforeTheCarriedAssignmentsCarryTheIterationsValues) {
  // A continue or break ahead of every assignment of `a` leaves `a` as the
  // iteration found it, which is what the loop's jumps carry.
  ExpectRewrites({"a = x", "for i in pl.range(8):", "    if i < 2:", "        continue",
                  "    if i > 5:", "        break", "    a = pl.add(a, 1.0)", "return a"},
                 {"a: pl.Tensor[[64], pl.FP32] = x",
                  "for i, (a_iter,) in pl.range(8, init_values=(a,)):", "    if i < 2:",
                  "        continue", "    if i > 5:", "        break",
                  "    a1: pl.Tensor[[64], pl.FP32] = pl.add(a_iter, 1.0)",
                  "    a_rv: pl.Tensor[[64], pl.FP32] = pl.yield_(a1)", "return a_rv"});
}

TEST_F(ConvertToSSATest, ValueFromOneBranchOnlyIsAnError) {
  EXPECT_THAT(ErrorOf({"if n == 0:", "    t = pl.add(x, 1.0)", "return t"}),
              HasSubstr("t.py:9:9: error: ConvertToSSA: 't' is read here, but the value "
                        "assigned to it in a loop body or branch does not reach this point"));
}

TEST_F(ConvertToSSATest, EscapingNameWithNoStartingValueIsAnError) {
  EXPECT_THAT(ErrorOf({"for i in pl.range(4):", "    s: pl.Scalar[pl.FP32] = 1.0",
                       "m = s + 1.0", "return x"}),
              HasSubstr("t.py:7:9: error: ConvertToSSA: 's' is assigned in this loop and read "
                        "after it, but no value of its type exists before the loop"));
}

}  // namespace
}  // namespace pto::passes
