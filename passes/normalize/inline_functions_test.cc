#include "passes/normalize/inline_functions.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/normalize/pass_test_fixture.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

constexpr absl::string_view kAddHelper = R"(
    @pl.function(type=pl.FunctionType.Inline)
    def helper(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y: pl.Tensor[[4], pl.FP32] = pl.add(x, x)
        return y
)";

class InlineFunctionsTest : public NormalizePassTest {
 protected:
  InlineFunctionsTest() : NormalizePassTest(CreateInlineFunctionsPass()) {}

  // The fixture's checks, and no Inline function is left.
  void ExpectRewrites(absl::string_view before, absl::string_view expected) {
    absl::StatusOr<ir::Program> out = CheckedProgramRewrite(before, expected);
    if (!out.ok()) return;
    for (const ir::Function* f : out->functions()) {
      EXPECT_NE(f->func_type(), ir::FunctionType::kInline) << f->name();
    }
  }
};

TEST_F(InlineFunctionsTest, ProgramWithoutInlineFunctionsIsReturnedAsIs) {
  ir::Program p = ParseFunctions(R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        return a
)");
  absl::StatusOr<ir::Program> out = Run(p);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->SameAs(p));
}

TEST_F(InlineFunctionsTest, CallSiteGetsTheBodyAndTheFunctionGoes) {
  ExpectRewrites(absl::StrCat(kAddHelper, R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r: pl.Tensor[[4], pl.FP32] = self.helper(a)
        return r
)"),
                 R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y: pl.Tensor[[4], pl.FP32] = pl.add(a, a)
        r: pl.Tensor[[4], pl.FP32] = y
        return r
)");
}

TEST_F(InlineFunctionsTest, EachCallSiteGetsItsOwnLocals) {
  // Two copies of `y` are two Vars: the expected program has two names.
  ExpectRewrites(absl::StrCat(kAddHelper, R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r: pl.Tensor[[4], pl.FP32] = self.helper(a)
        s: pl.Tensor[[4], pl.FP32] = self.helper(r)
        return s
)"),
                 R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y0: pl.Tensor[[4], pl.FP32] = pl.add(a, a)
        r: pl.Tensor[[4], pl.FP32] = y0
        y1: pl.Tensor[[4], pl.FP32] = pl.add(r, r)
        s: pl.Tensor[[4], pl.FP32] = y1
        return s
)");
}

TEST_F(InlineFunctionsTest, ReassignedTensorParamWritesTheCallersTensor) {
  ExpectRewrites(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def put(self, x: pl.Tensor[[4], pl.FP32], out: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
        for i in pl.range(2):
            out = pl.tensor.assemble(out, x, [0])
        return out

    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32], ext: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
        self.put(a, ext)
        v: pl.Tensor[[4], pl.FP32] = self.put(a, ext)
        return v
)",
                 R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32], ext: pl.Out[pl.Tensor[[4], pl.FP32]]) -> pl.Tensor[[4], pl.FP32]:
        for i in pl.range(2):
            ext = pl.tensor.assemble(ext, a, [0])
        for j in pl.range(2):
            ext = pl.tensor.assemble(ext, a, [0])
        v: pl.Tensor[[4], pl.FP32] = ext
        return v
)");
}

TEST_F(InlineFunctionsTest, ReassignedScalarParamGetsALocalCopy) {
  // Rebinding a scalar inside the function must not change the caller's.
  ExpectRewrites(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def bump(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        n = n + 1
        return n

    @pl.function
    def main(self, k: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        m: pl.Scalar[pl.INDEX] = self.bump(k)
        t: pl.Scalar[pl.INDEX] = m + k
        return t
)",
                 R"(
    @pl.function
    def main(self, k: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        n: pl.Scalar[pl.INDEX] = k
        n = n + 1
        m: pl.Scalar[pl.INDEX] = n
        t: pl.Scalar[pl.INDEX] = m + k
        return t
)");
}

TEST_F(InlineFunctionsTest, SeveralResultsAreReadDirectly) {
  constexpr absl::string_view kProj = R"(
    @pl.function(type=pl.FunctionType.Inline)
    def proj(self, x: pl.Tensor[[4], pl.FP32], o0: pl.Out[pl.Tensor[[4], pl.FP32]], o1: pl.Out[pl.Tensor[[4], pl.FP32]]) -> tuple[pl.Tensor[[4], pl.FP32], pl.Tensor[[4], pl.FP32]]:
        o0 = pl.tensor.assemble(o0, x, [0])
        o1 = pl.tensor.assemble(o1, x, [0])
        t = (o0, o1)
        return t
)";
  constexpr absl::string_view kSig =
      "def main(self, a: pl.Tensor[[4], pl.FP32], q: pl.Out[pl.Tensor[[4], pl.FP32]], "
      "k: pl.Out[pl.Tensor[[4], pl.FP32]]) -> tuple[pl.Tensor[[4], pl.FP32], "
      "pl.Tensor[[4], pl.FP32]]:\n";
  const std::string expected_body =
      "        q = pl.tensor.assemble(q, a, [0])\n        k = pl.tensor.assemble(k, a, [0])\n";
  ExpectRewrites(absl::StrCat(kProj, "    @pl.function\n    ", kSig,
                              "        y0, y1 = self.proj(a, q, k)\n        return y0, y1\n"),
                 absl::StrCat("    @pl.function\n    ", kSig, expected_body,
                              "        y0: pl.Tensor[[4], pl.FP32] = q\n"
                              "        y1: pl.Tensor[[4], pl.FP32] = k\n"
                              "        return y0, y1\n"));
  ExpectRewrites(absl::StrCat(kProj, "    @pl.function\n    ", kSig,
                              "        return self.proj(a, q, k)\n"),
                 absl::StrCat("    @pl.function\n    ", kSig, expected_body,
                              "        return q, k\n"));
}

TEST_F(InlineFunctionsTest, BareCallDropsTheResultAndSelfAssignmentIsElided) {
  ExpectRewrites(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def same(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        return x

    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        self.same(a)
        a = self.same(a)
        return a
)",
                 R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        return a
)");
}

TEST_F(InlineFunctionsTest, InlineFunctionsCallingInlineFunctionsExpandFully) {
  ExpectRewrites(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def quad(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        s: pl.Tensor[[4], pl.FP32] = self.square(x)
        s2: pl.Tensor[[4], pl.FP32] = self.square(s)
        return s2

    @pl.function(type=pl.FunctionType.Inline)
    def square(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y: pl.Tensor[[4], pl.FP32] = pl.mul(x, x)
        return y

    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        return self.quad(a)
)",
                 R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y0: pl.Tensor[[4], pl.FP32] = pl.mul(a, a)
        s: pl.Tensor[[4], pl.FP32] = y0
        y1: pl.Tensor[[4], pl.FP32] = pl.mul(s, s)
        s2: pl.Tensor[[4], pl.FP32] = y1
        return s2
)");
}

TEST_F(InlineFunctionsTest, ArgumentThatIsACallIsComputedOnce) {
  ExpectRewrites(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def twice(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y: pl.Tensor[[4], pl.FP32] = pl.add(x, x)
        return y

    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r: pl.Tensor[[4], pl.FP32] = self.twice(pl.exp(a))
        return r
)",
                 R"(
    @pl.function
    def main(self, a: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        x: pl.Tensor[[4], pl.FP32] = pl.exp(a)
        y: pl.Tensor[[4], pl.FP32] = pl.add(x, x)
        r: pl.Tensor[[4], pl.FP32] = y
        return r
)");
}

TEST_F(InlineFunctionsTest, RecursionIsAnErrorNamingTheCycle) {
  std::string err = ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def a(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y: pl.Tensor[[4], pl.FP32] = self.b(x)
        return y

    @pl.function(type=pl.FunctionType.Inline)
    def b(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        y: pl.Tensor[[4], pl.FP32] = self.a(x)
        return y

    @pl.function
    def main(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r: pl.Tensor[[4], pl.FP32] = self.a(x)
        return r
)");
  EXPECT_THAT(err, HasSubstr("t.py:13:43: error: InlineFunctions: Inline function 'a' calls "
                             "itself (a -> b -> a)"));
}

TEST_F(InlineFunctionsTest, ErrorsAreLocatedAndNameTheFunction) {
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def f(self, x: pl.Tensor[[4], pl.FP32], c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[4], pl.FP32]:
        if c == 0:
            return x
        y: pl.Tensor[[4], pl.FP32] = pl.add(x, x)
        return y

    @pl.function
    def main(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r: pl.Tensor[[4], pl.FP32] = self.f(x, 0)
        return r
)"),
              HasSubstr("t.py:9:13: error: InlineFunctions: Inline function 'f' returns before "
                        "the end of its body"));
  EXPECT_THAT(ErrorOfProgram(absl::StrCat(kAddHelper, R"(
    @pl.function
    def main(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r: pl.Tensor[[4], pl.FP32] = pl.add(self.helper(x), x)
        return r
)")),
              HasSubstr("t.py:13:50: error: InlineFunctions: the call of Inline function "
                        "'helper' is nested in an expression"));
  EXPECT_THAT(ErrorOfProgram(R"(
    @pl.function(type=pl.FunctionType.Inline)
    def noop(self, x: pl.Tensor[[4], pl.FP32]):
        y: pl.Tensor[[4], pl.FP32] = pl.add(x, x)

    @pl.function
    def main(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r = self.noop(x)
        return r
)"),
              HasSubstr("Inline function 'noop' returns nothing"));
  EXPECT_THAT(ErrorOfProgram(absl::StrCat(kAddHelper, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        with pl.manual_scope():
            a, a_tid = pl.submit(self.helper, x)
        return a
)")),
              HasSubstr("pl.submit of Inline function 'helper'"));
  EXPECT_THAT(ErrorOfProgram(absl::StrCat(kAddHelper, R"(
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def main(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:
        r: pl.Tensor[[4], pl.FP32] = self.helper(x, attrs={"tag": 1})
        return r
)")),
              HasSubstr("t.py:13:43: error: InlineFunctions: the call of Inline function "
                        "'helper' has dispatch options"));
}

}  // namespace
}  // namespace pto::passes
