#include "fuzz/known_issues.h"

#include <cstdlib>
#include <string>

#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser.h"

namespace pto::fuzz::known {
namespace {

constexpr char kHeader[] =
    "# pypto.program: P\nimport pypto.language as pl\n\n";

struct Flags {
  bool f1, f3, f4, f9, f10, f11;
};

Flags Check(const std::string& text) {
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "known.py");
  EXPECT_TRUE(p.ok()) << p.status();
  if (!p.ok()) return {};
  return {HasVarNamedLikeDynamicDim(*p), HasMixedDtypeExtent(*p), HasNonFiniteFloat(*p),
          HasCallTypeNamingCalleeParam(*p), HasNonIdentifierDimName(*p), HasEmptyComment(*p)};
}

// Each reproducer (the known_* files of fuzz/corpus/parser_fuzzer) trips
// exactly its own predicate.

TEST(KnownIssuesTest, F1LocalNamedLikeADynamicDim) {
  Flags f = Check(std::string(kHeader) + R"(M = pl.dynamic("N")

@pl.program
class P:
    @pl.function
    def f(self, N: pl.Tensor[[M], pl.FP32], x: pl.Tensor[[M], pl.FP32]):
        return)");
  EXPECT_TRUE(f.f1);
  EXPECT_FALSE(f.f3 || f.f4 || f.f9 || f.f10 || f.f11);
}

TEST(KnownIssuesTest, F3Int64ExtentInADeducedType) {
  Flags f = Check(std::string(kHeader) + R"(@pl.program
class P:
    @pl.function
    def f(self, b: pl.Scalar[pl.INT64], x: pl.Tensor[[64], pl.FP32]):
        t = pl.tile.load(x, [0], [64], [b])
        m = pl.tile.cmps(t, 0.0, cmp_type=1)
        return)");
  EXPECT_TRUE(f.f3);
  EXPECT_FALSE(f.f1 || f.f4 || f.f9 || f.f10 || f.f11);
}

TEST(KnownIssuesTest, F4FloatLiteralOverflow) {
  Flags f = Check(std::string(kHeader) + R"(@pl.program
class P:
    @pl.function
    def f(self) -> pl.Scalar[pl.FP32]:
        d: pl.Scalar[pl.FP32] = 1e999
        return d)");
  EXPECT_TRUE(f.f4);
  EXPECT_FALSE(f.f1 || f.f3 || f.f9 || f.f10 || f.f11);
}

TEST(KnownIssuesTest, F9CallTypeNamingACalleeParam) {
  Flags f = Check(std::string(kHeader) + R"(@pl.program
class P:
    @pl.function
    def g(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[n], pl.FP32]:
        t = pl.tensor.create([n], dtype=pl.FP32)
        return t
    @pl.function
    def f(self):
        r = self.g(3)
        return)");
  EXPECT_TRUE(f.f9);
  EXPECT_FALSE(f.f1 || f.f3 || f.f4 || f.f10 || f.f11);
}

TEST(KnownIssuesTest, F10DynamicDimNameThatIsNoIdentifier) {
  Flags f = Check(std::string(kHeader) + R"(N = pl.dynamic("a b")

@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[N], pl.FP32]):
        return)");
  EXPECT_TRUE(f.f10);
  EXPECT_FALSE(f.f1 || f.f3 || f.f4 || f.f9 || f.f11);
}

TEST(KnownIssuesTest, F11EmptyCommentLine) {
  Flags f = Check(std::string(kHeader) + R"(@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        #
        return a)");
  EXPECT_TRUE(f.f11);
  EXPECT_FALSE(f.f1 || f.f3 || f.f4 || f.f9 || f.f10);
}

// A program near all of them (a dynamic dim, INDEX extents, a call, a
// finite float, a same-named dim and string) trips none.
TEST(KnownIssuesTest, CleanProgramTripsNothing) {
  Flags f = Check(std::string(kHeader) + R"(N = pl.dynamic("N")

@pl.program
class P:
    @pl.function
    def g(self, x: pl.Tensor[[N, 64], pl.FP32]) -> pl.Tensor[[N, 64], pl.FP32]:
        return x
    @pl.function
    def f(self, b: pl.Scalar[pl.INDEX], x: pl.Tensor[[N, 64], pl.FP32]):
        # a comment
        t = pl.tile.load(x, [0, 0], [1, 64], [1, b])
        m = pl.tile.cmps(t, 1e30, cmp_type=1)
        r = self.g(x)
        return)");
  EXPECT_FALSE(f.f1 || f.f3 || f.f4 || f.f9 || f.f10 || f.f11);
}

TEST(KnownIssuesTest, NoSuppressionsEnvironmentTurnsEveryPredicateOff) {
  ASSERT_TRUE(SuppressionsEnabled());
  setenv("PTO_FUZZ_NO_SUPPRESSIONS", "1", 1);
  EXPECT_FALSE(SuppressionsEnabled());
  Flags f = Check(std::string(kHeader) + R"(N = pl.dynamic("a b")

@pl.program
class P:
    @pl.function
    def f(self, x: pl.Tensor[[N], pl.FP32]) -> pl.Scalar[pl.FP32]:
        d: pl.Scalar[pl.FP32] = 1e999
        return d)");
  unsetenv("PTO_FUZZ_NO_SUPPRESSIONS");
  EXPECT_FALSE(f.f1 || f.f3 || f.f4 || f.f9 || f.f10 || f.f11);
  EXPECT_TRUE(SuppressionsEnabled());
}

}  // namespace
}  // namespace pto::fuzz::known
