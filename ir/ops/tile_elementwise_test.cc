#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

constexpr const char* kBinaryOps[] = {"tile.add", "tile.sub", "tile.mul", "tile.maximum",
                                      "tile.minimum"};
constexpr const char* kScalarOps[] = {"tile.adds", "tile.subs", "tile.muls",
                                      "tile.divs", "tile.maximums", "tile.minimums"};

class TileElementwiseTest : public OpTest {};

TEST_F(TileElementwiseTest, BinarySameTypeKeepsIt) {
  const Var* a = TileVar(DataType::kFP32, {16, 16});
  const Var* b = TileVar(DataType::kFP32, {16, 16});
  for (const char* op : kBinaryOps) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, b}), a->type());
  }
}

TEST_F(TileElementwiseTest, BinaryPromotesAndBroadcasts) {
  const Var* a = TileVar(DataType::kFP16, {1, 16});
  const Var* b = TileVar(DataType::kFP32, {8, 16});
  // Shape broadcasts; valid shape comes from lhs, right-aligned.
  TileView view;
  view.valid_shape = Dims({1, 16});
  EXPECT_TYPE(TypeOf("tile.add", {a, b}),
              ctx_.GetTileType(DataType::kFP32, Dims({8, 16}), MemorySpace::kVec, &view));
  const Var* i8 = TileVar(DataType::kInt8, {8, 16});
  const Var* u16 = TileVar(DataType::kUInt16, {8, 16});
  EXPECT_TYPE(TypeOf("tile.mul", {i8, u16}), Tile(DataType::kUInt16, {8, 16}));
  const Var* i16 = TileVar(DataType::kInt16, {8, 16});
  EXPECT_TYPE(TypeOf("tile.sub", {u16, i16}), Tile(DataType::kInt16, {8, 16}));
  // Lower rank on the left: missing leading valid dims are fully valid.
  const Var* row = TileVar(DataType::kFP32, {16});
  EXPECT_TYPE(TypeOf("tile.maximum", {row, b}), Tile(DataType::kFP32, {8, 16}));
}

TEST_F(TileElementwiseTest, BinaryInheritsLhsViewNotRhs) {
  const Var* a = ctx_.NewVar("a", TileWithValid(DataType::kFP32, {16, 16}, {8, 16}));
  const Var* b = ctx_.NewVar("b", TileWithValid(DataType::kFP32, {16, 16}, {4, 4}));
  EXPECT_TYPE(TypeOf("tile.add", {a, b}), a->type());
  EXPECT_TYPE(TypeOf("tile.add", {b, a}), b->type());
  // Layout and pad follow lhs; fractal does not; the space is always Vec.
  TileView col;
  col.blayout = TileLayout::kColMajor;
  col.pad = PadValue::kZero;
  col.fractal = 1024;
  const Var* c = ctx_.NewVar("c", ctx_.GetTileType(DataType::kFP32, Dims({16, 16}),
                                                    MemorySpace::kMat, &col));
  TileView want;
  want.blayout = TileLayout::kColMajor;
  want.pad = PadValue::kZero;
  EXPECT_TYPE(TypeOf("tile.mul", {c, a}),
              ctx_.GetTileType(DataType::kFP32, Dims({16, 16}), MemorySpace::kVec, &want));
}

TEST_F(TileElementwiseTest, BinarySymbolicDims) {
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Var* m = ctx_.NewVar("M", ctx_.GetScalarType(DataType::kIndex));
  const Expr* nd[] = {n, ctx_.Index(16)};
  const Expr* one[] = {ctx_.Index(1), ctx_.Index(16)};
  const Expr* md[] = {m, ctx_.Index(16)};
  const Var* a = ctx_.NewVar("a", ctx_.GetTileType(DataType::kFP32, nd, MemorySpace::kVec));
  const Var* b = ctx_.NewVar("b", ctx_.GetTileType(DataType::kFP32, one, MemorySpace::kVec));
  const Var* c = ctx_.NewVar("c", ctx_.GetTileType(DataType::kFP32, md, MemorySpace::kVec));
  EXPECT_TYPE(TypeOf("tile.add", {a, a}), a->type());
  // [1, 16] broadcasts against [N, 16]; the valid shape is lhs's.
  TileView view;
  view.valid_shape = one;
  EXPECT_TYPE(TypeOf("tile.add", {b, a}),
              ctx_.GetTileType(DataType::kFP32, nd, MemorySpace::kVec, &view));
  EXPECT_THAT(ErrorOf("tile.add", {a, c}),
              HasSubstr("tile.add: cannot broadcast shapes [N, 16] and [M, 16]: dim N vs M"));
}

TEST_F(TileElementwiseTest, BinaryRejects) {
  const Var* a = TileVar(DataType::kFP32, {16, 16});
  const Var* b = TileVar(DataType::kFP32, {8, 16});
  const Var* s = ScalarVar(DataType::kFP32);
  const Var* x = TensorVar(DataType::kFP32, {16, 16});
  for (const char* op : kBinaryOps) {
    SCOPED_TRACE(op);
    EXPECT_THAT(ErrorOf(op, {a, b}), HasSubstr(std::string(op) + ": cannot broadcast shapes "
                                                                  "[16, 16] and [8, 16]"));
    EXPECT_THAT(ErrorOf(op, {a, s}),
                HasSubstr(std::string(op) + ": rhs must be a TileType, got ScalarType"));
    EXPECT_THAT(ErrorOf(op, {x, a}),
                HasSubstr(std::string(op) + ": lhs must be a TileType, got TensorType"));
    EXPECT_THAT(ErrorOf(op, {a}), HasSubstr("expects 2 arguments, got 1"));
  }
}

TEST_F(TileElementwiseTest, DivNeedsMatchingOperands) {
  const Var* a = TileVar(DataType::kFP16, {16, 16});
  EXPECT_TYPE(TypeOf("tile.div", {a, a}), a->type());
  EXPECT_TYPE(TypeOf("tile.div", {a, a}, {{"high_precision", AttrValue::Bool(true)}}), a->type());
  const Var* va = ctx_.NewVar("va", TileWithValid(DataType::kInt32, {16, 16}, {8, 16}));
  EXPECT_TYPE(TypeOf("tile.div", {va, va}), va->type());

  EXPECT_THAT(ErrorOf("tile.div", {a, TileVar(DataType::kFP32, {16, 16})}),
              HasSubstr("tile.div: lhs and rhs must have the same dtype, got FP16 and FP32"));
  const Var* i8 = TileVar(DataType::kInt8, {16, 16});
  EXPECT_THAT(ErrorOf("tile.div", {i8, i8}),
              HasSubstr("tile.div: dtype must be one of {INT16, INT32, FP16, FP32}, got INT8"));
  EXPECT_THAT(ErrorOf("tile.div", {a, TileVar(DataType::kFP16, {1, 16})}),
              HasSubstr("must have the same shape, got [16, 16] and [1, 16]"));
  const Var* vb = ctx_.NewVar("vb", TileWithValid(DataType::kInt32, {16, 16}, {4, 16}));
  EXPECT_THAT(ErrorOf("tile.div", {va, vb}),
              HasSubstr("must have the same valid shape, got [8, 16] and [4, 16]"));
  const Var* i32 = TileVar(DataType::kInt32, {16, 16});
  EXPECT_THAT(ErrorOf("tile.div", {i32, i32}, {{"high_precision", AttrValue::Bool(true)}}),
              HasSubstr("high_precision is supported only for FP16 and FP32"));
}

TEST_F(TileElementwiseTest, TileScalarKeepsTileType) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP16, {16, 32}, {16, 20}));
  for (const char* op : kScalarOps) {
    SCOPED_TRACE(op);
    // The scalar is narrowed at run time: an FP32 literal keeps an FP16 tile.
    EXPECT_TYPE(TypeOf(op, {t, ctx_.Float(2.0)}), t->type());
    EXPECT_TYPE(TypeOf(op, {t, ScalarVar(DataType::kInt32)}), t->type());
  }
  // A tile in another space comes out in Vec.
  const Var* acc = TileVar(DataType::kFP32, {16, 16}, MemorySpace::kMat);
  TileView mat = ImplicitTileView(MemorySpace::kMat, TileLayout::kRowMajor);
  TileView want;
  want.blayout = mat.blayout;
  want.slayout = mat.slayout;
  EXPECT_TYPE(TypeOf("tile.muls", {acc, ctx_.Float(1.0)}),
              ctx_.GetTileType(DataType::kFP32, Dims({16, 16}), MemorySpace::kVec, &want));
}

TEST_F(TileElementwiseTest, TileScalarRejects) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  for (const char* op : kScalarOps) {
    SCOPED_TRACE(op);
    EXPECT_THAT(ErrorOf(op, {t, t}), HasSubstr(std::string(op) +
                                               ": rhs must be a ScalarType, got TileType"));
    EXPECT_THAT(ErrorOf(op, {ctx_.Float(1.0), t}),
                HasSubstr(std::string(op) + ": lhs must be a TileType, got ScalarType"));
  }
}

TEST_F(TileElementwiseTest, SubsLimitsDTypes) {
  for (DataType ok : {DataType::kInt8, DataType::kInt16, DataType::kInt32, DataType::kFP16,
                      DataType::kFP32, DataType::kBF16}) {
    const Var* t = TileVar(ok, {16, 16});
    EXPECT_TYPE(TypeOf("tile.subs", {t, ScalarVar(ok)}), t->type());
  }
  const Var* u8 = TileVar(DataType::kUInt8, {16, 16});
  EXPECT_THAT(ErrorOf("tile.subs", {u8, ScalarVar(DataType::kInt8)}),
              HasSubstr("tile.subs: tile dtype must be one of {INT8, INT16, INT32, FP16, FP32, "
                        "BF16}, got UINT8"));
  const Var* f = TileVar(DataType::kFP32, {16, 16});
  EXPECT_THAT(ErrorOf("tile.subs", {f, ScalarVar(DataType::kInt64)}),
              HasSubstr("tile.subs: scalar dtype must be one of {INT8, INT16, INT32, FP16, FP32, "
                        "BF16}, got INT64"));
  // adds has no such limit.
  EXPECT_TYPE(TypeOf("tile.adds", {u8, ScalarVar(DataType::kInt64)}), u8->type());
}

TEST_F(TileElementwiseTest, UnaryKeepsType) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kInt16, {8, 64}, {8, 33}));
  for (const char* op : {"tile.neg", "tile.abs"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t}), t->type());
    EXPECT_THAT(ErrorOf(op, {ScalarVar(DataType::kFP32)}),
                HasSubstr(std::string(op) + ": tile must be a TileType, got ScalarType"));
    EXPECT_THAT(ErrorOf(op, {t, t}), HasSubstr("expects 1 argument, got 2"));
  }
}

TEST_F(TileElementwiseTest, Fp4ResultsObeyTheShapeRule) {
  const Var* ok = TileVar(DataType::kFP4, {16, 64});
  EXPECT_TYPE(TypeOf("tile.neg", {ok}), ok->type());
  // A type with an odd FP4 last dim cannot come out of a deducer.
  const Var* odd = TileVar(DataType::kFP4, {16, 3});
  EXPECT_THAT(ErrorOf("tile.abs", {odd}),
              HasSubstr("tile.abs: an FP4 tensor or tile needs a positive even last dim"));
}

// --- Issue #20: remainders, partial ops, three-operand forms, (l)relu ---------

TEST_F(TileElementwiseTest, TwoTileFormsBroadcastAndPromote) {
  const Var* a = TileVar(DataType::kFP16, {1, 16});
  const Var* b = TileVar(DataType::kFP32, {8, 16});
  TileView view;
  view.valid_shape = Dims({1, 16});
  const Type* want = ctx_.GetTileType(DataType::kFP32, Dims({8, 16}), MemorySpace::kVec, &view);
  for (const char* op : {"tile.fmod", "tile.part_add", "tile.part_mul", "tile.part_max",
                         "tile.part_min"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, b}), want);
    const Var* c = TileVar(DataType::kFP32, {8, 8});
    EXPECT_THAT(ErrorOf(op, {b, c}), HasSubstr(std::string(op) + ": cannot broadcast shapes"));
  }
  EXPECT_THAT(ErrorOf("tile.part_add", {a, ctx_.Float(1.0)}),
              HasSubstr("tile.part_add: src1 must be a TileType, got ScalarType"));
}

TEST_F(TileElementwiseTest, RemTakesAScratchTile) {
  const Var* a = TileVar(DataType::kInt32, {8, 16});
  const Var* b = TileVar(DataType::kInt32, {1, 16});
  const Var* tmp = TileVar(DataType::kInt32, {8, 16});
  EXPECT_TYPE(TypeOf("tile.rem", {a, b, tmp}), a->type());
  EXPECT_THAT(ErrorOf("tile.rem", {a, b, ctx_.Int(0, DataType::kInt32)}),
              HasSubstr("tile.rem: tmp must be a TileType, got ScalarType"));
  EXPECT_THAT(ErrorOf("tile.rem", {a, b}), HasSubstr("tile.rem"));
}

TEST_F(TileElementwiseTest, ScalarFormsKeepTheTileOrPromoteWithTheScalar) {
  const Var* f16 = TileVar(DataType::kFP16, {8, 16});
  const Var* s16 = ScalarVar(DataType::kFP16);
  for (const char* op : {"tile.fmods", "tile.lrelu"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {f16, ctx_.Float(0.5)}), f16->type());
    EXPECT_THAT(ErrorOf(op, {f16, f16}), HasSubstr("must be a ScalarType, got TileType"));
  }
  EXPECT_THAT(ErrorOf("tile.lrelu", {f16, f16}), HasSubstr("tile.lrelu: slope must be"));
  // rems, addsc and subsc promote over tile, scalar and third tile.
  const Var* s32 = ScalarVar(DataType::kFP32);
  for (const char* op : {"tile.rems", "tile.addsc", "tile.subsc"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {f16, s16, f16}), f16->type());
    EXPECT_TYPE(TypeOf(op, {f16, s32, f16}), Tile(DataType::kFP32, {8, 16}));
    EXPECT_THAT(ErrorOf(op, {f16, f16, f16}), HasSubstr("rhs must be a ScalarType"));
    const Var* other = TileVar(DataType::kFP16, {4, 16});
    EXPECT_THAT(ErrorOf(op, {f16, s16, other}), HasSubstr("cannot broadcast shapes"));
  }
}

TEST_F(TileElementwiseTest, AddcSubcBroadcastAllThree) {
  const Var* a = TileVar(DataType::kInt16, {8, 16});
  const Var* b = TileVar(DataType::kFP16, {1, 16});
  const Var* c = TileVar(DataType::kFP32, {8, 1});
  for (const char* op : {"tile.addc", "tile.subc"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, b, c}), Tile(DataType::kFP32, {8, 16}));
    const Var* d = TileVar(DataType::kFP32, {4, 16});
    EXPECT_THAT(ErrorOf(op, {a, b, d}), HasSubstr("cannot broadcast shapes [8, 16] and [4, 16]"));
    EXPECT_THAT(ErrorOf(op, {a, b, ctx_.Float(1.0)}), HasSubstr("rhs2 must be a TileType"));
  }
}

TEST_F(TileElementwiseTest, PreluChecksSlopeAndTmp) {
  const Var* x = TileVar(DataType::kFP32, {16, 16});
  const Var* tmp = TileVar(DataType::kUInt8, {1, 32});
  EXPECT_TYPE(TypeOf("tile.prelu", {x, x, tmp}), x->type());
  const Var* i32 = TileVar(DataType::kInt32, {16, 16});
  EXPECT_THAT(ErrorOf("tile.prelu", {i32, i32, tmp}),
              HasSubstr("tile.prelu: tile dtype must be one of {FP16, FP32}, got INT32"));
  const Var* h = TileVar(DataType::kFP16, {16, 16});
  EXPECT_THAT(ErrorOf("tile.prelu", {x, h, tmp}), HasSubstr("slope dtype must match"));
  const Var* narrow = TileVar(DataType::kFP32, {16, 8});
  EXPECT_THAT(ErrorOf("tile.prelu", {x, narrow, tmp}), HasSubstr("slope must have the tile's shape"));
  const Var* part = ctx_.NewVar("p", TileWithValid(DataType::kFP32, {16, 16}, {8, 16}));
  EXPECT_THAT(ErrorOf("tile.prelu", {x, part, tmp}),
              HasSubstr("slope must have the tile's valid shape [16, 16], got [8, 16]"));
  const Var* v1 = TileVar(DataType::kFP32, {16});
  EXPECT_THAT(ErrorOf("tile.prelu", {v1, v1, tmp}), HasSubstr("tile must be rank 2, got rank 1"));
  EXPECT_THAT(ErrorOf("tile.prelu", {x, x, v1}), HasSubstr("tmp must be rank 2, got rank 1"));
}

}  // namespace
}  // namespace pto::ir
