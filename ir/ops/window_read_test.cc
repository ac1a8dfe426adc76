// WindowReadValidExtent: the two narrowings agree where the prover decides
// and differ only where it cannot.

#include "ir/ops/window_read.h"

#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {
namespace {

class WindowReadTest : public ::testing::Test {
 protected:
  std::string Extent(WindowReadDim d, WindowNarrowing n, bool clamp = false) {
    return FormatExpr(WindowReadValidExtent(ctx_, d, clamp, n));
  }
  const Expr* I(int64_t v) { return ctx_.Index(v); }
  const Expr* Sym(absl::string_view name) {
    return ctx_.NewVar(name, ctx_.GetScalarType(DataType::kIndex));
  }
  Context ctx_;
};

TEST_F(WindowReadTest, StaticExtentsFoldUnderBothNarrowings) {
  for (WindowNarrowing n :
       {WindowNarrowing::kProven, WindowNarrowing::kExact, WindowNarrowing::kRuntime}) {
    // [16] holding 8 valid, read [16] from 0, 4 and 12.
    EXPECT_EQ(Extent({I(16), I(8), I(0), I(16), I(16)}, n), "8");
    EXPECT_EQ(Extent({I(16), I(8), I(4), I(8), I(8)}, n), "4");
    EXPECT_EQ(Extent({I(16), I(8), I(12), I(4), I(4)}, n), "0");
    // A smaller request wins; a fully valid source leaves the request.
    EXPECT_EQ(Extent({I(16), I(8), I(0), I(16), I(5)}, n), "5");
    EXPECT_EQ(Extent({I(16), I(16), I(0), I(16), I(7)}, n), "7");
  }
}

TEST_F(WindowReadTest, OnlyTheExactNarrowingBuildsARuntimeMin) {
  const Expr* v = Sym("V");
  const Expr* n = Sym("N");
  const Expr* req = Sym("req");
  // min(V, 16) is provably within a request of 16, so both narrow to it.
  EXPECT_EQ(Extent({I(64), v, I(0), I(16), I(16)}, WindowNarrowing::kProven), "min(V, 16)");
  EXPECT_EQ(Extent({I(64), v, I(0), I(16), I(16)}, WindowNarrowing::kExact), "min(V, 16)");
  // Against a symbolic request kProven keeps the request, kExact the min.
  EXPECT_EQ(Extent({I(64), v, I(0), I(16), req}, WindowNarrowing::kProven), "req");
  EXPECT_EQ(Extent({I(64), v, I(0), I(16), req}, WindowNarrowing::kExact), "min(req, min(V, 16))");
  // A fully valid symbolic source: the window edge is a runtime bound.
  EXPECT_EQ(Extent({n, n, I(0), I(16), I(16)}, WindowNarrowing::kProven), "16");
  EXPECT_EQ(Extent({n, n, I(0), I(16), I(16)}, WindowNarrowing::kExact), "min(N, 16)");
  // A static fully valid source: an in-bounds read is the precondition.
  EXPECT_EQ(Extent({I(64), I(64), Sym("c"), I(16), req}, WindowNarrowing::kExact), "req");
  // kRuntime keeps the window's bound on that request as well.
  EXPECT_EQ(Extent({I(64), I(64), Sym("c"), I(16), req}, WindowNarrowing::kRuntime),
            "min(req, 16)");
  EXPECT_EQ(Extent({I(64), v, I(0), I(16), req}, WindowNarrowing::kRuntime),
            "min(req, min(V, 16))");
}

TEST_F(WindowReadTest, ClampNarrowsAFullyValidSourceToItsEdge) {
  EXPECT_EQ(Extent({I(20), I(20), I(16), I(16), I(16)}, WindowNarrowing::kProven, true), "4");
}

}  // namespace
}  // namespace pto::ir
