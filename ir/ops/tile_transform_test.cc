#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileTransformTest : public OpTest {
 protected:
  NamedAttr Mem(MemorySpace m) { return {"target_memory", AttrValue::Enum(m)}; }
};

TEST_F(TileTransformTest, SliceNarrowsToTheSourceValidData) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP32, {16, 64}, {16, 40}));
  // Columns 32..63 of which 32..39 hold data.
  EXPECT_TYPE(TypeOf("tile.slice", {t, List({16, 32}), List({0, 32})}),
              TileWithValid(DataType::kFP32, {16, 32}, {16, 8}));
  EXPECT_TYPE(TypeOf("tile.slice", {t, List({8, 16}), List({0, 0}), List({4, 16})}),
              TileWithValid(DataType::kFP32, {8, 16}, {4, 16}));
  // drop_dims removes a unit dim and pads back to rank 2.
  const Var* r3 = TileVar(DataType::kFP16, {4, 8, 16});
  EXPECT_TYPE(TypeOf("tile.slice", {r3, List({1, 8, 16}), List({2, 0, 0}), List({}), List({0})}),
              Tile(DataType::kFP16, {8, 16}));
}

TEST_F(TileTransformTest, SliceKeepsTheSourceSpaceAndTakesPad) {
  const Var* m = TileVar(DataType::kBF16, {64, 64}, MemorySpace::kMat);
  EXPECT_TYPE(TypeOf("tile.slice", {m, List({32, 64}), List({32, 0})}),
              Tile(DataType::kBF16, {32, 64}, MemorySpace::kMat));
  const Type* sliced = TypeOf("tile.slice", {TileVar(DataType::kFP32, {16, 16}), List({8, 16}),
                                             List({0, 0})},
                              {{"pad_value", AttrValue::Enum(PadValue::kMax)}});
  const TileType* padded = sliced == nullptr ? nullptr : sliced->As<TileType>();
  ASSERT_NE(padded, nullptr);
  EXPECT_EQ(padded->EffectiveView().pad, PadValue::kMax);
}

TEST_F(TileTransformTest, SliceRejects) {
  const Var* t = TileVar(DataType::kFP32, {16, 64});
  EXPECT_THAT(ErrorOf("tile.slice", {t, List({16, 32}), List({0, 48})}),
              HasSubstr("tile.slice: window leaves the source in dimension 1: offset 48 + extent "
                        "32 exceeds the source extent 64"));
  EXPECT_THAT(ErrorOf("tile.slice", {t, ListOf({ScalarVar(DataType::kIndex), ctx_.Index(8)}),
                                     List({0, 0})}),
              HasSubstr("shape element 0 must be a positive integer constant"));
  EXPECT_THAT(ErrorOf("tile.slice", {t, List({16, 32}), List({0})}),
              HasSubstr("shape and offset must have the tile's rank 2, got 2 and 1"));
  EXPECT_THAT(ErrorOf("tile.slice", {t, List({8, 32}), List({0, 0}), List({}), List({0})}),
              HasSubstr("drop_dims may drop only extent-1 dimensions"));
}

TEST_F(TileTransformTest, Reshape) {
  const Var* t = TileVar(DataType::kFP32, {16, 64});
  EXPECT_TYPE(TypeOf("tile.reshape", {t, List({32, 32})}), Tile(DataType::kFP32, {32, 32}));
  const Var* rows = ctx_.NewVar("r", TileWithValid(DataType::kFP32, {16, 64}, {9, 64}));
  EXPECT_TYPE(TypeOf("tile.reshape", {rows, List({16, 64})}),
              TileWithValid(DataType::kFP32, {16, 64}, {9, 64}));
  EXPECT_THAT(ErrorOf("tile.reshape", {t, List({32, 16})}),
              HasSubstr("tile.reshape: cannot reshape a tile of 1024 elements into [32, 16] (512 "
                        "elements)"));
  EXPECT_THAT(ErrorOf("tile.reshape", {rows, List({32, 32})}),
              HasSubstr("cannot carry the valid region [9, 64] of a [16, 64] tile into shape "
                        "[32, 32]"));
}

TEST_F(TileTransformTest, Assemble) {
  const Var* big = TileVar(DataType::kFP32, {32, 64});
  const Var* small = TileVar(DataType::kFP32, {16, 32});
  EXPECT_TYPE(TypeOf("tile.assemble", {big, small, List({16, 32})}), big->type());
  // An empty-ish target grows to the anchored source.
  const Var* partial = ctx_.NewVar("p", TileWithValid(DataType::kFP32, {32, 64}, {8, 64}));
  const Var* top = ctx_.NewVar("q", TileWithValid(DataType::kFP32, {32, 64}, {24, 64}));
  EXPECT_TYPE(TypeOf("tile.assemble", {partial, top, List({0, 0})}), top->type());
  // Acc -> Mat fixpipe downcast.
  const Var* mat = TileVar(DataType::kBF16, {32, 64}, MemorySpace::kMat);
  EXPECT_TYPE(TypeOf("tile.assemble", {mat, TileVar(DataType::kFP32, {16, 64}, MemorySpace::kAcc),
                                       List({0, 0})}),
              mat->type());
  EXPECT_THAT(ErrorOf("tile.assemble", {big, small, List({20, 0})}),
              HasSubstr("tile.assemble: writes past the end of dimension 0: offset 20 + source "
                        "extent 16 exceeds the target extent 32"));
  EXPECT_THAT(ErrorOf("tile.assemble", {big, TileVar(DataType::kInt32, {16, 32}), List({0, 0})}),
              HasSubstr("requires target and source of the same dtype"));
}

TEST_F(TileTransformTest, ExtractIntoL0UsesTheL0Layouts) {
  const Var* m = TileVar(DataType::kBF16, {128, 128}, MemorySpace::kMat);
  TileView zz;
  zz.blayout = TileLayout::kRowMajor;
  zz.slayout = TileLayout::kRowMajor;
  EXPECT_TYPE(TypeOf("tile.extract", {m, ctx_.Index(0), ctx_.Index(64), List({64, 64})},
                     {Mem(MemorySpace::kLeft)}),
              ctx_.GetTileType(DataType::kBF16, Dims({64, 64}), MemorySpace::kLeft, &zz));
  TileView zn;
  zn.blayout = TileLayout::kRowMajor;
  zn.slayout = TileLayout::kColMajor;
  EXPECT_TYPE(TypeOf("tile.extract", {m, ctx_.Index(64), ctx_.Index(0), List({64, 128})},
                     {Mem(MemorySpace::kRight)}),
              ctx_.GetTileType(DataType::kBF16, Dims({64, 128}), MemorySpace::kRight, &zn));
  EXPECT_TYPE(TypeOf("tile.extract", {m, ctx_.Index(0), ctx_.Index(0), List({16, 16})},
                     {Mem(MemorySpace::kVec)}),
              Tile(DataType::kBF16, {16, 16}));
}

TEST_F(TileTransformTest, ExtractRejects) {
  const Var* m = TileVar(DataType::kBF16, {128, 128}, MemorySpace::kMat);
  EXPECT_THAT(ErrorOf("tile.extract", {m, ctx_.Index(96), ctx_.Index(0), List({64, 64})},
                      {Mem(MemorySpace::kLeft)}),
              HasSubstr("tile.extract: window leaves the source in dimension 0"));
  EXPECT_THAT(ErrorOf("tile.extract", {m, ctx_.Index(0), ctx_.Index(0), List({256, 64})},
                      {Mem(MemorySpace::kLeft)}),
              HasSubstr("shape[0]=256 exceeds the src extent 128"));
  EXPECT_THAT(ErrorOf("tile.extract", {TileVar(DataType::kBF16, {4, 8, 8}), ctx_.Index(0),
                                       ctx_.Index(0), List({4, 4})},
                      {Mem(MemorySpace::kLeft)}),
              HasSubstr("requires a 2-D src, got rank 3"));
}

TEST_F(TileTransformTest, ScatterUpdateAndConcat) {
  const Var* x = TileVar(DataType::kFP16, {64, 32});
  const Var* idx = TileVar(DataType::kInt32, {2, 4});
  const Var* src = TileVar(DataType::kFP16, {8, 32});
  EXPECT_TYPE(TypeOf("tile.scatter_update", {x, idx, src}), x->type());
  EXPECT_THAT(ErrorOf("tile.scatter_update", {x, idx, src}, {{"dim", AttrValue::Int(0)}}),
              HasSubstr("tile.scatter_update: supports only dim=-2, got 0"));
  EXPECT_THAT(ErrorOf("tile.scatter_update", {x, TileVar(DataType::kFP32, {2, 4}), src}),
              HasSubstr("index must be a 2-D integer tile"));

  const Var* a = TileVar(DataType::kFP32, {16, 32});
  const Var* b = TileVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tile.concat", {a, b}), Tile(DataType::kFP32, {16, 48}));
  EXPECT_THAT(ErrorOf("tile.concat", {a, TileVar(DataType::kFP32, {8, 16})}),
              HasSubstr("tile.concat: row counts must match, got 16 and 8"));
  EXPECT_THAT(ErrorOf("tile.concat", {a, TileVar(DataType::kFP16, {16, 16})}),
              HasSubstr("src0 and src1 must have the same dtype, got FP32 and FP16"));
}

}  // namespace
}  // namespace pto::ir
