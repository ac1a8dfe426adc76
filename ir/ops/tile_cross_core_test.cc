#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileCrossCoreTest : public OpTest {
 protected:
  NamedAttr Split(int64_t s) { return {"split", AttrValue::Int(s)}; }
};

TEST_F(TileCrossCoreTest, PushAndPopAreEffects) {
  const Var* t = TileVar(DataType::kFP32, {64, 64}, MemorySpace::kAcc);
  for (const char* op : {"tile.tpush_to_aiv", "tile.tpush_to_aic"}) {
    EXPECT_TYPE(TypeOf(op, {t}, {Split(1)}), ctx_.GetUnknownType());
    EXPECT_TRUE(BuiltinOp(op).has_side_effects()) << op;
    EXPECT_THAT(ErrorOf(op, {TensorVar(DataType::kFP32, {4})}, {Split(0)}),
                HasSubstr("tile must be a TileType"));
  }
  EXPECT_THAT(ErrorOf("tile.tpush_to_aiv", {t}, {Split(5)}),
              HasSubstr("tile.tpush_to_aiv: split must be in 0..4"));
  for (const char* op : {"tile.tpop_from_aic", "tile.tpop_from_aiv"}) {
    EXPECT_TYPE(TypeOf(op, {}), ctx_.GetUnknownType());
    EXPECT_TRUE(BuiltinOp(op).has_side_effects()) << op;
    EXPECT_THAT(ErrorOf(op, {}, {Split(-1)}), HasSubstr("split must be in 0..4"));
  }
  EXPECT_THAT(ErrorOf("tile.tpop_from_aic", {}, {{"lane_stride", AttrValue::Int(0)}}),
              HasSubstr("lane_stride must be a positive partition stride, got 0"));
}

TEST_F(TileCrossCoreTest, ShardHalvesAndGatherDoubles) {
  const Var* acc = TileVar(DataType::kFP32, {128, 64}, MemorySpace::kAcc);
  EXPECT_TYPE(TypeOf("tile.aiv_shard", {acc}, {Split(1)}), Tile(DataType::kFP32, {64, 64}));
  EXPECT_TYPE(TypeOf("tile.aiv_shard", {acc}, {Split(2)}), Tile(DataType::kFP32, {128, 32}));
  EXPECT_TYPE(TypeOf("tile.aiv_shard", {acc}, {Split(0)}), Tile(DataType::kFP32, {128, 64}));
  // An odd valid row extent rounds up per lane.
  const Var* ragged = ctx_.NewVar("r", TileWithValid(DataType::kFP32, {128, 64}, {99, 64},
                                                     MemorySpace::kAcc));
  EXPECT_TYPE(TypeOf("tile.aiv_shard", {ragged}, {Split(1)}),
              TileWithValid(DataType::kFP32, {64, 64}, {50, 64}));
  const Var* half = TileVar(DataType::kBF16, {64, 32});
  EXPECT_TYPE(TypeOf("tile.aic_gather", {half}, {Split(2)}),
              Tile(DataType::kBF16, {64, 64}, MemorySpace::kMat));
}

TEST_F(TileCrossCoreTest, ShardRejects) {
  const Var* narrow = ctx_.NewVar("n", TileWithValid(DataType::kFP32, {64, 64}, {64, 40}));
  EXPECT_THAT(ErrorOf("tile.aiv_shard", {narrow}, {Split(2)}),
              HasSubstr("tile.aiv_shard: LEFT_RIGHT splits the column axis, but the valid column "
                        "extent 40 of 64 does not cover the box"));
  EXPECT_THAT(ErrorOf("tile.aiv_shard", {TileVar(DataType::kFP32, {4, 8, 8})}, {Split(1)}),
              HasSubstr("requires a 2-D tile, got rank 3"));
  EXPECT_THAT(ErrorOf("tile.aiv_shard", {TileVar(DataType::kFP32, {64, 64})},
                      {Split(1), {"lane_stride", AttrValue::Int(40)}}),
              HasSubstr("lane_stride 40 exceeds the per-lane half 32 of a 64-wide split axis"));
  EXPECT_THAT(ErrorOf("tile.aic_gather", {TileVar(DataType::kFP32, {64, 64})}, {Split(3)}),
              HasSubstr("tile.aic_gather: split must be in 0..2"));
}

TEST_F(TileCrossCoreTest, TensorForms) {
  const Var* x = TensorVar(DataType::kFP16, {128, 64});
  EXPECT_TYPE(TypeOf("tensor.aiv_shard", {x}, {Split(1)}), Tensor(DataType::kFP16, {64, 64}));
  EXPECT_TYPE(TypeOf("tensor.aiv_shard", {x}, {Split(0)}), x->type());
  EXPECT_TYPE(TypeOf("tensor.aic_gather", {x}, {Split(2)}), Tensor(DataType::kFP16, {128, 128}));
  EXPECT_THAT(ErrorOf("tensor.aiv_shard", {TensorVar(DataType::kFP16, {2, 64, 64})}, {Split(1)}),
              HasSubstr("tensor.aiv_shard: requires a 2-D tensor, got rank 3"));
  EXPECT_THAT(ErrorOf("tensor.aic_gather", {TileVar(DataType::kFP16, {64, 64})}, {Split(1)}),
              HasSubstr("tensor.aic_gather"));
}

}  // namespace
}  // namespace pto::ir
