// tile.tquant_mx lowering: both group axes, with and without a used result,
// the workspace geometry, and the statement forms.
//
// The public aliases need tile.reinterpret_view to accept FP8E4M3FN and the
// FP8E8M0 scale alias; until the core does, the lowering tests skip (the
// last test pins how the gap surfaces meanwhile).

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/visitor.h"
#include "passes/lower_composite/test_util.h"

namespace pto::passes::lower_composite {
namespace {

using testing::ExpectLowersTo;
using testing::Prog;
using ::testing::AllOf;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr absl::string_view kFn =
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n";

constexpr absl::string_view kScale16x2 =
    "pl.Tile[[16, 2], pl.FP8E8M0, pl.Mem.Vec, pl.TileView(slayout=pl.TileLayout.row_major, "
    "fractal=32)]";

std::string Kernel(absl::string_view params, absl::string_view ret, absl::string_view body) {
  return Prog(absl::StrCat(kFn, "    def k(", params, ") -> ", ret, ":\n", body));
}

// --- group_axis = 1 ------------------------------------------------------------------------

// FP16 [16, 64]: 32 groups; scaling rounded up to 128 FP16 entries; X-to-ZZ
// tmp 64 + ceil(16/16) * 2 = 66 bytes, aligned to 96.
constexpr absl::string_view kAxis1Expected =
    R"(        pair__tq_max_tmp_v0 = pl.tile.create([1, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        pair__tq_scaling_alloc_tmp_v1 = pl.tile.create([1, 128], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        pair__tq_scaling_tmp_v2 = pl.tile.set_validshape(pair__tq_scaling_alloc_tmp_v1, 1, 32)
        pair__tq_raw_tmp_v3 = pl.tile.tquant_mx_raw(a, pair__tq_max_tmp_v0, pair__tq_scaling_tmp_v2, dtype=pl.FP8E4M3FN, group_axis=1)
        pair__tq_dst_tmp_v4 = pair__tq_raw_tmp_v3[0]
        pair__tq_exp_tmp_v5 = pair__tq_raw_tmp_v3[1]
        pair__tq_quant_tmp_v6 = pl.tile.reinterpret_view(pair__tq_dst_tmp_v4, dtype=pl.FP8E4M3FN)
        pair__tq_x2zz_tmp_tmp_v7 = pl.tile.create([1, 96], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        pair__tq_exp_zz_tmp_v8 = pl.tile.tmov_x2zz(pair__tq_exp_tmp_v5, pair__tq_x2zz_tmp_tmp_v7, group_axis=1, dst_rows=16, dst_cols=2)
        pair__tq_scale_tmp_v9 = pl.tile.reinterpret_view(pair__tq_exp_zz_tmp_v8, dtype=pl.FP8E8M0)
        pair = [pair__tq_quant_tmp_v6, pair__tq_scale_tmp_v9]
)";

TEST(TQuantMxTest, Axis1WithUsedResults) {
  constexpr absl::string_view kParams = "a: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]";
  ir::Context ctx;
  std::string expected = Kernel(kParams, kScale16x2, absl::StrCat(kAxis1Expected, R"(        q = pair__tq_quant_tmp_v6
        s = pair__tq_scale_tmp_v9
        return s)"));
  ir::Program out = ExpectLowersTo(ctx, Kernel(kParams, kScale16x2, R"(        pair = pl.tile.tquant_mx(a, group_axis=1)
        q = pair[0]
        s = pair[1]
        return s)"),
                                   expected, "a5");
  testing::ExpectPrinted(out, expected);
}

// An unused public result changes nothing: the calls stay, and the raw ops'
// written workspaces keep them alive under dead-code elimination.
TEST(TQuantMxTest, Axis1WithUnusedResult) {
  constexpr absl::string_view kParams = "a: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]";
  constexpr absl::string_view kRet = "pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]";
  ir::Context ctx;
  ir::Program out = ExpectLowersTo(ctx, Kernel(kParams, kRet, R"(        pair = pl.tile.tquant_mx(a, group_axis=1)
        return a)"),
                                   Kernel(kParams, kRet, absl::StrCat(kAxis1Expected, "        return a")),
                                   "a5");
  EXPECT_THAT(testing::CalledOps(out), AllOf(Contains("tile.tquant_mx_raw"),
                                             Contains("tile.tmov_x2zz"),
                                             Not(Contains("tile.tquant_mx"))));
  EXPECT_TRUE(ir::BuiltinOp("tile.tquant_mx_raw").has_side_effects());
  EXPECT_TRUE(ir::BuiltinOp("tile.tmov_x2zz").has_side_effects());
}

// FP32 above 1024 elements (a multiple of 256) runs TQUANT unrolled: two
// scaling entries per group, rounded up to 64.
TEST(TQuantMxTest, Axis1Fp32ScalingWorkspace) {
  struct Case {
    absl::string_view shape;
    absl::string_view scaling;
  } cases[] = {
      {"[16, 64]", "pl.tile.create([1, 64], dtype=pl.FP32"},   // 1024 elements: 32 -> 64
      {"[32, 64]", "pl.tile.create([1, 128], dtype=pl.FP32"},  // unrolled: 2 * 64 -> 128
      {"[16, 128]", "pl.tile.create([1, 128], dtype=pl.FP32"},  // unrolled: 2 * 64 -> 128
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.shape);
    std::string tile = absl::StrCat("pl.Tile[", c.shape, ", pl.FP32, pl.Mem.Vec]");
    ir::Context ctx;
    ir::Program out = testing::LowerAndCheck(
        testing::Parse(ctx, Kernel(absl::StrCat("a: ", tile), tile, R"(        pair = pl.tile.tquant_mx(a, group_axis=1)
        return a)")),
        "a5");
    ir::PrintOptions concise;
    concise.concise = true;
    EXPECT_THAT(ir::PrintProgram(out, concise),
                HasSubstr(absl::StrCat("pair__tq_scaling_alloc_tmp_v1 = ", c.scaling)));
  }
}

// --- group_axis = 0 ------------------------------------------------------------------------

// BF16 [32, 64] = [N, K]: transposed to [K, N] = [64, 32]; exponents [2, 32];
// DN -> ZZ [32, 2] with a 32-byte tmp; transpose_view gives the public
// [2, 32] col/col scale.
constexpr absl::string_view kAxis0Expected =
    R"(        pair__tq_src_kn_tmp_v0 = pl.tile.transpose(a, 0, 1)
        pair__tq_max_tmp_v1 = pl.tile.create([2, 32], dtype=pl.BF16, target_memory=pl.Mem.Vec)
        pair__tq_scaling_tmp_v2 = pl.tile.create([2, 32], dtype=pl.BF16, target_memory=pl.Mem.Vec)
        pair__tq_raw_tmp_v3 = pl.tile.tquant_mx_raw(pair__tq_src_kn_tmp_v0, pair__tq_max_tmp_v1, pair__tq_scaling_tmp_v2, dtype=pl.FP8E4M3FN, group_axis=0)
        pair__tq_dst_tmp_v4 = pair__tq_raw_tmp_v3[0]
        pair__tq_exp_tmp_v5 = pair__tq_raw_tmp_v3[1]
        pair__tq_quant_tmp_v6 = pl.tile.reinterpret_view(pair__tq_dst_tmp_v4, dtype=pl.FP8E4M3FN)
        pair__tq_x2zz_tmp_tmp_v7 = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        pair__tq_exp_zz_tmp_v8 = pl.tile.tmov_x2zz(pair__tq_exp_tmp_v5, pair__tq_x2zz_tmp_tmp_v7, group_axis=0)
        pair__tq_scale_tmp_v9 = pl.tile.reinterpret_view(pair__tq_exp_zz_tmp_v8, dtype=pl.FP8E8M0)
        pair__tq_scale_nn_tmp_v10 = pl.tile.transpose_view(pair__tq_scale_tmp_v9)
        pair = [pair__tq_quant_tmp_v6, pair__tq_scale_nn_tmp_v10]
)";

constexpr absl::string_view kAxis0Params = "a: pl.Tile[[32, 64], pl.BF16, pl.Mem.Vec]";
constexpr absl::string_view kScale2x32 =
    "pl.Tile[[2, 32], pl.FP8E8M0, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, "
    "slayout=pl.TileLayout.col_major, fractal=32)]";

TEST(TQuantMxTest, Axis0WithUsedResults) {
  ir::Context ctx;
  std::string expected = Kernel(kAxis0Params, kScale2x32, absl::StrCat(kAxis0Expected, R"(        q = pair__tq_quant_tmp_v6
        s = pair__tq_scale_nn_tmp_v10
        return s)"));
  ir::Program out = ExpectLowersTo(ctx, Kernel(kAxis0Params, kScale2x32, R"(        pair = pl.tile.tquant_mx(a, group_axis=0)
        q = pair[0]
        s = pair[1]
        return s)"),
                                   expected, "a5");
  testing::ExpectPrinted(out, expected);
}

TEST(TQuantMxTest, Axis0WithUnusedResult) {
  constexpr absl::string_view kRet = "pl.Tile[[32, 64], pl.BF16, pl.Mem.Vec]";
  ir::Context ctx;
  ExpectLowersTo(ctx, Kernel(kAxis0Params, kRet, R"(        pair = pl.tile.tquant_mx(a, group_axis=0)
        return a)"),
                 Kernel(kAxis0Params, kRet, absl::StrCat(kAxis0Expected, "        return a")), "a5");
}

// The recipe asks nothing of the target.
TEST(TQuantMxTest, TheRecipeIsTargetIndependent) {
  constexpr absl::string_view kRet = "pl.Tile[[32, 64], pl.BF16, pl.Mem.Vec]";
  for (absl::string_view backend : {"a2a3", "none"}) {
    ir::Context ctx;
    ExpectLowersTo(ctx, Kernel(kAxis0Params, kRet, R"(        pair = pl.tile.tquant_mx(a, group_axis=0)
        return a)"),
                   Kernel(kAxis0Params, kRet, absl::StrCat(kAxis0Expected, "        return a")),
                   backend);
  }
}

// As an expression statement the tuple is dropped; the raw calls remain.
TEST(TQuantMxTest, EvalStatementKeepsTheRawCalls) {
  constexpr absl::string_view kParams = "a: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]";
  constexpr absl::string_view kRet = "pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]";
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(
      testing::Parse(ctx, Kernel(kParams, kRet, R"(        pl.tile.tquant_mx(a, group_axis=1)
        return a)")),
      "a5");
  std::vector<std::string> names = testing::AssignedNames(out);
  ASSERT_EQ(names.size(), 10u);
  EXPECT_EQ(names.front(), "eval__tq_max_tmp_v0");
  EXPECT_EQ(names.back(), "eval__tq_scale_tmp_v9");
}

}  // namespace
}  // namespace pto::passes::lower_composite
