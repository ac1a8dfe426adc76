#include "codegen/pto_spelling.h"

#include <cmath>
#include <limits>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"

namespace pto::codegen {
namespace {

using ir::DataType;
using ir::MemorySpace;
using ::testing::HasSubstr;

TEST(PtoSpellingTest, EveryElementType) {
  const std::pair<DataType, absl::string_view> cases[] = {
      {DataType::kFP32, "f32"},           {DataType::kFP16, "f16"},
      {DataType::kBF16, "bf16"},          {DataType::kFP8E4M3FN, "f8E4M3FN"},
      {DataType::kFP8E5M2, "f8E5M2"},     {DataType::kFP8E8M0, "!pto.f8E8M0"},
      {DataType::kHF8, "!pto.hif8"},      {DataType::kFP4, "!pto.f4E2M1x2"},
      {DataType::kInt8, "i8"},            {DataType::kInt16, "i16"},
      {DataType::kInt32, "i32"},          {DataType::kInt64, "i64"},
      {DataType::kUInt8, "ui8"},          {DataType::kUInt16, "ui16"},
      {DataType::kUInt32, "ui32"},        {DataType::kUInt64, "ui64"},
      {DataType::kIndex, "index"},        {DataType::kBool, "i1"},
  };
  for (const auto& [dtype, name] : cases) {
    EXPECT_EQ(PtoElementType(dtype), std::optional<absl::string_view>(name)) << dtype.name();
  }
  EXPECT_EQ(PtoElementType(DataType::kInt4), std::nullopt);
  // Every dtype is covered by the table above or is INT4.
  EXPECT_EQ(DataType::All().size(), std::size(cases) + 1);
}

TEST(PtoSpellingTest, EveryMemorySpace) {
  const std::pair<MemorySpace, absl::string_view> cases[] = {
      {MemorySpace::kDDR, "gm"},         {MemorySpace::kVec, "vec"},
      {MemorySpace::kMat, "mat"},        {MemorySpace::kLeft, "left"},
      {MemorySpace::kRight, "right"},    {MemorySpace::kAcc, "acc"},
      {MemorySpace::kBias, "bias"},      {MemorySpace::kLeftScale, "scaling"},
      {MemorySpace::kRightScale, "scaling"},
  };
  for (const auto& [space, name] : cases) {
    EXPECT_EQ(PtoMemorySpace(space), std::optional<absl::string_view>(name));
  }
  EXPECT_EQ(PtoMemorySpace(MemorySpace::kScalarLocal), std::nullopt);
}

TEST(PtoSpellingTest, EnumSpellings) {
  EXPECT_EQ(PtoTileLayout(ir::TileLayout::kNoneBox), "none_box");
  EXPECT_EQ(PtoTileLayout(ir::TileLayout::kColMajor), "col_major");
  EXPECT_EQ(PtoTensorLayout(ir::TensorLayout::kDN), "dn");
  EXPECT_EQ(PtoTensorLayout(ir::TensorLayout::kMxBNN), "mx_b_nn");
  EXPECT_EQ(PtoRoundMode(ir::RoundMode::kOdd), "ODD");
  EXPECT_EQ(PtoSaturationMode(ir::SaturationMode::kOff), "OFF");
  EXPECT_EQ(PtoCmpMode(0), std::optional<absl::string_view>("eq"));
  EXPECT_EQ(PtoCmpMode(5), std::optional<absl::string_view>("ge"));
  EXPECT_EQ(PtoCmpMode(6), std::nullopt);
  EXPECT_EQ(PtoCmpMode(-1), std::nullopt);
}

TEST(PtoSpellingTest, FloatLiteralsAlwaysHaveADot) {
  EXPECT_EQ(FloatLiteral(1.0, DataType::kFP32), "1.0");
  EXPECT_EQ(FloatLiteral(0.5, DataType::kFP32), "0.5");
  EXPECT_EQ(FloatLiteral(-0.0, DataType::kFP32), "-0.0");
  EXPECT_EQ(FloatLiteral(1e30, DataType::kFP32), "1.0e+30");
  EXPECT_EQ(FloatLiteral(0.1, DataType::kFP16), "0.1");
  EXPECT_EQ(FloatLiteral(1.5e-7, DataType::kFP32), "1.5e-07");
}

TEST(PtoSpellingTest, NonFiniteFloatsAreBitPatterns) {
  double inf = std::numeric_limits<double>::infinity();
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(FloatLiteral(inf, DataType::kFP32), "0x7F800000");
  EXPECT_EQ(FloatLiteral(-inf, DataType::kFP32), "0xFF800000");
  EXPECT_EQ(FloatLiteral(nan, DataType::kFP32), "0x7FC00000");
  EXPECT_EQ(FloatLiteral(inf, DataType::kFP16), "0x7C00");
  EXPECT_EQ(FloatLiteral(-inf, DataType::kBF16), "0xFF80");
  EXPECT_EQ(FloatLiteral(inf, DataType::kFP8E4M3FN), std::nullopt);
}

TEST(PtoSpellingTest, TileBufTypeSpellsEveryField) {
  TileBufDesc d;
  d.loc = "acc";
  d.dtype = "f32";
  d.rows = 16;
  d.cols = 32;
  d.v_row = 16;
  d.blayout = ir::TileLayout::kColMajor;
  d.slayout = ir::TileLayout::kRowMajor;
  d.fractal = 1024;
  d.pad = ir::PadValue::kMin;
  EXPECT_EQ(TileBufType(d),
            "!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, v_row=16, v_col=?, "
            "blayout=col_major, slayout=row_major, fractal=1024, pad=3>");
  d.compact = ir::CompactMode::kNormal;
  EXPECT_THAT(TileBufType(d), HasSubstr(", pad=3, compact=1>"));
}

TEST(PtoSpellingTest, ViewTypes) {
  EXPECT_EQ(PtrType("bf16"), "!pto.ptr<bf16>");
  EXPECT_EQ(TensorViewType(3, "f16"), "!pto.tensor_view<?x?x?xf16>");
  std::optional<int64_t> sizes[] = {8, std::nullopt};
  EXPECT_EQ(PartitionViewType(sizes, "i8"), "!pto.partition_tensor_view<8x?xi8>");
}

TEST(PtoSpellingTest, MlirStringEscapesQuotesAndBackslashes) {
  EXPECT_EQ(MlirString("a.py"), "\"a.py\"");
  EXPECT_EQ(MlirString("dir\\my \"x\".py"), "\"dir\\\\my \\\"x\\\".py\"");
  EXPECT_EQ(MlirString(""), "\"\"");
}

TEST(PtoSpellingTest, SymbolNamesAreBareOnlyWhenIdentifiers) {
  EXPECT_EQ(MlirSymbolName("kernel_0"), "kernel_0");
  EXPECT_EQ(MlirSymbolName("_k$1.v2"), "_k$1.v2");
  EXPECT_EQ(MlirSymbolName("0kernel"), "\"0kernel\"");
  EXPECT_EQ(MlirSymbolName("$k"), "\"$k\"");
  EXPECT_EQ(MlirSymbolName("my kernel"), "\"my kernel\"");
  EXPECT_EQ(MlirSymbolName(""), "\"\"");
}

class FlattenTest : public ::testing::Test {
 protected:
  const ir::TileType* Tile(DataType dtype, std::vector<int64_t> shape, std::vector<int64_t> valid,
                           ir::TileLayout blayout = ir::TileLayout::kRowMajor) {
    ir::TileView view = ir::ImplicitTileView(MemorySpace::kVec, ir::TileLayout::kRowMajor);
    view.blayout = blayout;
    view.valid_shape = ctx_.IndexList(valid);
    return ctx_.GetTileType(dtype, ctx_.IndexList(shape), MemorySpace::kVec, &view);
  }
  ir::Context ctx_;
};

TEST_F(FlattenTest, LeadingDimsFoldIntoRows) {
  absl::StatusOr<TileGeometry> g = FlattenTile(*Tile(DataType::kFP32, {2, 4, 8}, {2, 4, 5}));
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->rows, 8);
  EXPECT_EQ(g->cols, 8);
  EXPECT_EQ(g->static_v_row, 8);
  EXPECT_EQ(g->static_v_col, 5);
}

TEST_F(FlattenTest, SymbolicValidStaysSymbolic) {
  const ir::Var* n = ctx_.NewVar("n", ctx_.GetScalarType(DataType::kIndex));
  ir::TileView view;
  const ir::Expr* valid[] = {n, ctx_.Index(16)};
  view.valid_shape = valid;
  const ir::TileType* t =
      ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 16}), MemorySpace::kVec, &view);
  absl::StatusOr<TileGeometry> g = FlattenTile(*t);
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->static_v_row, std::nullopt);
  EXPECT_EQ(g->static_v_col, 16);
  ASSERT_EQ(g->valid_row_factors.size(), 1u);
  EXPECT_EQ(g->valid_row_factors[0], n);
}

TEST_F(FlattenTest, PackedFp4HalvesItsPackedAxis) {
  absl::StatusOr<TileGeometry> g = FlattenTile(*Tile(DataType::kFP4, {16, 64}, {16, 48}));
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->cols, 32);
  EXPECT_EQ(g->static_v_col, 24);
  g = FlattenTile(*Tile(DataType::kFP4, {64, 16}, {48, 16}, ir::TileLayout::kColMajor));
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->rows, 32);
  EXPECT_EQ(g->static_v_row, 24);
  EXPECT_THAT(FlattenTile(*Tile(DataType::kFP4, {16, 64}, {16, 47})).status().message(),
              HasSubstr("must be static and even"));
}

TEST_F(FlattenTest, SymbolicShapeIsAnError) {
  const ir::Var* n = ctx_.NewVar("n", ctx_.GetScalarType(DataType::kIndex));
  const ir::Expr* shape[] = {n, ctx_.Index(16)};
  absl::StatusOr<TileGeometry> g =
      FlattenTile(*ctx_.GetTileType(DataType::kFP32, shape, MemorySpace::kVec));
  EXPECT_THAT(g.status().message(), HasSubstr("tile shape [n, 16] is not static"));
}

}  // namespace
}  // namespace pto::codegen
