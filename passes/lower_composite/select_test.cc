// tile.select lowering: each branch form on a5, a2a3 and without a backend,
// the TSELS -> TSEL fallbacks, valid-extent narrowing of a materialized
// scalar, and every rejection (the deducer's at parse time, the target's and
// the rule's in the pass).

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/lower_composite/test_util.h"

namespace pto::passes::lower_composite {
namespace {

using testing::ExpectLowersTo;
using testing::LowerError;
using testing::Prog;
using ::testing::AllOf;
using ::testing::HasSubstr;

constexpr absl::string_view kFn =
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n";

// k(a: T, b: T) with `body`; T is the tile type spelled `tile`.
std::string Kernel(absl::string_view tile, absl::string_view body) {
  return Prog(absl::StrCat(kFn, "    def k(a: ", tile, ", b: ", tile, ") -> ", tile, ":\n", body));
}

constexpr absl::string_view kF16 = "pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]";

// --- tile / tile: TSEL ------------------------------------------------------------------

constexpr absl::string_view kTileTile = R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s = pl.tile.select(m, a, b)
        return s)";

TEST(SelectTest, TwoTilesUseTselWithTheBackendsScratch) {
  struct Case {
    absl::string_view backend;
    absl::string_view scratch;
  } cases[] = {
      {"a5", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
      {"a2a3", "pl.tile.create([1, 16], dtype=pl.UINT32, target_memory=pl.Mem.Vec)"},
      {"none", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.backend);
    ir::Context ctx;
    std::string expected = Kernel(kF16, absl::StrCat(R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s__sel_tmp_tmp_v0 = )", c.scratch, R"(
        s = pl.tile.sel(m, a, b, s__sel_tmp_tmp_v0)
        return s)"));
    ir::Program out = ExpectLowersTo(ctx, Kernel(kF16, kTileTile), expected, c.backend);
    testing::ExpectPrinted(out, expected);
  }
}

// --- tile / scalar: TSELS -----------------------------------------------------------------

TEST(SelectTest, TileAndScalarUseTsels) {
  struct Case {
    absl::string_view backend;
    absl::string_view scratch;
  } cases[] = {
      {"a5", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
      // A2/A3 sizes TSELS's scratch as one physical source row.
      {"a2a3", "pl.tile.create([1, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)"},
      {"none", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.backend);
    ir::Context ctx;
    std::string expected = Kernel(kF16, absl::StrCat(R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s__sel_tmp_tmp_v0 = )", c.scratch, R"(
        s = pl.tile.sels(m, a, s__sel_tmp_tmp_v0, pl.const(0.0, pl.FP16))
        return s)"));
    ir::Program out = ExpectLowersTo(ctx, Kernel(kF16, R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s = pl.tile.select(m, a, 0.0)
        return s)"),
                                     expected, c.backend);
    testing::ExpectPrinted(out, expected);
  }
}

TEST(SelectTest, UnsignedSourcesPairWithASignedTselsScalar) {
  constexpr absl::string_view kU8 = "pl.Tile[[16, 64], pl.UINT8, pl.Mem.Vec]";
  ir::Context ctx;
  ExpectLowersTo(ctx, Kernel(kU8, R"(        m = pl.tile.cmps(a, 0, cmp_type=4)
        s = pl.tile.select(m, a, 5)
        return s)"),
                 Kernel(kU8, R"(        m = pl.tile.cmps(a, 0, cmp_type=4)
        t = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sels(m, a, t, pl.const(5, pl.INT8))
        return s)"),
                 "a5");
  // 200 does not fit INT8, so TSELS cannot carry it: TSEL with a UINT8 full.
  ExpectLowersTo(ctx, Kernel(kU8, R"(        m = pl.tile.cmps(a, 0, cmp_type=4)
        s = pl.tile.select(m, a, 200)
        return s)"),
                 Kernel(kU8, R"(        m = pl.tile.cmps(a, 0, cmp_type=4)
        f = pl.tile.full([16, 64], dtype=pl.UINT8, value=pl.const(200, pl.UINT8))
        t = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sel(m, a, f, t)
        return s)"),
                 "a5");
}

// BF16 has TSEL but no TSELS on both targets; without a backend the TSELS
// operand rules themselves reject it. Each falls back to TSEL.
TEST(SelectTest, TileAndScalarFallBackToTselWhenTselsCannotRun) {
  constexpr absl::string_view kBf16 = "pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec]";
  struct Case {
    absl::string_view backend;
    absl::string_view scratch;
  } cases[] = {
      {"a5", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
      {"a2a3", "pl.tile.create([1, 16], dtype=pl.UINT32, target_memory=pl.Mem.Vec)"},
      {"none", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.backend);
    ir::Context ctx;
    std::string expected = Kernel(kBf16, absl::StrCat(R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s__sel_false_tmp_v0 = pl.tile.full([16, 64], dtype=pl.BF16, value=pl.const(2.0, pl.BF16))
        s__sel_tmp_tmp_v1 = )", c.scratch, R"(
        s = pl.tile.sel(m, a, s__sel_false_tmp_v0, s__sel_tmp_tmp_v1)
        return s)"));
    ir::Program out = ExpectLowersTo(ctx, Kernel(kBf16, R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s = pl.tile.select(m, a, 2.0)
        return s)"),
                                     expected, c.backend);
    testing::ExpectPrinted(out, expected);
  }
}

// --- scalar / tile: materialized on_true + TSEL ---------------------------------------------

TEST(SelectTest, ScalarTrueIsMaterializedForTsel) {
  struct Case {
    absl::string_view backend;
    absl::string_view scratch;
  } cases[] = {
      {"a5", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
      {"a2a3", "pl.tile.create([1, 16], dtype=pl.UINT32, target_memory=pl.Mem.Vec)"},
      {"none", "pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.backend);
    ir::Context ctx;
    std::string expected = Kernel(kF16, absl::StrCat(R"(        m = pl.tile.cmps(b, 0.0, cmp_type=4)
        s__sel_true_tmp_v0 = pl.tile.full([16, 64], dtype=pl.FP16, value=pl.const(1.5, pl.FP16))
        s__sel_tmp_tmp_v1 = )", c.scratch, R"(
        s = pl.tile.sel(m, s__sel_true_tmp_v0, b, s__sel_tmp_tmp_v1)
        return s)"));
    ir::Program out = ExpectLowersTo(ctx, Kernel(kF16, R"(        m = pl.tile.cmps(b, 0.0, cmp_type=4)
        s = pl.tile.select(m, 1.5, b)
        return s)"),
                                     expected, c.backend);
    testing::ExpectPrinted(out, expected);
  }
}

// A tail-narrowed select keeps its valid extent: the materialized full is
// narrowed to the other branch's valid shape with tile.set_validshape (a
// re-typed tile.full would not survive re-deduction).
TEST(SelectTest, MaterializedScalarTakesTheOtherBranchsView) {
  constexpr absl::string_view kPartial =
      "pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40])]";
  ir::Context ctx;
  // The full is re-typed with the other branch's view, not narrowed by a
  // second op; its annotation carries the view through print and parse.
  std::string expected = Kernel(kPartial, R"(        m = pl.tile.cmps(b, 0.0, cmp_type=4)
        s__sel_true_tmp_v0: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 40])] = pl.tile.full([16, 64], dtype=pl.FP32, value=1.0)
        s__sel_tmp_tmp_v1 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sel(m, s__sel_true_tmp_v0, b, s__sel_tmp_tmp_v1)
        return s)");
  ExpectLowersTo(ctx, Kernel(kPartial, R"(        m = pl.tile.cmps(b, 0.0, cmp_type=4)
        s = pl.tile.select(m, 1.0, b)
        return s)"),
                                   expected, "a5");
  // The TSEL fallback of tile/scalar views its on_false the same way.
  constexpr absl::string_view kPartialBf16 =
      "pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[9, 64])]";
  ExpectLowersTo(ctx, Kernel(kPartialBf16, R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s = pl.tile.select(m, a, 0.0)
        return s)"),
                 Kernel(kPartialBf16, R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        f: pl.Tile[[16, 64], pl.BF16, pl.Mem.Vec, pl.TileView(valid_shape=[9, 64])] = pl.tile.full([16, 64], dtype=pl.BF16, value=pl.const(0.0, pl.BF16))
        t = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sel(m, a, f, t)
        return s)"),
                 "a5");
}

// TSELS needs rank 2; an ND select takes the TSEL path (nothing is rejected
// for rank).
TEST(SelectTest, NdOperandsTakeTheTselPath) {
  constexpr absl::string_view kNd = "pl.Tile[[2, 8, 64], pl.FP32, pl.Mem.Vec]";
  ir::Context ctx;
  ExpectLowersTo(ctx, Kernel(kNd, R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        s = pl.tile.select(m, a, 0.0)
        return s)"),
                 Kernel(kNd, R"(        m = pl.tile.cmps(a, 0.0, cmp_type=4)
        f = pl.tile.full([2, 8, 64], dtype=pl.FP32, value=0.0)
        t = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sel(m, a, f, t)
        return s)"),
                 "a5");
}

// --- Rejections ---------------------------------------------------------------------------

TEST(SelectTest, A2a3CannotSelectEightBitValues) {
  for (absl::string_view dtype : {"INT8", "UINT8"}) {
    std::string tile = absl::StrCat("pl.Tile[[16, 64], pl.", dtype, ", pl.Mem.Vec]");
    for (absl::string_view body : {kTileTile, absl::string_view(R"(        m = pl.tile.cmps(a, 0, cmp_type=4)
        s = pl.tile.select(m, a, 1)
        return s)")}) {
      std::string message = LowerError(Kernel(tile, body), "a2a3");
      EXPECT_THAT(message,
                  AllOf(HasSubstr("test.py:9:13: error: tile.select cannot select "),
                        HasSubstr("values on backend 'a2a3': neither pto.tsel nor pto.tsels"),
                        HasSubstr("cast the operands to a wider type first")));
    }
  }
  // The same selects are fine on a5.
  ir::Context ctx;
  testing::LowerAndCheck(
      testing::Parse(ctx, Kernel("pl.Tile[[16, 64], pl.INT8, pl.Mem.Vec]", kTileTile)), "a5");
}

// Nothing is rejected for rank: a partial valid shape is carried by the
// view at any rank, on either branch.
TEST(SelectTest, RankNPartialScalarBranchesTakeTheView) {
  constexpr absl::string_view kNdPartial =
      "pl.Tile[[2, 8, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 8, 40])]";
  ir::Context ctx;
  for (absl::string_view call : {"pl.tile.select(m, 1.0, b)", "pl.tile.select(m, b, 1.0)"}) {
    SCOPED_TRACE(call);
    bool on_true = absl::StartsWith(call, "pl.tile.select(m, 1.0");
    ExpectLowersTo(
        ctx,
        Kernel(kNdPartial, absl::StrCat("        m = pl.tile.cmps(b, 0.0, cmp_type=4)\n        s = ",
                                        call, "\n        return s")),
        Kernel(kNdPartial,
               absl::StrCat("        m = pl.tile.cmps(b, 0.0, cmp_type=4)\n        f: ", kNdPartial,
                            " = pl.tile.full([2, 8, 64], dtype=pl.FP32, value=1.0)\n"
                            "        t = pl.tile.create([1, 32], dtype=pl.UINT8, "
                            "target_memory=pl.Mem.Vec)\n        s = pl.tile.sel(m, ",
                            on_true ? "f, b" : "b, f", ", t)\n        return s")),
        "a5");
  }
}

// The view is the other branch's whole view, layout included.
TEST(SelectTest, ScalarTrueTakesAColumnMajorLayout) {
  constexpr absl::string_view kCol =
      "pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major)]";
  ir::Context ctx;
  ExpectLowersTo(ctx, Kernel(kCol, R"(        m = pl.tile.cmps(b, 0.0, cmp_type=4)
        s = pl.tile.select(m, 1.0, b)
        return s)"),
                 Kernel(kCol, absl::StrCat(R"(        m = pl.tile.cmps(b, 0.0, cmp_type=4)
        f: )", kCol, R"( = pl.tile.full([16, 64], dtype=pl.FP32, value=1.0)
        t = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sel(m, f, b, t)
        return s)")),
                 "a5");
}

// The deducer's rejections land on the user's call when the program is
// built, before the pass runs.
TEST(SelectTest, DeducerRejectionsPointAtTheCall) {
  struct Case {
    absl::string_view body;
    absl::string_view message;
  } cases[] = {
      {"s = pl.tile.select(a, a, b)",
       "tile.select: cond must be the packed predicate mask of a FP16 [16, 64] selection"},
      {"s = pl.tile.select(m, 1.0, 2.0)", "tile.select: no shape to select into"},
      {"s = pl.tile.select(m, a, pl.tile.cast(b, target_type=pl.FP32, mode='none'))",
       "tile.select: on_true and on_false must have the same dtype, got FP16 and FP32"},
      {"s = pl.tile.select(m, a, pl.tile.load(x, [0, 0], [1, 64], [1, 64], "
       "target_memory=pl.Mem.Vec))",
       "tile.select: on_true and on_false must have the same physical shape, got [16, 64] and "
       "[1, 64]"},
      {"s = pl.tile.select(m, a, pl.tile.load(x, [0, 0], [16, 64], [16, 8], "
       "target_memory=pl.Mem.Vec))",
       "tile.select: on_true and on_false must have the same valid shape"},
      {"s = pl.tile.select(m, a, n)",
       "tile.select: scalar on_false must be a compile-time constant"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.body);
    std::string text = Prog(absl::StrCat(
        kFn, "    def k(a: ", kF16, ", b: ", kF16,
        ", x: pl.Tensor[[16, 64], pl.FP16], n: pl.Scalar[pl.FP16]) -> ", kF16, ":\n",
        "        m = pl.tile.cmps(a, 0.0, cmp_type=4)\n        ", c.body, "\n        return s"));
    ir::Context ctx;
    absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "test.py");
    ASSERT_FALSE(p.ok());
    EXPECT_THAT(p.status().message(), AllOf(HasSubstr("test.py:9:"), HasSubstr(c.message)));
  }
}

}  // namespace
}  // namespace pto::passes::lower_composite
