// tile.sin / tile.cos lowering: the exact recipe (op sequence, constants,
// cast modes, temporary names) against expected programs written as DSL text.

#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/visitor.h"
#include "passes/lower_composite/test_util.h"

namespace pto::passes::lower_composite {
namespace {

using testing::ExpectLowersTo;
using testing::Prog;
using ::testing::ElementsAreArray;

constexpr absl::string_view kTrigInput = R"(    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x_tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        y_tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.OP(x_tile)
        r: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(y_tile, [0, 0], out)
        return r)";

std::string TrigInput(absl::string_view op) {
  return Prog(absl::StrReplaceAll(kTrigInput, {{"OP", op}}));
}

// 30 temporaries + the final assignment.
constexpr absl::string_view kSinExpected = R"(    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x_tile = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        y_tile__pi_inv_x_tmp_v0 = pl.tile.muls(x_tile, 0.31830987334251404)
        y_tile__k_i_tmp_v1 = pl.tile.cast(y_tile__pi_inv_x_tmp_v0, target_type=pl.INT32, mode='round')
        y_tile__k_f_tmp_v2 = pl.tile.cast(y_tile__k_i_tmp_v1, target_type=pl.FP32, mode='none')
        y_tile__k_pi_v2_tmp_v3 = pl.tile.muls(y_tile__k_f_tmp_v2, 3.140625)
        y_tile__t0_tmp_v4 = pl.tile.sub(x_tile, y_tile__k_pi_v2_tmp_v3)
        y_tile__k_pi_c1_tmp_v5 = pl.tile.muls(y_tile__k_f_tmp_v2, 0.0009670257568359375)
        y_tile__t1_tmp_v6 = pl.tile.sub(y_tile__t0_tmp_v4, y_tile__k_pi_c1_tmp_v5)
        y_tile__k_pi_c2_tmp_v7 = pl.tile.muls(y_tile__k_f_tmp_v2, 6.2771141529083252e-07)
        y_tile__t2_tmp_v8 = pl.tile.sub(y_tile__t1_tmp_v6, y_tile__k_pi_c2_tmp_v7)
        y_tile__k_pi_c3_tmp_v9 = pl.tile.muls(y_tile__k_f_tmp_v2, 1.2164491636212915e-10)
        y_tile__t3_tmp_v10 = pl.tile.sub(y_tile__t2_tmp_v8, y_tile__k_pi_c3_tmp_v9)
        y_tile__k_pi_c4_tmp_v11 = pl.tile.muls(y_tile__k_f_tmp_v2, -1.0290622927356871e-13)
        y_tile__t4_tmp_v12 = pl.tile.sub(y_tile__t3_tmp_v10, y_tile__k_pi_c4_tmp_v11)
        y_tile__half_k_tmp_v13 = pl.tile.muls(y_tile__k_f_tmp_v2, 0.5)
        y_tile__floor_hk_i_tmp_v14 = pl.tile.cast(y_tile__half_k_tmp_v13, target_type=pl.INT32, mode='floor')
        y_tile__floor_hk_f_tmp_v15 = pl.tile.cast(y_tile__floor_hk_i_tmp_v14, target_type=pl.FP32, mode='none')
        y_tile__floor_x4_tmp_v16 = pl.tile.muls(y_tile__floor_hk_f_tmp_v15, 4.0)
        y_tile__neg2_k_tmp_v17 = pl.tile.muls(y_tile__k_f_tmp_v2, -2.0)
        y_tile__sign_pre_tmp_v18 = pl.tile.add(y_tile__floor_x4_tmp_v16, y_tile__neg2_k_tmp_v17)
        y_tile__sign_tmp_v19 = pl.tile.adds(y_tile__sign_pre_tmp_v18, 1.0)
        y_tile__t2sq_tmp_v20 = pl.tile.mul(y_tile__t4_tmp_v12, y_tile__t4_tmp_v12)
        y_tile__p_r0_tmp_v21 = pl.tile.muls(y_tile__t2sq_tmp_v20, 2.6049265215988271e-06)
        y_tile__p_r1_tmp_v22 = pl.tile.adds(y_tile__p_r0_tmp_v21, -0.00019808944489341229)
        y_tile__p_t2_r1_tmp_v23 = pl.tile.mul(y_tile__p_r1_tmp_v22, y_tile__t2sq_tmp_v20)
        y_tile__p_r2_tmp_v24 = pl.tile.adds(y_tile__p_t2_r1_tmp_v23, 0.0083330497145652771)
        y_tile__p_t2_r2_tmp_v25 = pl.tile.mul(y_tile__p_r2_tmp_v24, y_tile__t2sq_tmp_v20)
        y_tile__p_r3_tmp_v26 = pl.tile.adds(y_tile__p_t2_r2_tmp_v25, -0.16666658222675323)
        y_tile__p_t2_r3_tmp_v27 = pl.tile.mul(y_tile__p_r3_tmp_v26, y_tile__t2sq_tmp_v20)
        y_tile__p_one_tmp_v28 = pl.tile.adds(y_tile__p_t2_r3_tmp_v27, 1.0)
        y_tile__t_p_tmp_v29 = pl.tile.mul(y_tile__t4_tmp_v12, y_tile__p_one_tmp_v28)
        y_tile = pl.tile.mul(y_tile__sign_tmp_v19, y_tile__t_p_tmp_v29)
        r = pl.tile.store(y_tile, [0, 0], out)
        return r)";

// 33 temporaries + the final assignment.
constexpr absl::string_view kCosExpected = R"(    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x_tile = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        y_tile__pi_inv_x_tmp_v0 = pl.tile.muls(x_tile, 0.31830987334251404)
        y_tile__k_pre_tmp_v1 = pl.tile.adds(y_tile__pi_inv_x_tmp_v0, 0.5)
        y_tile__k_i_tmp_v2 = pl.tile.cast(y_tile__k_pre_tmp_v1, target_type=pl.INT32, mode='rint')
        y_tile__k_f_tmp_v3 = pl.tile.cast(y_tile__k_i_tmp_v2, target_type=pl.FP32, mode='none')
        y_tile__k_pi_v2_tmp_v4 = pl.tile.muls(y_tile__k_f_tmp_v3, 3.140625)
        y_tile__t0_tmp_v5 = pl.tile.sub(x_tile, y_tile__k_pi_v2_tmp_v4)
        y_tile__k_pi_c1_tmp_v6 = pl.tile.muls(y_tile__k_f_tmp_v3, 0.0009670257568359375)
        y_tile__t1_tmp_v7 = pl.tile.sub(y_tile__t0_tmp_v5, y_tile__k_pi_c1_tmp_v6)
        y_tile__t1h_tmp_v8 = pl.tile.adds(y_tile__t1_tmp_v7, 1.5707963705062866)
        y_tile__k_pi_c2_tmp_v9 = pl.tile.muls(y_tile__k_f_tmp_v3, 6.2771141529083252e-07)
        y_tile__t2_tmp_v10 = pl.tile.sub(y_tile__t1h_tmp_v8, y_tile__k_pi_c2_tmp_v9)
        y_tile__k_pi_c3_tmp_v11 = pl.tile.muls(y_tile__k_f_tmp_v3, 1.2164491636212915e-10)
        y_tile__t3_tmp_v12 = pl.tile.sub(y_tile__t2_tmp_v10, y_tile__k_pi_c3_tmp_v11)
        y_tile__k_pi_c4_tmp_v13 = pl.tile.muls(y_tile__k_f_tmp_v3, -1.0290622927356871e-13)
        y_tile__t4_tmp_v14 = pl.tile.sub(y_tile__t3_tmp_v12, y_tile__k_pi_c4_tmp_v13)
        y_tile__t4t_tmp_v15 = pl.tile.adds(y_tile__t4_tmp_v14, -4.3711388286737929e-08)
        y_tile__half_k_tmp_v16 = pl.tile.muls(y_tile__k_f_tmp_v3, 0.5)
        y_tile__floor_hk_i_tmp_v17 = pl.tile.cast(y_tile__half_k_tmp_v16, target_type=pl.INT32, mode='floor')
        y_tile__floor_hk_f_tmp_v18 = pl.tile.cast(y_tile__floor_hk_i_tmp_v17, target_type=pl.FP32, mode='none')
        y_tile__floor_x4_tmp_v19 = pl.tile.muls(y_tile__floor_hk_f_tmp_v18, 4.0)
        y_tile__neg2_k_tmp_v20 = pl.tile.muls(y_tile__k_f_tmp_v3, -2.0)
        y_tile__sign_pre_tmp_v21 = pl.tile.add(y_tile__floor_x4_tmp_v19, y_tile__neg2_k_tmp_v20)
        y_tile__sign_tmp_v22 = pl.tile.adds(y_tile__sign_pre_tmp_v21, 1.0)
        y_tile__t2sq_tmp_v23 = pl.tile.mul(y_tile__t4t_tmp_v15, y_tile__t4t_tmp_v15)
        y_tile__p_r0_tmp_v24 = pl.tile.muls(y_tile__t2sq_tmp_v23, 2.6049265215988271e-06)
        y_tile__p_r1_tmp_v25 = pl.tile.adds(y_tile__p_r0_tmp_v24, -0.00019808944489341229)
        y_tile__p_t2_r1_tmp_v26 = pl.tile.mul(y_tile__p_r1_tmp_v25, y_tile__t2sq_tmp_v23)
        y_tile__p_r2_tmp_v27 = pl.tile.adds(y_tile__p_t2_r1_tmp_v26, 0.0083330497145652771)
        y_tile__p_t2_r2_tmp_v28 = pl.tile.mul(y_tile__p_r2_tmp_v27, y_tile__t2sq_tmp_v23)
        y_tile__p_r3_tmp_v29 = pl.tile.adds(y_tile__p_t2_r2_tmp_v28, -0.16666658222675323)
        y_tile__p_t2_r3_tmp_v30 = pl.tile.mul(y_tile__p_r3_tmp_v29, y_tile__t2sq_tmp_v23)
        y_tile__p_one_tmp_v31 = pl.tile.adds(y_tile__p_t2_r3_tmp_v30, 1.0)
        y_tile__t_p_tmp_v32 = pl.tile.mul(y_tile__t4t_tmp_v15, y_tile__p_one_tmp_v31)
        y_tile = pl.tile.mul(y_tile__sign_tmp_v22, y_tile__t_p_tmp_v32)
        r = pl.tile.store(y_tile, [0, 0], out)
        return r)";

// The counter continues across the two calls of one function.
constexpr absl::string_view kBothInput = R"(    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]:
        a: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.sin(x)
        b: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.cos(x)
        c: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(a, b)
        return c)";

constexpr absl::string_view kBothExpected = R"(    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]) -> pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]:
        a__pi_inv_x_tmp_v0 = pl.tile.muls(x, 0.31830987334251404)
        a__k_i_tmp_v1 = pl.tile.cast(a__pi_inv_x_tmp_v0, target_type=pl.INT32, mode='round')
        a__k_f_tmp_v2 = pl.tile.cast(a__k_i_tmp_v1, target_type=pl.FP32, mode='none')
        a__k_pi_v2_tmp_v3 = pl.tile.muls(a__k_f_tmp_v2, 3.140625)
        a__t0_tmp_v4 = pl.tile.sub(x, a__k_pi_v2_tmp_v3)
        a__k_pi_c1_tmp_v5 = pl.tile.muls(a__k_f_tmp_v2, 0.0009670257568359375)
        a__t1_tmp_v6 = pl.tile.sub(a__t0_tmp_v4, a__k_pi_c1_tmp_v5)
        a__k_pi_c2_tmp_v7 = pl.tile.muls(a__k_f_tmp_v2, 6.2771141529083252e-07)
        a__t2_tmp_v8 = pl.tile.sub(a__t1_tmp_v6, a__k_pi_c2_tmp_v7)
        a__k_pi_c3_tmp_v9 = pl.tile.muls(a__k_f_tmp_v2, 1.2164491636212915e-10)
        a__t3_tmp_v10 = pl.tile.sub(a__t2_tmp_v8, a__k_pi_c3_tmp_v9)
        a__k_pi_c4_tmp_v11 = pl.tile.muls(a__k_f_tmp_v2, -1.0290622927356871e-13)
        a__t4_tmp_v12 = pl.tile.sub(a__t3_tmp_v10, a__k_pi_c4_tmp_v11)
        a__half_k_tmp_v13 = pl.tile.muls(a__k_f_tmp_v2, 0.5)
        a__floor_hk_i_tmp_v14 = pl.tile.cast(a__half_k_tmp_v13, target_type=pl.INT32, mode='floor')
        a__floor_hk_f_tmp_v15 = pl.tile.cast(a__floor_hk_i_tmp_v14, target_type=pl.FP32, mode='none')
        a__floor_x4_tmp_v16 = pl.tile.muls(a__floor_hk_f_tmp_v15, 4.0)
        a__neg2_k_tmp_v17 = pl.tile.muls(a__k_f_tmp_v2, -2.0)
        a__sign_pre_tmp_v18 = pl.tile.add(a__floor_x4_tmp_v16, a__neg2_k_tmp_v17)
        a__sign_tmp_v19 = pl.tile.adds(a__sign_pre_tmp_v18, 1.0)
        a__t2sq_tmp_v20 = pl.tile.mul(a__t4_tmp_v12, a__t4_tmp_v12)
        a__p_r0_tmp_v21 = pl.tile.muls(a__t2sq_tmp_v20, 2.6049265215988271e-06)
        a__p_r1_tmp_v22 = pl.tile.adds(a__p_r0_tmp_v21, -0.00019808944489341229)
        a__p_t2_r1_tmp_v23 = pl.tile.mul(a__p_r1_tmp_v22, a__t2sq_tmp_v20)
        a__p_r2_tmp_v24 = pl.tile.adds(a__p_t2_r1_tmp_v23, 0.0083330497145652771)
        a__p_t2_r2_tmp_v25 = pl.tile.mul(a__p_r2_tmp_v24, a__t2sq_tmp_v20)
        a__p_r3_tmp_v26 = pl.tile.adds(a__p_t2_r2_tmp_v25, -0.16666658222675323)
        a__p_t2_r3_tmp_v27 = pl.tile.mul(a__p_r3_tmp_v26, a__t2sq_tmp_v20)
        a__p_one_tmp_v28 = pl.tile.adds(a__p_t2_r3_tmp_v27, 1.0)
        a__t_p_tmp_v29 = pl.tile.mul(a__t4_tmp_v12, a__p_one_tmp_v28)
        a = pl.tile.mul(a__sign_tmp_v19, a__t_p_tmp_v29)
        b__pi_inv_x_tmp_v30 = pl.tile.muls(x, 0.31830987334251404)
        b__k_pre_tmp_v31 = pl.tile.adds(b__pi_inv_x_tmp_v30, 0.5)
        b__k_i_tmp_v32 = pl.tile.cast(b__k_pre_tmp_v31, target_type=pl.INT32, mode='rint')
        b__k_f_tmp_v33 = pl.tile.cast(b__k_i_tmp_v32, target_type=pl.FP32, mode='none')
        b__k_pi_v2_tmp_v34 = pl.tile.muls(b__k_f_tmp_v33, 3.140625)
        b__t0_tmp_v35 = pl.tile.sub(x, b__k_pi_v2_tmp_v34)
        b__k_pi_c1_tmp_v36 = pl.tile.muls(b__k_f_tmp_v33, 0.0009670257568359375)
        b__t1_tmp_v37 = pl.tile.sub(b__t0_tmp_v35, b__k_pi_c1_tmp_v36)
        b__t1h_tmp_v38 = pl.tile.adds(b__t1_tmp_v37, 1.5707963705062866)
        b__k_pi_c2_tmp_v39 = pl.tile.muls(b__k_f_tmp_v33, 6.2771141529083252e-07)
        b__t2_tmp_v40 = pl.tile.sub(b__t1h_tmp_v38, b__k_pi_c2_tmp_v39)
        b__k_pi_c3_tmp_v41 = pl.tile.muls(b__k_f_tmp_v33, 1.2164491636212915e-10)
        b__t3_tmp_v42 = pl.tile.sub(b__t2_tmp_v40, b__k_pi_c3_tmp_v41)
        b__k_pi_c4_tmp_v43 = pl.tile.muls(b__k_f_tmp_v33, -1.0290622927356871e-13)
        b__t4_tmp_v44 = pl.tile.sub(b__t3_tmp_v42, b__k_pi_c4_tmp_v43)
        b__t4t_tmp_v45 = pl.tile.adds(b__t4_tmp_v44, -4.3711388286737929e-08)
        b__half_k_tmp_v46 = pl.tile.muls(b__k_f_tmp_v33, 0.5)
        b__floor_hk_i_tmp_v47 = pl.tile.cast(b__half_k_tmp_v46, target_type=pl.INT32, mode='floor')
        b__floor_hk_f_tmp_v48 = pl.tile.cast(b__floor_hk_i_tmp_v47, target_type=pl.FP32, mode='none')
        b__floor_x4_tmp_v49 = pl.tile.muls(b__floor_hk_f_tmp_v48, 4.0)
        b__neg2_k_tmp_v50 = pl.tile.muls(b__k_f_tmp_v33, -2.0)
        b__sign_pre_tmp_v51 = pl.tile.add(b__floor_x4_tmp_v49, b__neg2_k_tmp_v50)
        b__sign_tmp_v52 = pl.tile.adds(b__sign_pre_tmp_v51, 1.0)
        b__t2sq_tmp_v53 = pl.tile.mul(b__t4t_tmp_v45, b__t4t_tmp_v45)
        b__p_r0_tmp_v54 = pl.tile.muls(b__t2sq_tmp_v53, 2.6049265215988271e-06)
        b__p_r1_tmp_v55 = pl.tile.adds(b__p_r0_tmp_v54, -0.00019808944489341229)
        b__p_t2_r1_tmp_v56 = pl.tile.mul(b__p_r1_tmp_v55, b__t2sq_tmp_v53)
        b__p_r2_tmp_v57 = pl.tile.adds(b__p_t2_r1_tmp_v56, 0.0083330497145652771)
        b__p_t2_r2_tmp_v58 = pl.tile.mul(b__p_r2_tmp_v57, b__t2sq_tmp_v53)
        b__p_r3_tmp_v59 = pl.tile.adds(b__p_t2_r2_tmp_v58, -0.16666658222675323)
        b__p_t2_r3_tmp_v60 = pl.tile.mul(b__p_r3_tmp_v59, b__t2sq_tmp_v53)
        b__p_one_tmp_v61 = pl.tile.adds(b__p_t2_r3_tmp_v60, 1.0)
        b__t_p_tmp_v62 = pl.tile.mul(b__t4t_tmp_v45, b__p_one_tmp_v61)
        b = pl.tile.mul(b__sign_tmp_v52, b__t_p_tmp_v62)
        c = pl.tile.add(a, b)
        return c)";

// The scalar operands of tile.muls / tile.adds, in program order.
std::vector<double> ScalarConstants(const ir::Program& p) {
  struct Collector : ir::IRVisitor {
    std::vector<double> values;
    void VisitCall(const ir::Call* c) override {
      absl::string_view op = c->op() != nullptr ? c->op()->name() : "";
      if (op == "tile.muls" || op == "tile.adds") {
        const auto* f = c->arg(1)->As<ir::ConstFloat>();
        EXPECT_NE(f, nullptr);
        EXPECT_EQ(f->dtype(), ir::DataType::kFP32);
        values.push_back(f ? f->value() : 0.0);
      }
      IRVisitor::VisitCall(c);
    }
  } c;
  c.VisitProgram(p);
  return c.values;
}

std::vector<ir::RoundMode> CastModes(const ir::Program& p) {
  struct Collector : ir::IRVisitor {
    std::vector<ir::RoundMode> modes;
    void VisitCall(const ir::Call* c) override {
      if (c->op() != nullptr && c->op()->name() == "tile.cast") {
        modes.push_back(c->FindKwarg("mode")->As<ir::RoundMode>());
      }
      IRVisitor::VisitCall(c);
    }
  } c;
  c.VisitProgram(p);
  return c.modes;
}

double D(float f) { return static_cast<double>(f); }

TEST(SinCosTest, SinLowersToTheExpectedProgram) {
  ir::Context ctx;
  ir::Program out = ExpectLowersTo(ctx, TrigInput("sin"), Prog(kSinExpected), "a5");
  testing::ExpectPrinted(out, Prog(kSinExpected));
  EXPECT_EQ(testing::AssignedNames(out).size(), 2u + 31u);
}

TEST(SinCosTest, CosLowersToTheExpectedProgram) {
  ir::Context ctx;
  ir::Program out = ExpectLowersTo(ctx, TrigInput("cos"), Prog(kCosExpected), "a5");
  testing::ExpectPrinted(out, Prog(kCosExpected));
  EXPECT_EQ(testing::AssignedNames(out).size(), 2u + 34u);
}

TEST(SinCosTest, TheRecipeIsTargetIndependent) {
  for (absl::string_view backend : {"a2a3", "none"}) {
    SCOPED_TRACE(backend);
    ir::Context ctx;
    ExpectLowersTo(ctx, TrigInput("sin"), Prog(kSinExpected), backend);
    ExpectLowersTo(ctx, TrigInput("cos"), Prog(kCosExpected), backend);
  }
}

// The literals are FP32 values held as double(float), independent of how
// the printer spells them.
TEST(SinCosTest, ConstantsAreTheFrameworkFloatLiterals) {
  const std::vector<double> common_tail = {
      D(0.5f), D(4.0f), D(-2.0f), D(1.0f),  // half_k, floor_x4, neg2_k, sign
      D(2.604926501e-6f), D(-1.980894471e-4f), D(8.333049340e-3f), D(-1.666665792e-1f),
      D(1.0f)};
  std::vector<double> sin = {D(0.31830988732818603515625f), D(3.140625f),
                             D(0.0009670257568359375f), D(6.2771141529083251953125e-7f),
                             D(1.21644916362129151821e-10f), D(-1.0290623200529979163e-13f)};
  sin.insert(sin.end(), common_tail.begin(), common_tail.end());
  std::vector<double> cos = {D(0.31830988732818603515625f), D(0.5f), D(3.140625f),
                             D(0.0009670257568359375f), D(1.57079637050628662109375f),
                             D(6.2771141529083251953125e-7f), D(1.21644916362129151821e-10f),
                             D(-1.0290623200529979163e-13f), D(-4.371139000189375e-8f)};
  cos.insert(cos.end(), common_tail.begin(), common_tail.end());
  for (auto [op, want] : {std::pair<absl::string_view, const std::vector<double>*>{"sin", &sin},
                          {"cos", &cos}}) {
    ir::Context ctx;
    ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, TrigInput(op)), "a5");
    EXPECT_THAT(ScalarConstants(out), ElementsAreArray(*want)) << op;
  }
  EXPECT_EQ(D(0.31830988732818603515625f), 0.31830987334251404);
  EXPECT_EQ(D(-1.0290623200529979163e-13f), -1.0290622927356871e-13);
}

TEST(SinCosTest, CastModesAreLoadBearing) {
  using ir::RoundMode;
  ir::Context ctx;
  EXPECT_THAT(CastModes(testing::LowerAndCheck(testing::Parse(ctx, TrigInput("sin")), "a5")),
              ElementsAreArray({RoundMode::kRound, RoundMode::kNone, RoundMode::kFloor,
                                RoundMode::kNone}));
  EXPECT_THAT(CastModes(testing::LowerAndCheck(testing::Parse(ctx, TrigInput("cos")), "a5")),
              ElementsAreArray({RoundMode::kRint, RoundMode::kNone, RoundMode::kFloor,
                                RoundMode::kNone}));
}

TEST(SinCosTest, BothInOneFunctionShareTheCounter) {
  ir::Context ctx;
  ir::Program out = ExpectLowersTo(ctx, Prog(kBothInput), Prog(kBothExpected), "a5");
  testing::ExpectPrinted(out, Prog(kBothExpected));
  std::vector<std::string> names = testing::AssignedNames(out);
  ASSERT_EQ(names.size(), 31u + 34u + 1u);
  EXPECT_EQ(names[0], "a__pi_inv_x_tmp_v0");
  EXPECT_EQ(names[30], "a");
  EXPECT_EQ(names[31], "b__pi_inv_x_tmp_v30");
  EXPECT_EQ(names[63], "b__t_p_tmp_v62");
  EXPECT_EQ(names[64], "b");
}

}  // namespace
}  // namespace pto::passes::lower_composite
