#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileViewTest : public OpTest {
 protected:
  const TileType* Layout(DataType dtype, std::initializer_list<int64_t> shape,
                         std::optional<MemorySpace> space, TileLayout b, TileLayout s,
                         std::initializer_list<int64_t> valid = {}, uint32_t fractal = 512,
                         PadValue pad = PadValue::kNull) {
    TileView view;
    view.blayout = b;
    view.slayout = s;
    view.fractal = fractal;
    view.pad = pad;
    view.valid_shape = Dims(valid);
    return ctx_.GetTileType(dtype, Dims(shape), space, &view);
  }
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

// --- tile.transpose_view ----------------------------------------------------------

TEST_F(TileViewTest, TransposeViewSwapsDimsAndLayouts) {
  // Mat NZ [16, 32] -> ZN [32, 16].
  const Var* mat = TileVar(DataType::kFP16, {16, 32}, MemorySpace::kMat);
  EXPECT_TYPE(TypeOf("tile.transpose_view", {mat}),
              Layout(DataType::kFP16, {32, 16}, MemorySpace::kMat, TileLayout::kRowMajor,
                     TileLayout::kColMajor));
  // Vec ND -> DN, valid shape swapped too.
  const Var* vec = ctx_.NewVar("v", TileWithValid(DataType::kFP32, {16, 32}, {8, 20}));
  EXPECT_TYPE(TypeOf("tile.transpose_view", {vec}),
              Layout(DataType::kFP32, {32, 16}, MemorySpace::kVec, TileLayout::kColMajor,
                     TileLayout::kNoneBox, {20, 8}));
  // Acc keeps its fractal; pad carries over.
  const Var* acc = ctx_.NewVar("a", Layout(DataType::kFP32, {16, 16}, MemorySpace::kAcc,
                                           TileLayout::kColMajor, TileLayout::kRowMajor, {},
                                           1024, PadValue::kZero));
  EXPECT_TYPE(TypeOf("tile.transpose_view", {acc}),
              Layout(DataType::kFP32, {16, 16}, MemorySpace::kAcc, TileLayout::kRowMajor,
                     TileLayout::kColMajor, {}, 1024, PadValue::kZero));
  // Rank 3: only the trailing pair moves.
  const Var* r3 = TileVar(DataType::kFP16, {2, 16, 32}, std::nullopt);
  EXPECT_TYPE(TypeOf("tile.transpose_view", {r3}),
              Layout(DataType::kFP16, {2, 32, 16}, std::nullopt, TileLayout::kColMajor,
                     TileLayout::kNoneBox));
}

TEST_F(TileViewTest, TransposeViewIsAnInvolution) {
  for (std::optional<MemorySpace> m : {std::optional<MemorySpace>(MemorySpace::kMat),
                                       std::optional<MemorySpace>(MemorySpace::kVec),
                                       std::optional<MemorySpace>(MemorySpace::kLeft),
                                       std::optional<MemorySpace>(MemorySpace::kRight),
                                       std::optional<MemorySpace>()}) {
    const Var* x = ctx_.NewVar("x", TileWithValid(DataType::kFP16, {16, 32}, {5, 7}, m));
    absl::StatusOr<const Call*> once = Make("tile.transpose_view", {x});
    ASSERT_TRUE(once.ok()) << once.status();
    const Var* y = ctx_.NewVar("y", (*once)->type());
    EXPECT_TYPE(TypeOf("tile.transpose_view", {y}), x->type());
  }
}

TEST_F(TileViewTest, TransposeViewRejects) {
  EXPECT_THAT(ErrorOf("tile.transpose_view", {TileVar(DataType::kFP16, {16})}),
              HasSubstr("tile.transpose_view: needs a tile of rank >= 2, got rank 1"));
  EXPECT_THAT(ErrorOf("tile.transpose_view", {TensorVar(DataType::kFP16, {16, 16})}),
              HasSubstr("tile.transpose_view: input must be a TileType, got TensorType"));
}

// --- tile.reinterpret_view ----------------------------------------------------------

TEST_F(TileViewTest, ReinterpretScalesTheContiguousAxis) {
  const Var* f32 = TileVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {f32}, {DType(DataType::kInt8)}),
              Tile(DataType::kInt8, {16, 64}));
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {f32}, {DType(DataType::kUInt32)}),
              Tile(DataType::kUInt32, {16, 16}));
  const Var* i8 = TileVar(DataType::kInt8, {16, 64});
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {i8}, {DType(DataType::kFP32)}),
              Tile(DataType::kFP32, {16, 16}));
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {i8}, {DType(DataType::kInt64)}),
              Tile(DataType::kInt64, {16, 8}));
  // A col_major tile's contiguous axis is the second-to-last.
  const Var* col = TileVar(DataType::kFP32, {16, 1});
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {col}, {DType(DataType::kInt16)}),
              Tile(DataType::kInt16, {32, 1}));
  // The memory space is kept.
  const Var* none = TileVar(DataType::kFP16, {8, 8}, std::nullopt);
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {none}, {DType(DataType::kBF16)}),
              Tile(DataType::kBF16, {8, 8}, std::nullopt));
}

TEST_F(TileViewTest, ReinterpretPartialValidAndPad) {
  const Var* p = ctx_.NewVar("p", Layout(DataType::kFP32, {16, 16}, MemorySpace::kVec,
                                         TileLayout::kRowMajor, TileLayout::kNoneBox, {8, 10},
                                         512, PadValue::kZero));
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {p}, {DType(DataType::kInt8)}),
              Layout(DataType::kInt8, {16, 64}, MemorySpace::kVec, TileLayout::kRowMajor,
                     TileLayout::kNoneBox, {8, 40}, 512, PadValue::kZero));
  // The automatic shape may also be spelled out.
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {p, List({16, 64})}, {DType(DataType::kInt8)}),
              Layout(DataType::kInt8, {16, 64}, MemorySpace::kVec, TileLayout::kRowMajor,
                     TileLayout::kNoneBox, {8, 40}, 512, PadValue::kZero));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {p, List({32, 32})}, {DType(DataType::kInt8)}),
              HasSubstr("tile.reinterpret_view: cannot carry a partial valid shape through an "
                        "arbitrary explicit shape"));
  // max/min pads mean nothing in another dtype.
  const Var* maxpad = ctx_.NewVar("m", Layout(DataType::kFP16, {16, 16}, MemorySpace::kVec,
                                              TileLayout::kRowMajor, TileLayout::kNoneBox, {},
                                              512, PadValue::kMax));
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {maxpad}, {DType(DataType::kInt16)}),
              Tile(DataType::kInt16, {16, 16}));
  // A valid extent that does not divide for a wider type.
  const Var* odd = ctx_.NewVar("o", TileWithValid(DataType::kInt8, {16, 64}, {16, 30}));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {odd}, {DType(DataType::kFP32)}),
              HasSubstr("valid_shape dimension 1 (30) is not divisible by 4 for the wider target "
                        "dtype"));
}

TEST_F(TileViewTest, ReinterpretExplicitShape) {
  const Var* f32 = TileVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {f32, List({32, 32})}, {DType(DataType::kInt8)}),
              Tile(DataType::kInt8, {32, 32}));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {f32, List({16, 16})}, {DType(DataType::kInt8)}),
              HasSubstr("tile.reinterpret_view: needs equal source and target byte sizes, got "
                        "1024 and 256 bytes"));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {f32, List({16, 0})}, {DType(DataType::kInt8)}),
              HasSubstr("target shape dimension 1 must be positive, got 0"));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {f32, ListOf({ctx_.Float(1.0)})},
                      {DType(DataType::kInt8)}),
              HasSubstr("shape element 0 must be an integer scalar"));
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {f32, ListOf({n, ctx_.Index(64)})},
                      {DType(DataType::kInt8)}),
              HasSubstr("cannot prove equal byte sizes for an explicit shape with dynamic dims"));
  const Op& op = BuiltinOp("tile.reinterpret_view");
  EXPECT_EQ(op.FindKeywordArg("shape"), 1);
  EXPECT_TRUE(op.args()[1].optional);
}

TEST_F(TileViewTest, ReinterpretSymbolicDims) {
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* shape[] = {ctx_.Index(16), n};
  const Var* x = ctx_.NewVar("x", ctx_.GetTileType(DataType::kFP32, shape, MemorySpace::kVec));
  absl::StatusOr<const Call*> narrow =
      Make("tile.reinterpret_view", {x}, {DType(DataType::kInt8)});
  ASSERT_TRUE(narrow.ok()) << narrow.status();
  EXPECT_EQ(DescribeDims((*narrow)->type()->As<TileType>()->shape()), "[16, <expr>]");
  // Widening back undoes the scaling.
  const Var* y = ctx_.NewVar("y", (*narrow)->type());
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {y}, {DType(DataType::kFP32)}), x->type());
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {x}, {DType(DataType::kInt64)}),
              HasSubstr("tile.reinterpret_view: cannot prove that dynamic shape dimension 1 is "
                        "divisible by 2"));
}

// The MX quantization aliases: FP8 data over INT8 bytes, and E8M0 scales over
// UINT8 exponents even on a boxed fractal-32 scale tile.
TEST_F(TileViewTest, ReinterpretAcceptsMxAliases) {
  const Var* bytes = TileVar(DataType::kInt8, {16, 64});
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {bytes}, {DType(DataType::kFP8E4M3FN)}),
              ctx_.GetTileType(DataType::kFP8E4M3FN, ctx_.IndexList({16, 64}), MemorySpace::kVec));
  TileView zz;
  zz.slayout = TileLayout::kRowMajor;
  zz.fractal = 32;
  const Var* exps = ctx_.NewVar(
      "e", ctx_.GetTileType(DataType::kUInt8, ctx_.IndexList({16, 2}), MemorySpace::kVec, &zz));
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {exps}, {DType(DataType::kFP8E8M0)}),
              ctx_.GetTileType(DataType::kFP8E8M0, ctx_.IndexList({16, 2}), MemorySpace::kVec, &zz));
  // Any other boxed reinterpretation is still rejected.
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {exps}, {DType(DataType::kInt8)}),
              HasSubstr("supports only flat tiles (slayout none_box)"));
}

TEST_F(TileViewTest, ReinterpretRejects) {
  const Var* f32 = TileVar(DataType::kFP32, {16, 16});
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {f32}, {DType(DataType::kFP32)}),
              HasSubstr("tile.reinterpret_view: source and target dtypes must differ"));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {f32}, {DType(DataType::kFP8E5M2)}),
              HasSubstr("does not support target dtype FP8E5M2"));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {TileVar(DataType::kFP4, {16, 16})},
                      {DType(DataType::kInt8)}),
              HasSubstr("does not support source dtype FP4"));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {f32}), HasSubstr("requires a 'dtype' kwarg"));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {TileVar(DataType::kFP16, {16, 16},
                                                        MemorySpace::kMat)},
                      {DType(DataType::kInt16)}),
              HasSubstr("supports only flat tiles (slayout none_box)"));
  TileView strided;
  strided.stride = Dims({32, 1});
  const Var* s = ctx_.NewVar(
      "s", ctx_.GetTileType(DataType::kFP16, Dims({16, 16}), MemorySpace::kVec, &strided));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {s}, {DType(DataType::kInt16)}),
              HasSubstr("supports only packed tiles (no explicit stride)"));
  TileView offset;
  offset.start_offset = ctx_.Index(8);
  const Var* o = ctx_.NewVar(
      "o", ctx_.GetTileType(DataType::kFP16, Dims({16, 16}), MemorySpace::kVec, &offset));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {o}, {DType(DataType::kInt16)}),
              HasSubstr("needs a zero start_offset, got 8"));
  TileView zero_offset;
  zero_offset.start_offset = ctx_.Index(0);
  const Var* z = ctx_.NewVar(
      "z", ctx_.GetTileType(DataType::kFP16, Dims({16, 16}), MemorySpace::kVec, &zero_offset));
  EXPECT_TYPE(TypeOf("tile.reinterpret_view", {z}, {DType(DataType::kInt16)}),
              Tile(DataType::kInt16, {16, 16}));
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {TileVar(DataType::kFP16, {})},
                      {DType(DataType::kInt16)}),
              HasSubstr("needs a tile of rank >= 1"));
  const Var* col = TileVar(DataType::kFP32, {16, 1});
  EXPECT_THAT(ErrorOf("tile.reinterpret_view", {col, List({64})}, {DType(DataType::kInt8)}),
              HasSubstr("needs a target rank >= 2 for a col_major tile"));
}

// --- tile.set_validshape ----------------------------------------------------------------

TEST_F(TileViewTest, SetValidShapeNarrowsTheEffectiveView) {
  const Var* t = TileVar(DataType::kFP32, {16, 32});
  EXPECT_TYPE(TypeOf("tile.set_validshape", {t, ctx_.Index(8), ctx_.Index(20)}),
              TileWithValid(DataType::kFP32, {16, 32}, {8, 20}));
  // Bounds are inclusive.
  EXPECT_TYPE(TypeOf("tile.set_validshape", {t, ctx_.Index(0), ctx_.Index(32)}),
              TileWithValid(DataType::kFP32, {16, 32}, {0, 32}));
  EXPECT_TYPE(TypeOf("tile.set_validshape", {t, ctx_.Index(16), ctx_.Index(32)}), t->type());
  // An implicit Acc view stays Acc (fractal 1024 included).
  const Var* acc = TileVar(DataType::kFP32, {16, 16}, MemorySpace::kAcc);
  EXPECT_TYPE(TypeOf("tile.set_validshape", {acc, ctx_.Index(4), ctx_.Index(16)}),
              Layout(DataType::kFP32, {16, 16}, MemorySpace::kAcc, TileLayout::kColMajor,
                     TileLayout::kRowMajor, {4, 16}, 1024));
  // Symbolic extents of any index-like dtype; the space (here none) is kept.
  const Var* rows = ctx_.NewVar("r", ctx_.GetScalarType(DataType::kInt64));
  const Var* cols = ctx_.NewVar("c", ctx_.GetScalarType(DataType::kUInt64));
  const Var* none = TileVar(DataType::kFP16, {16, 16}, std::nullopt);
  TileView want;
  const Expr* valid[] = {rows, cols};
  want.valid_shape = valid;
  EXPECT_TYPE(TypeOf("tile.set_validshape", {none, rows, cols}),
              ctx_.GetTileType(DataType::kFP16, Dims({16, 16}), std::nullopt, &want));
}

TEST_F(TileViewTest, SetValidShapeRejects) {
  const Var* t = TileVar(DataType::kFP32, {16, 32});
  EXPECT_THAT(ErrorOf("tile.set_validshape", {t, ctx_.Index(17), ctx_.Index(8)}),
              HasSubstr("tile.set_validshape: valid_rows (17) exceeds the tile extent 16"));
  EXPECT_THAT(ErrorOf("tile.set_validshape", {t, ctx_.Index(8), ctx_.Index(33)}),
              HasSubstr("valid_cols (33) exceeds the tile extent 32"));
  EXPECT_THAT(ErrorOf("tile.set_validshape", {t, ctx_.Index(-1), ctx_.Index(8)}),
              HasSubstr("valid_rows must be >= 0, got -1"));
  EXPECT_THAT(ErrorOf("tile.set_validshape", {t, ctx_.Int(8, DataType::kInt32), ctx_.Index(8)}),
              HasSubstr("tile.set_validshape: valid_rows must be INT64, UINT64 or INDEX, got INT32"));
  EXPECT_THAT(ErrorOf("tile.set_validshape", {t, ctx_.Index(8), ctx_.Float(8.0)}),
              HasSubstr("valid_cols must be INT64, UINT64 or INDEX, got FP32"));
  EXPECT_THAT(ErrorOf("tile.set_validshape", {t, t, ctx_.Index(8)}),
              HasSubstr("valid_rows must be a ScalarType, got TileType"));
  EXPECT_THAT(ErrorOf("tile.set_validshape",
                      {TileVar(DataType::kFP32, {2, 16, 32}), ctx_.Index(1), ctx_.Index(1)}),
              HasSubstr("tile.set_validshape: needs a 2-D tile, got rank 3"));
}

}  // namespace
}  // namespace pto::ir
