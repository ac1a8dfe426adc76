#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileMatmulMxTest : public OpTest {
 protected:
  void SetUp() override {
    a_ = TileVar(DataType::kFP8E4M3FN, {16, 64}, MemorySpace::kLeft);
    as_ = TileVar(DataType::kFP8E8M0, {16, 2}, MemorySpace::kLeftScale);
    b_ = TileVar(DataType::kFP8E4M3FN, {64, 32}, MemorySpace::kRight);
    bs_ = TileVar(DataType::kFP8E8M0, {2, 32}, MemorySpace::kRightScale);
  }
  const Var *a_, *as_, *b_, *bs_;
};

TEST_F(TileMatmulMxTest, MatmulMxFamily) {
  const TileType* want = Tile(DataType::kFP32, {16, 32}, MemorySpace::kAcc);
  EXPECT_TYPE(TypeOf("tile.matmul_mx", {a_, as_, b_, bs_}), want);
  const Var* acc = ctx_.NewVar("acc", want);
  EXPECT_TYPE(TypeOf("tile.matmul_mx_acc", {acc, a_, as_, b_, bs_}), want);
  const Var* bias = TileVar(DataType::kFP32, {1, 32}, MemorySpace::kBias);
  EXPECT_TYPE(TypeOf("tile.matmul_mx_bias", {a_, as_, b_, bs_, bias}), want);
}

TEST_F(TileMatmulMxTest, Rejects) {
  EXPECT_THAT(ErrorOf("tile.matmul_mx",
                      {TileVar(DataType::kFP16, {16, 64}), as_, b_, bs_}),
              HasSubstr("tile.matmul_mx: requires lhs dtype FP8E4M3FN, got FP16"));
  EXPECT_THAT(ErrorOf("tile.matmul_mx",
                      {a_, TileVar(DataType::kFP8E8M0, {16, 4}), b_, bs_}),
              HasSubstr("requires lhs_scale of shape [16, 2], got [16, 4]"));
  EXPECT_THAT(ErrorOf("tile.matmul_mx",
                      {TileVar(DataType::kFP8E4M3FN, {8, 64}), as_, b_, bs_}),
              HasSubstr("requires physical M divisible by 16, got 8"));
  EXPECT_THAT(ErrorOf("tile.matmul_mx_acc",
                      {TileVar(DataType::kFP16, {16, 32}, MemorySpace::kAcc), a_, as_, b_, bs_}),
              HasSubstr("tile.matmul_mx_acc: requires a 2-D FP32 acc, got FP16 rank 2"));
  EXPECT_THAT(ErrorOf("tile.matmul_mx_bias",
                      {a_, as_, b_, bs_, TileVar(DataType::kFP32, {1, 16})}),
              HasSubstr("tile.matmul_mx_bias: requires an FP32 bias of shape [1, 32]"));
}

TEST_F(TileMatmulMxTest, TGetScaleAddrPairsScaleAndDataSpaces) {
  EXPECT_TYPE(TypeOf("tile.tget_scale_addr", {as_, a_}), as_->type());
  EXPECT_TYPE(TypeOf("tile.tget_scale_addr", {bs_, b_}), bs_->type());
  EXPECT_THAT(ErrorOf("tile.tget_scale_addr", {as_, b_}),
              HasSubstr("tile.tget_scale_addr: requires a LeftScale dst_scale with a Left src or "
                        "a RightScale one with a Right src, got LeftScale and Right"));
  EXPECT_THAT(ErrorOf("tile.tget_scale_addr",
                      {TileVar(DataType::kFP8E8M0, {16, 4}, MemorySpace::kLeftScale), a_}),
              HasSubstr("requires dst_scale of shape [16, 2], got [16, 4]"));
}

}  // namespace
}  // namespace pto::ir
