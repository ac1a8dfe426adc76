#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileQuantMxTest : public OpTest {
 protected:
  NamedAttr Axis(int64_t a) { return {"group_axis", AttrValue::Int(a)}; }

  // An MX scale tile: fractal 32, `layout` for both block and scatter.
  const TileType* Scale(DataType dtype, std::initializer_list<int64_t> shape, TileLayout layout,
                        std::initializer_list<int64_t> valid = {}) {
    TileView view;
    view.blayout = layout;
    view.slayout = layout;
    view.fractal = 32;
    if (valid.size() > 0) view.valid_shape = Dims(valid);
    return ctx_.GetTileType(dtype, Dims(shape), MemorySpace::kVec, &view);
  }
  const Type* Tuple(const Type* a, const Type* b) {
    const Type* e[] = {a, b};
    return ctx_.GetTupleType(e);
  }
  // A flat exponent/workspace tile with fractal 32 (row_major, none_box).
  const TileType* RawExp(std::initializer_list<int64_t> shape,
                         std::initializer_list<int64_t> valid = {}) {
    TileView view;
    view.fractal = 32;
    if (valid.size() > 0) view.valid_shape = Dims(valid);
    return ctx_.GetTileType(DataType::kUInt8, Dims(shape), MemorySpace::kVec, &view);
  }
};

// --- tile.tquant_mx -------------------------------------------------------------------

TEST_F(TileQuantMxTest, Axis1KeepsMkAndScalesAlongK) {
  const Var* src = TileVar(DataType::kFP16, {16, 64});
  EXPECT_TYPE(TypeOf("tile.tquant_mx", {src}, {Axis(1)}),
              Tuple(Tile(DataType::kFP8E4M3FN, {16, 64}),
                    Scale(DataType::kFP8E8M0, {16, 2}, TileLayout::kRowMajor)));
  // dtype defaults to FP8E4M3FN and is recorded.
  absl::StatusOr<const Call*> c = Make("tile.tquant_mx", {src}, {Axis(1)});
  ASSERT_TRUE(c.ok());
  EXPECT_EQ((*c)->FindKwarg("dtype")->dtype(), DataType::kFP8E4M3FN);
}

TEST_F(TileQuantMxTest, Axis0TransposesToKn) {
  const Var* src = TileVar(DataType::kFP32, {32, 64});
  EXPECT_TYPE(TypeOf("tile.tquant_mx", {src},
                     {{"dtype", AttrValue::DType(DataType::kFP8E4M3FN)}, Axis(0)}),
              Tuple(Tile(DataType::kFP8E4M3FN, {64, 32}),
                    Scale(DataType::kFP8E8M0, {2, 32}, TileLayout::kColMajor)));
}

TEST_F(TileQuantMxTest, TQuantMxRejects) {
  const Var* src = TileVar(DataType::kBF16, {16, 64});
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {src}),
              HasSubstr("tile.tquant_mx: requires a 'group_axis' kwarg"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {src}, {Axis(2)}),
              HasSubstr("tile.tquant_mx: group_axis must be 0 or 1, got 2"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {src}, {{"dtype", AttrValue::DType(DataType::kFP4)},
                                                Axis(1)}),
              HasSubstr("tile.tquant_mx: requires dtype FP8E4M3FN (MXFP8 only), got FP4"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {TileVar(DataType::kFP16, {16, 96})}, {Axis(1)}),
              HasSubstr("tile.tquant_mx: requires K (src dim 1) divisible by 64, got 96"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {TileVar(DataType::kFP16, {8, 64})}, {Axis(1)}),
              HasSubstr("requires M (src dim 0) divisible by 16 for group_axis=1, got 8"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {TileVar(DataType::kFP16, {16, 64})}, {Axis(0)}),
              HasSubstr("requires N (src dim 0) divisible by 32 for group_axis=0, got 16"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {TileVar(DataType::kInt8, {16, 64})}, {Axis(1)}),
              HasSubstr("tile.tquant_mx: src dtype"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {TileVar(DataType::kFP16, {2, 16, 64})}, {Axis(1)}),
              HasSubstr("tile.tquant_mx: needs a 2-D src tile, got rank 3"));
  const Var* partial = ctx_.NewVar("p", TileWithValid(DataType::kFP16, {16, 64}, {16, 32}));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {partial}, {Axis(1)}),
              HasSubstr("tile.tquant_mx: does not support a partial src valid_shape ([16, 32] of "
                        "[16, 64])"));
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* shape[] = {n, ctx_.Index(64)};
  const Var* dyn = ctx_.NewVar("d", ctx_.GetTileType(DataType::kFP16, shape, MemorySpace::kVec));
  EXPECT_THAT(ErrorOf("tile.tquant_mx", {dyn}, {Axis(1)}),
              HasSubstr("tile.tquant_mx: needs a src tile of static positive shape, got [N, 64]"));
}

// --- tile.tquant_mx_raw ---------------------------------------------------------------

TEST_F(TileQuantMxTest, RawAxis1ReturnsFlatExponent) {
  const Var* src = TileVar(DataType::kFP32, {16, 64});
  const Var* max = TileVar(DataType::kFP32, {1, 32});
  const Var* scaling = ctx_.NewVar("s", TileWithValid(DataType::kFP32, {1, 64}, {1, 32}));
  EXPECT_TYPE(TypeOf("tile.tquant_mx_raw", {src, max, scaling}, {Axis(1)}),
              Tuple(Tile(DataType::kInt8, {16, 64}), RawExp({1, 32})));
}

TEST_F(TileQuantMxTest, RawAxis0ReturnsCanonicalExponent) {
  const Var* src = TileVar(DataType::kFP16, {64, 32});
  const Var* ws = TileVar(DataType::kFP16, {2, 32});
  EXPECT_TYPE(TypeOf("tile.tquant_mx_raw", {src, ws, ws}, {Axis(0)}),
              Tuple(Tile(DataType::kInt8, {64, 32}), RawExp({2, 32})));
}

TEST_F(TileQuantMxTest, RawWritesItsWorkspaces) {
  const Op* raw = BuiltinOps().Find("tile.tquant_mx_raw");
  ASSERT_NE(raw, nullptr);
  EXPECT_EQ(raw->written_args(), (1u << 1) | (1u << 2));
  EXPECT_TRUE(raw->has_side_effects());
  EXPECT_EQ(BuiltinOps().Find("tile.tmov_x2zz")->written_args(), 1u << 1);
  EXPECT_FALSE(BuiltinOps().Find("tile.tquant_mx")->has_side_effects());
}

TEST_F(TileQuantMxTest, RawRejects) {
  const Var* src = TileVar(DataType::kFP32, {16, 64});
  const Var* ws = TileVar(DataType::kFP32, {1, 32});
  EXPECT_THAT(ErrorOf("tile.tquant_mx_raw", {src, TileVar(DataType::kFP16, {1, 32}), ws},
                      {Axis(1)}),
              HasSubstr("tile.tquant_mx_raw: max workspace must have the src dtype FP32, got "
                        "FP16"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx_raw", {src, ws, TileVar(DataType::kFP32, {1, 16})},
                      {Axis(1)}),
              HasSubstr("tile.tquant_mx_raw: scaling workspace must have a static valid extent "
                        "of 32 elements (one per scale group), got valid shape [1, 16]"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx_raw", {TileVar(DataType::kFP32, {16, 48}), ws, ws},
                      {Axis(1)}),
              HasSubstr("requires src dim 1 divisible by 32 for group_axis=1, got 48"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx_raw", {TileVar(DataType::kFP32, {48, 64}), ws, ws},
                      {Axis(0)}),
              HasSubstr("requires src dim 0 divisible by 32 for group_axis=0, got 48"));
  EXPECT_THAT(ErrorOf("tile.tquant_mx_raw", {src, ws, ScalarVar(DataType::kFP32)}, {Axis(1)}),
              HasSubstr("tile.tquant_mx_raw: scaling must be a TileType"));
}

// --- tile.tmov_x2zz -------------------------------------------------------------------

TEST_F(TileQuantMxTest, X2ZzAxis1ReshapesTheFlatExponent) {
  const Var* exp = ctx_.NewVar("e", RawExp({1, 64}));
  const Var* tmp = TileVar(DataType::kUInt8, {1, 96});  // 64 + ceil(32/16) * 2 = 68 bytes
  const Var* shaped = ctx_.NewVar("e", RawExp({32, 2}));
  const TileType* want = Scale(DataType::kUInt8, {32, 2}, TileLayout::kRowMajor);
  for (const Var* src : {exp, shaped}) {
    EXPECT_TYPE(TypeOf("tile.tmov_x2zz", {src, tmp},
                       {Axis(1), {"dst_rows", AttrValue::Int(32)},
                        {"dst_cols", AttrValue::Int(2)}}),
                want);
  }
  // Rows pad to a multiple of 16; the valid shape stays [M, G].
  const Var* small = ctx_.NewVar("e", RawExp({1, 64}, {1, 48}));
  EXPECT_TYPE(TypeOf("tile.tmov_x2zz", {small, tmp},
                     {Axis(1), {"dst_rows", AttrValue::Int(24)}, {"dst_cols", AttrValue::Int(2)}}),
              Scale(DataType::kUInt8, {32, 2}, TileLayout::kRowMajor, {24, 2}));
}

TEST_F(TileQuantMxTest, X2ZzAxis0TransposesDnToZz) {
  const Var* exp = ctx_.NewVar("e", RawExp({2, 32}));
  EXPECT_TYPE(TypeOf("tile.tmov_x2zz", {exp, TileVar(DataType::kUInt8, {1, 32})}, {Axis(0)}),
              Scale(DataType::kUInt8, {32, 2}, TileLayout::kRowMajor));
}

TEST_F(TileQuantMxTest, X2ZzRejects) {
  const Var* exp = ctx_.NewVar("e", RawExp({1, 64}));
  const Var* tmp = TileVar(DataType::kUInt8, {1, 96});
  NamedAttr rows = {"dst_rows", AttrValue::Int(32)};
  NamedAttr cols = {"dst_cols", AttrValue::Int(2)};
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {exp, tmp}, {Axis(1)}),
              HasSubstr("tile.tmov_x2zz: with group_axis=1 requires dst_rows and dst_cols"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {exp, TileVar(DataType::kUInt8, {1, 64})},
                      {Axis(1), rows, cols}),
              HasSubstr("tile.tmov_x2zz: requires a tmp of at least 68 bytes (the X-to-ZZ "
                        "workspace of group_axis=1), got shape [1, 64]"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {exp, tmp},
                      {Axis(1), {"dst_rows", AttrValue::Int(16)}, cols}),
              HasSubstr("group_axis=1 src valid shape must be [1, 32] or [16, 2], got [1, 64]"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {exp, tmp},
                      {Axis(1), {"dst_rows", AttrValue::Int(64)}, {"dst_cols", AttrValue::Int(1)}}),
              HasSubstr("requires an even dst_cols for group_axis=1, got 1"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {TileVar(DataType::kInt8, {1, 64}), tmp},
                      {Axis(1), rows, cols}),
              HasSubstr("tile.tmov_x2zz: requires UINT8 src and tmp, got INT8 and UINT8"));
  const Var* dn = ctx_.NewVar("e", RawExp({2, 32}));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {ctx_.NewVar("e", RawExp({1, 48}, {1, 48})), tmp},
                      {Axis(1), {"dst_rows", AttrValue::Int(24)}, cols}),
              HasSubstr("requires src capacity for align16(dst_rows) * dst_cols = 64 elements, "
                        "got shape [1, 48]"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {dn, TileVar(DataType::kUInt8, {1, 16})}, {Axis(0)}),
              HasSubstr("requires a tmp of at least 32 bytes"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {dn, tmp}, {Axis(0), rows}),
              HasSubstr("dst_rows and dst_cols apply only to group_axis=1"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {ctx_.NewVar("e", RawExp({3, 32})), tmp}, {Axis(0)}),
              HasSubstr("requires an even src row count >= 2 for group_axis=0, got 3"));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {ctx_.NewVar("e", RawExp({2, 24})), tmp}, {Axis(0)}),
              HasSubstr("requires src columns divisible by 16 for group_axis=0, got 24"));
  const Var* col = ctx_.NewVar("c", Scale(DataType::kUInt8, {32, 2}, TileLayout::kColMajor));
  EXPECT_THAT(ErrorOf("tile.tmov_x2zz", {col, tmp}, {Axis(0)}),
              HasSubstr("tile.tmov_x2zz: requires a row_major/none_box src, got "
                        "col_major/col_major"));
}

}  // namespace
}  // namespace pto::ir
