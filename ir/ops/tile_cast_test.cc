#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileCastTest : public OpTest {
 protected:
  std::vector<NamedAttr> To(DataType t) { return {{"target_type", AttrValue::DType(t)}}; }
};

TEST_F(TileCastTest, ChangesOnlyTheDType) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kInt32, {16, 16}, {8, 12}));
  EXPECT_TYPE(TypeOf("tile.cast", {t}, To(DataType::kFP16)),
              TileWithValid(DataType::kFP16, {16, 16}, {8, 12}));
}

TEST_F(TileCastTest, FillsTheDefaultModeAndKeepsKwargOrder) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  absl::StatusOr<const Call*> c = Make("tile.cast", {t}, To(DataType::kBF16));
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c)->FindKwarg("mode")->As<RoundMode>(), RoundMode::kRound);
  EXPECT_EQ((*c)->FindKwarg("saturation_mode"), nullptr);
  const Op& op = BuiltinOp("tile.cast");
  ASSERT_EQ(op.kwargs().size(), 3u);
  EXPECT_EQ(op.kwargs()[0].name, "target_type");
  EXPECT_EQ(op.kwargs()[1].name, "mode");
  EXPECT_EQ(op.kwargs()[2].name, "saturation_mode");
  EXPECT_EQ(op.kwargs()[0].presence, KwargSpec::Presence::kRequired);
  EXPECT_EQ(op.kwargs()[2].presence, KwargSpec::Presence::kOptional);
}

TEST_F(TileCastTest, AcceptsModesSaturationAndTmp) {
  const Var* t = TileVar(DataType::kFP16, {16, 16});
  const Var* tmp = TileVar(DataType::kInt8, {1, 160});
  std::vector<NamedAttr> kwargs = {{"target_type", AttrValue::DType(DataType::kInt8)},
                                   {"mode", AttrValue::String("trunc")},
                                   {"saturation_mode", AttrValue::String("off")}};
  absl::StatusOr<const Call*> c = Make("tile.cast", {t, tmp}, kwargs);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_TYPE((*c)->type(), Tile(DataType::kInt8, {16, 16}));
  EXPECT_EQ((*c)->FindKwarg("mode")->As<RoundMode>(), RoundMode::kTrunc);
  EXPECT_EQ((*c)->FindKwarg("saturation_mode")->As<SaturationMode>(), SaturationMode::kOff);
  // An explicit request equal to the default is accepted (CreateCall does
  // not canonicalise kwargs yet; see cast_saturation.h).
  EXPECT_TRUE(Make("tile.cast", {t},
                   {{"target_type", AttrValue::DType(DataType::kInt8)},
                    {"saturation_mode", AttrValue::Int(1)}})
                  .ok());
}

TEST_F(TileCastTest, InheritsLayoutAndComesOutInVec) {
  TileView col;
  col.blayout = TileLayout::kColMajor;
  col.valid_shape = Dims({4, 8});
  const Var* t = ctx_.NewVar(
      "t", ctx_.GetTileType(DataType::kFP32, Dims({16, 16}), MemorySpace::kVec, &col));
  EXPECT_TYPE(TypeOf("tile.cast", {t}, To(DataType::kFP16)),
              ctx_.GetTileType(DataType::kFP16, Dims({16, 16}), MemorySpace::kVec, &col));
  const Var* no_space = TileVar(DataType::kFP32, {16, 16}, std::nullopt);
  EXPECT_TYPE(TypeOf("tile.cast", {no_space}, To(DataType::kInt32)),
              Tile(DataType::kInt32, {16, 16}));
}

TEST_F(TileCastTest, Rejects) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  EXPECT_THAT(ErrorOf("tile.cast", {t}, To(DataType::kFP32)),
              HasSubstr("tile.cast: target_type FP32 equals the input dtype; same-dtype cast is "
                        "not a valid operation"));
  EXPECT_THAT(ErrorOf("tile.cast", {t}), HasSubstr("tile.cast: requires a 'target_type' kwarg"));
  EXPECT_THAT(ErrorOf("tile.cast", {TensorVar(DataType::kFP32, {16, 16})}, To(DataType::kFP16)),
              HasSubstr("tile.cast: tile must be a TileType, got TensorType"));
  EXPECT_THAT(ErrorOf("tile.cast", {t, ScalarVar(DataType::kInt8)}, To(DataType::kInt8)),
              HasSubstr("tile.cast: tmp must be a TileType, got ScalarType"));
  EXPECT_THAT(ErrorOf("tile.cast", {t, t, t}, To(DataType::kFP16)),
              HasSubstr("expects 1 to 2 arguments, got 3"));
  EXPECT_THAT(ErrorOf("tile.cast", {t},
                      {{"target_type", AttrValue::DType(DataType::kFP16)},
                       {"saturation_mode", AttrValue::Int(2)}}),
              HasSubstr("saturation_mode must be \"on\", \"off\", 1 or 0"));
  EXPECT_THAT(ErrorOf("tile.cast", {t},
                      {{"target_type", AttrValue::DType(DataType::kFP16)},
                       {"mode", AttrValue::String("nearest")}}),
              HasSubstr("must be one of none, rint, round"));
}

TEST_F(TileCastTest, Fp4DestinationNeedsEvenLastDim) {
  const Var* even = TileVar(DataType::kBF16, {16, 64});
  EXPECT_TYPE(TypeOf("tile.cast", {even}, To(DataType::kFP4)), Tile(DataType::kFP4, {16, 64}));
  const Var* odd = TileVar(DataType::kBF16, {16, 5});
  EXPECT_THAT(ErrorOf("tile.cast", {odd}, To(DataType::kFP4)),
              HasSubstr("tile.cast: an FP4 tensor or tile needs a positive even last dim (two "
                        "values per byte), got 5"));
}

}  // namespace
}  // namespace pto::ir
