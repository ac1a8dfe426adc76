#include "sim/pto/types.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::sim::pto_text {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(PtoTypeTest, TileBuf) {
  absl::StatusOr<PtoType> t = ParsePtoType(
      "!pto.tile_buf<loc=acc, dtype=!pto.f8E8M0, rows=16, cols=32, v_row=16, v_col=?, "
      "blayout=col_major, slayout=row_major, fractal=1024, pad=0>");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->kind, PtoType::kTileBuf);
  EXPECT_EQ(t->loc, ir::MemorySpace::kAcc);
  EXPECT_EQ(t->dtype, ir::DataType::kFP8E8M0);
  EXPECT_EQ(t->rows, 16);
  EXPECT_EQ(t->cols, 32);
  EXPECT_EQ(t->v_row, 16);
  EXPECT_FALSE(t->v_col.has_value());
  EXPECT_EQ(t->blayout, ir::TileLayout::kColMajor);
  EXPECT_EQ(t->slayout, ir::TileLayout::kRowMajor);
}

TEST(PtoTypeTest, ViewsPointersAndScalars) {
  absl::StatusOr<PtoType> t = ParsePtoType("!pto.tensor_view<?x?xf32>");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->kind, PtoType::kTensorView);
  EXPECT_THAT(t->shape, ElementsAre(-1, -1));
  t = ParsePtoType("!pto.partition_tensor_view<16x32x!pto.f4E2M1x2>");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_THAT(t->shape, ElementsAre(16, 32));
  EXPECT_EQ(t->dtype, ir::DataType::kFP4);
  t = ParsePtoType("!pto.partition_tensor_view<4xindex>");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->dtype, ir::DataType::kIndex);
  t = ParsePtoType("!pto.ptr<i64>");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->kind, PtoType::kPtr);
  EXPECT_EQ(t->dtype, ir::DataType::kInt64);
  t = ParsePtoType("i1");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->kind, PtoType::kScalar);
  EXPECT_EQ(t->dtype, ir::DataType::kBool);
}

TEST(PtoTypeTest, Errors) {
  EXPECT_THAT(ParsePtoType("f7").status().message(), HasSubstr("unknown element type 'f7'"));
  EXPECT_THAT(ParsePtoType("!pto.tile_buf<loc=vec, rows=1, cols=1>").status().message(),
              HasSubstr("needs dtype, rows and cols"));
  EXPECT_THAT(ParsePtoType("!pto.tile_buf<loc=l9, dtype=f32, rows=1, cols=1>").status().message(),
              HasSubstr("unknown loc 'l9'"));
  EXPECT_THAT(
      ParsePtoType("!pto.tile_buf<dtype=f32, rows=1, cols=1, v_row=2>").status().message(),
      HasSubstr("exceeds its shape"));
  EXPECT_THAT(ParsePtoType("!pto.tile_buf<dtype=f32, rows=x, cols=1>").status().message(),
              HasSubstr("rows is not a count"));
}

}  // namespace
}  // namespace pto::sim::pto_text
