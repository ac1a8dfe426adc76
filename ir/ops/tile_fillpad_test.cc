#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileFillPadTest : public OpTest {
 protected:
  // A fully valid Vec tile with pad `pad`.
  const Type* Padded(DataType dtype, std::initializer_list<int64_t> shape, PadValue pad) {
    TileView view;
    view.pad = pad;
    return ctx_.GetTileType(dtype, Dims(shape), MemorySpace::kVec, &view);
  }
};

TEST_F(TileFillPadTest, FillPadMakesTheTileValidAndRecordsThePad) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP32, {16, 16}, {8, 12}));
  for (const char* op : {"tile.fillpad", "tile.fillpad_inplace"}) {
    SCOPED_TRACE(op);
    // pad_value defaults to zero.
    EXPECT_TYPE(TypeOf(op, {t}), Padded(DataType::kFP32, {16, 16}, PadValue::kZero));
    EXPECT_TYPE(TypeOf(op, {t}, {{"pad_value", AttrValue::Enum(PadValue::kMin)}}),
                Padded(DataType::kFP32, {16, 16}, PadValue::kMin));
    EXPECT_THAT(ErrorOf(op, {t}, {{"pad_value", AttrValue::Enum(PadValue::kNull)}}),
                HasSubstr(std::string(op) + ": pad_value must be zero, max or min, not null"));
    EXPECT_THAT(ErrorOf(op, {ctx_.Float(0.0)}), HasSubstr("tile must be a TileType"));
  }
  // The source's memory space is kept.
  const Var* m = TileVar(DataType::kFP16, {16, 16}, MemorySpace::kMat);
  const Type* got = TypeOf("tile.fillpad", {m});
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(got->As<TileType>()->memory_space(), MemorySpace::kMat);
  EXPECT_EQ(got->As<TileType>()->EffectiveView().pad, PadValue::kZero);
}

TEST_F(TileFillPadTest, FillPadInplaceWritesItsTile) {
  EXPECT_EQ(BuiltinOp("tile.fillpad_inplace").written_args(), 1u);
  EXPECT_EQ(BuiltinOp("tile.fillpad").written_args(), 0u);
}

TEST_F(TileFillPadTest, FillPadExpandGrowsToTheStaticShape) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP16, {16, 16}, {8, 12}));
  EXPECT_TYPE(TypeOf("tile.fillpad_expand", {t, List({32, 16})},
                     {{"pad_value", AttrValue::Enum(PadValue::kMax)}}),
              Padded(DataType::kFP16, {32, 16}, PadValue::kMax));
  EXPECT_THAT(ErrorOf("tile.fillpad_expand", {t, List({8, 16})}),
              HasSubstr("tile.fillpad_expand: shape [8, 16] must not be smaller than the tile "
                        "shape [16, 16] (dim 0)"));
  EXPECT_THAT(ErrorOf("tile.fillpad_expand", {t, List({32})}),
              HasSubstr("shape rank 1 must match the tile rank 2"));
  const Var* n = ScalarVar(DataType::kIndex);
  EXPECT_THAT(ErrorOf("tile.fillpad_expand", {t, ListOf({n, ctx_.Index(16)})}),
              HasSubstr("must be a compile-time integer constant"));
  EXPECT_THAT(ErrorOf("tile.fillpad_expand", {t, List({32, 16})},
                      {{"pad_value", AttrValue::Enum(PadValue::kNull)}}),
              HasSubstr("not null"));
}

}  // namespace
}  // namespace pto::ir
