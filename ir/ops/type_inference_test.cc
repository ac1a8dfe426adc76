#include "ir/ops/type_inference.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TypeInferenceTest : public OpTest {
 protected:
  const Var* Sym(absl::string_view name) {
    return ctx_.NewVar(name, ctx_.GetScalarType(DataType::kIndex));
  }
  // A DeduceContext for helper calls that need one (the op only names errors).
  DeduceContext Dc() { return DeduceContext(ctx_, BuiltinOp("tile.neg"), {}, {}); }
};

TEST_F(TypeInferenceTest, PromoteDataTypes) {
  EXPECT_EQ(PromoteDataTypes(DataType::kFP16, DataType::kFP16), DataType::kFP16);
  EXPECT_EQ(PromoteDataTypes(DataType::kInt32, DataType::kFP16), DataType::kFP16);
  EXPECT_EQ(PromoteDataTypes(DataType::kFP8E4M3FN, DataType::kInt64), DataType::kFP8E4M3FN);
  EXPECT_EQ(PromoteDataTypes(DataType::kFP16, DataType::kFP32), DataType::kFP32);
  EXPECT_EQ(PromoteDataTypes(DataType::kInt8, DataType::kInt32), DataType::kInt32);
  EXPECT_EQ(PromoteDataTypes(DataType::kUInt32, DataType::kInt32), DataType::kInt32);
  EXPECT_EQ(PromoteDataTypes(DataType::kInt16, DataType::kUInt16), DataType::kInt16);
  // Equal width, neither signed int: the first wins.
  EXPECT_EQ(PromoteDataTypes(DataType::kFP16, DataType::kBF16), DataType::kFP16);
  EXPECT_EQ(PromoteDataTypes(DataType::kBF16, DataType::kFP16), DataType::kBF16);
  EXPECT_EQ(PromoteDataTypes(DataType::kUInt64, DataType::kInt64), DataType::kInt64);
  EXPECT_EQ(PromoteDataTypes(DataType::kInt64, DataType::kIndex), DataType::kInt64);
}

TEST_F(TypeInferenceTest, BroadcastShapes) {
  const Var* n = Sym("N");
  const Expr* n16[] = {n, ctx_.Index(16)};
  auto shape = [&](absl::StatusOr<DimVec> s) {
    EXPECT_TRUE(s.ok()) << s.status();
    return s.ok() ? FormatShape(*s) : std::string("error");
  };
  EXPECT_EQ(shape(BroadcastShapes(Dims({16, 16}), Dims({16, 16}))), "[16, 16]");
  EXPECT_EQ(shape(BroadcastShapes(Dims({1, 16}), Dims({8, 1}))), "[8, 16]");
  EXPECT_EQ(shape(BroadcastShapes(Dims({16}), Dims({4, 8, 16}))), "[4, 8, 16]");
  EXPECT_EQ(shape(BroadcastShapes(Dims({4, 1, 16}), Dims({8, 1}))), "[4, 8, 16]");
  EXPECT_EQ(shape(BroadcastShapes(Dims({}), Dims({3}))), "[3]");
  EXPECT_EQ(shape(BroadcastShapes(n16, Dims({1, 16}))), "[N, 16]");
  EXPECT_EQ(shape(BroadcastShapes(Dims({1}), n16)), "[N, 16]");
  EXPECT_EQ(shape(BroadcastShapes(n16, n16)), "[N, 16]");

  absl::StatusOr<DimVec> bad = BroadcastShapes(Dims({4, 16}), Dims({8, 16}));
  EXPECT_THAT(bad.status().message(),
              HasSubstr("cannot broadcast shapes [4, 16] and [8, 16]: dim 4 vs 8 (dimension 0 "
                        "of the result)"));
  const Expr* m16[] = {Sym("M"), ctx_.Index(16)};
  EXPECT_THAT(BroadcastShapes(n16, m16).status().message(), HasSubstr("dim N vs M"));
  // A symbolic dim never broadcasts against a static one other than 1.
  EXPECT_FALSE(BroadcastShapes(n16, Dims({8, 16})).ok());
}

TEST_F(TypeInferenceTest, CheckShapeForDType) {
  EXPECT_TRUE(CheckShapeForDType(DataType::kFP4, Dims({16, 64})).ok());
  EXPECT_TRUE(CheckShapeForDType(DataType::kFP4, Dims({2})).ok());
  const Expr* sym[] = {ctx_.Index(4), Sym("N")};
  EXPECT_TRUE(CheckShapeForDType(DataType::kFP4, sym).ok());
  EXPECT_TRUE(CheckShapeForDType(DataType::kFP16, Dims({3})).ok());
  EXPECT_TRUE(CheckShapeForDType(DataType::kFP16, Dims({})).ok());
  EXPECT_THAT(CheckShapeForDType(DataType::kFP4, Dims({})).message(),
              HasSubstr("an FP4 tensor or tile needs rank >= 1"));
  EXPECT_THAT(CheckShapeForDType(DataType::kFP4, Dims({16, 7})).message(),
              HasSubstr("positive even last dim (two values per byte), got 7"));
  EXPECT_THAT(CheckShapeForDType(DataType::kFP4, Dims({0})).message(), HasSubstr("got 0"));
  EXPECT_THAT(CheckShapeForDType(DataType::kTaskId, Dims({4})).message(),
              HasSubstr("a TASK_ID is a scalar-only dtype; no tensor or tile holds it"));
}

TEST_F(TypeInferenceTest, InheritedViewCopiesLayoutNotFractalOrStride) {
  TileView src;
  src.valid_shape = Dims({8, 4});
  src.stride = Dims({32, 1});
  src.start_offset = ctx_.Index(16);
  src.blayout = TileLayout::kColMajor;
  src.slayout = TileLayout::kRowMajor;
  src.fractal = 1024;
  src.pad = PadValue::kMax;
  src.compact = CompactMode::kNormal;
  const TileType* t =
      ctx_.GetTileType(DataType::kFP16, Dims({16, 16}), MemorySpace::kAcc, &src);
  TileView v = InheritedView(t);
  EXPECT_EQ(FormatShape(v.valid_shape), "[8, 4]");
  EXPECT_TRUE(v.stride.empty());
  EXPECT_EQ(v.start_offset, nullptr);
  EXPECT_EQ(v.blayout, TileLayout::kColMajor);
  EXPECT_EQ(v.slayout, TileLayout::kRowMajor);
  EXPECT_EQ(v.fractal, 512u);
  EXPECT_EQ(v.pad, PadValue::kMax);
  EXPECT_EQ(v.compact, CompactMode::kNormal);
  // The implicit view of the space is expanded.
  TileView mat = InheritedView(Tile(DataType::kFP16, {16, 16}, MemorySpace::kMat));
  EXPECT_EQ(mat.blayout, TileLayout::kColMajor);
  EXPECT_EQ(mat.slayout, TileLayout::kRowMajor);
  EXPECT_EQ(FormatShape(mat.valid_shape), "[16, 16]");
  // Right-aligned onto a higher-rank result.
  TileView wide = InheritedView(ctx_, TileWithValid(DataType::kFP16, {16}, {9}), Dims({4, 16}));
  EXPECT_EQ(FormatShape(wide.valid_shape), "[4, 9]");
}

// SameShapeTileResult returns an implicit Vec source as it is: the same
// type MakeTile interns for its inherited view, for every kind of source.
TEST_F(TypeInferenceTest, SameShapeTileResultIsTheInternedInheritedType) {
  DeduceContext dc = Dc();
  const Expr* n64[] = {Sym("N"), ctx_.Index(64)};
  const TileType* sources[] = {
      Tile(DataType::kFP32, {16, 16}),
      Tile(DataType::kFP32, {16, 1}),  // col_major from its shape
      ctx_.GetTileType(DataType::kFP16, n64, MemorySpace::kVec),
      Tile(DataType::kFP4, {16, 64}),
      TileWithValid(DataType::kFP16, {16, 16}, {8, 16}),
      Tile(DataType::kFP16, {16, 16}, MemorySpace::kMat),
  };
  for (const TileType* src : sources) {
    for (DataType dtype : {src->dtype(), DataType(DataType::kFP32)}) {
      absl::StatusOr<const TileType*> fast = SameShapeTileResult(dc, src, dtype);
      absl::StatusOr<const TileType*> slow =
          MakeTile(dc, dtype, src->shape(), MemorySpace::kVec, InheritedView(src));
      ASSERT_TRUE(fast.ok()) << fast.status();
      ASSERT_TRUE(slow.ok()) << slow.status();
      EXPECT_EQ(*fast, *slow) << FormatShape(src->shape()) << " " << dtype.name();
      // Equal shapes broadcast to the same type.
      absl::StatusOr<const TileType*> same = BroadcastTileResult(dc, src, src, dtype);
      ASSERT_TRUE(same.ok()) << same.status();
      EXPECT_EQ(*same, *slow);
    }
  }
  EXPECT_EQ(*SameShapeTileResult(dc, sources[0], DataType::kFP32), sources[0]);
}

TEST_F(TypeInferenceTest, PackedPredicateMaskStatic) {
  DeduceContext dc = Dc();
  auto mask = [&](const TileType* value) {
    absl::StatusOr<const TileType*> m = PackedPredicateMaskType(dc, value);
    EXPECT_TRUE(m.ok()) << m.status();
    return m.ok() ? *m : nullptr;
  };
  // FP32 [16, 64] -> [16, 32] valid [16, 8].
  EXPECT_TYPE(mask(Tile(DataType::kFP32, {16, 64})),
              TileWithValid(DataType::kUInt8, {16, 32}, {16, 8}));
  // [16, 16] -> [16, 32] valid [16, 2].
  EXPECT_TYPE(mask(Tile(DataType::kFP16, {16, 16})),
              TileWithValid(DataType::kUInt8, {16, 32}, {16, 2}));
  // [8, 512] -> [8, 64], fully valid.
  EXPECT_TYPE(mask(Tile(DataType::kFP32, {8, 512})), Tile(DataType::kUInt8, {8, 64}));
  // Partial valid: the valid columns round up to bytes.
  EXPECT_TYPE(mask(TileWithValid(DataType::kFP32, {16, 64}, {5, 17})),
              TileWithValid(DataType::kUInt8, {16, 32}, {5, 3}));
  // [4, 8, 300] -> [4, 8, 64] valid [4, 8, 38].
  EXPECT_TYPE(mask(Tile(DataType::kInt16, {4, 8, 300})),
              TileWithValid(DataType::kUInt8, {4, 8, 64}, {4, 8, 38}));
  // Any space in, Vec out.
  EXPECT_TYPE(mask(Tile(DataType::kFP32, {16, 64}, std::nullopt)),
              TileWithValid(DataType::kUInt8, {16, 32}, {16, 8}));
  EXPECT_THAT(PackedPredicateMaskType(dc, Tile(DataType::kFP32, {})).status().message(),
              HasSubstr("tile.neg: a packed predicate mask needs a tile of rank >= 1"));
}

TEST_F(TypeInferenceTest, PackedPredicateMaskSymbolic) {
  DeduceContext dc = Dc();
  const Var* n = Sym("N");
  const Var* v = Sym("V");
  const Expr* shape[] = {ctx_.Index(16), n};
  TileView view;
  view.valid_shape = {};
  const Expr* valid[] = {ctx_.Index(16), v};
  view.valid_shape = valid;
  const TileType* value = ctx_.GetTileType(DataType::kFP32, shape, MemorySpace::kVec, &view);
  absl::StatusOr<const TileType*> mask = PackedPredicateMaskType(dc, value);
  ASSERT_TRUE(mask.ok()) << mask.status();
  EXPECT_EQ(FormatShape((*mask)->shape()), "[16, ((N + 7) // 8 + 31) // 32 * 32]");
  EXPECT_EQ(FormatShape((*mask)->ValidShape()), "[16, (V + 7) // 8]");
  EXPECT_TRUE(IsPackedPredicateMask(*mask, value));
  // Deducing twice gives the same interned type.
  EXPECT_EQ(*PackedPredicateMaskType(dc, value), *mask);
  // Another value geometry does not match.
  const Expr* other_valid[] = {ctx_.Index(16), n};
  TileView other_view;
  other_view.valid_shape = other_valid;
  EXPECT_FALSE(IsPackedPredicateMask(
      *mask, ctx_.GetTileType(DataType::kFP32, shape, MemorySpace::kVec, &other_view)));
  const Expr* m_shape[] = {ctx_.Index(16), Sym("M")};
  TileView m_view;
  m_view.valid_shape = valid;
  EXPECT_FALSE(IsPackedPredicateMask(
      *mask, ctx_.GetTileType(DataType::kFP32, m_shape, MemorySpace::kVec, &m_view)));
}

TEST_F(TypeInferenceTest, IsPackedPredicateMask) {
  const TileType* value = Tile(DataType::kFP32, {16, 64});
  EXPECT_TRUE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {16, 32}, {16, 8}), value));
  // The geometry depends on the value's shape, not its dtype; layout and
  // memory space are not part of it.
  EXPECT_TRUE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {16, 32}, {16, 8}),
                                    Tile(DataType::kInt8, {16, 64})));
  EXPECT_TRUE(IsPackedPredicateMask(
      TileWithValid(DataType::kUInt8, {16, 32}, {16, 8}, std::nullopt), value));
  // Wrong dtype, carrier width, valid bytes, rows, rank.
  EXPECT_FALSE(IsPackedPredicateMask(TileWithValid(DataType::kInt8, {16, 32}, {16, 8}), value));
  EXPECT_FALSE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {16, 64}, {16, 8}), value));
  EXPECT_FALSE(IsPackedPredicateMask(Tile(DataType::kUInt8, {16, 32}), value));
  EXPECT_FALSE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {16, 32}, {16, 4}), value));
  EXPECT_FALSE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {8, 32}, {8, 8}), value));
  EXPECT_FALSE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {16, 32}, {8, 8}), value));
  EXPECT_FALSE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {1, 16, 32}, {1, 16, 8}),
                                     value));
  EXPECT_FALSE(IsPackedPredicateMask(Tile(DataType::kUInt8, {32}), Tile(DataType::kFP32, {})));
  // A value tile that merely looks like a mask: [16, 32] UINT8 with 4 valid
  // columns is the mask of a [16, 32] value, not of itself.
  const TileType* look_alike = TileWithValid(DataType::kUInt8, {16, 32}, {16, 4});
  EXPECT_TRUE(IsPackedPredicateMask(look_alike, Tile(DataType::kFP32, {16, 32})));
  EXPECT_FALSE(IsPackedPredicateMask(look_alike, look_alike));
  // Partial valid rows of the value.
  EXPECT_TRUE(IsPackedPredicateMask(TileWithValid(DataType::kUInt8, {16, 32}, {5, 3}),
                                    TileWithValid(DataType::kFP32, {16, 64}, {5, 17})));
}

TEST_F(TypeInferenceTest, ExtentArithmeticFoldsConstants) {
  const Var* n = Sym("N");
  EXPECT_EQ(AddExtent(ctx_, ctx_.Index(3), ctx_.Index(4)), ctx_.Index(7));
  EXPECT_EQ(AddExtent(ctx_, n, ctx_.Index(0)), n);
  EXPECT_EQ(AddExtent(ctx_, ctx_.Index(0), n), n);
  EXPECT_EQ(FormatExpr(AddExtent(ctx_, n, ctx_.Index(2))), "N + 2");
  EXPECT_EQ(SubExtent(ctx_, ctx_.Index(3), ctx_.Index(4)), ctx_.Index(-1));
  EXPECT_EQ(SubExtent(ctx_, n, n), ctx_.Index(0));
  EXPECT_EQ(SubExtent(ctx_, n, ctx_.Index(0)), n);
  EXPECT_EQ(MulExtent(ctx_, ctx_.Index(3), ctx_.Index(4)), ctx_.Index(12));
  EXPECT_EQ(MulExtent(ctx_, ctx_.Index(1), n), n);
  EXPECT_EQ(FormatExpr(MulExtent(ctx_, n, ctx_.Index(4))), "N * 4");
  EXPECT_EQ(MinExtent(ctx_, ctx_.Index(3), ctx_.Index(4)), ctx_.Index(3));
  EXPECT_EQ(MaxExtent(ctx_, ctx_.Index(3), ctx_.Index(4)), ctx_.Index(4));
  EXPECT_EQ(MinExtent(ctx_, n, n), n);
  EXPECT_EQ(FormatExpr(MinExtent(ctx_, n, ctx_.Index(4))), "min(N, 4)");
  EXPECT_EQ(FormatExpr(MaxExtent(ctx_, n, ctx_.Index(4))), "max(N, 4)");
  EXPECT_EQ(CeilDivExtent(ctx_, ctx_.Index(17), 8), ctx_.Index(3));
  EXPECT_EQ(CeilDivExtent(ctx_, ctx_.Index(16), 8), ctx_.Index(2));
  EXPECT_EQ(CeilDivExtent(ctx_, ctx_.Index(0), 8), ctx_.Index(0));
  EXPECT_EQ(RoundUpExtent(ctx_, ctx_.Index(3), 32), ctx_.Index(32));
  EXPECT_EQ(RoundUpExtent(ctx_, ctx_.Index(64), 32), ctx_.Index(64));
  EXPECT_EQ(FormatExpr(CeilDivExtent(ctx_, n, 8)), "(N + 7) // 8");
  EXPECT_EQ(FormatExpr(RoundUpExtent(ctx_, n, 32)), "(N + 31) // 32 * 32");
}

TEST_F(TypeInferenceTest, TinyProver) {
  const Var* n = Sym("N");
  const Var* m = Sym("M");
  EXPECT_EQ(ProveLessEqual(ctx_.Index(3), ctx_.Index(4)), Proof::kTrue);
  EXPECT_EQ(ProveLessEqual(ctx_.Index(5), ctx_.Index(4)), Proof::kFalse);
  EXPECT_EQ(ProveLessEqual(n, n), Proof::kTrue);
  EXPECT_EQ(ProveLessEqual(n, m), Proof::kUnknown);
  EXPECT_EQ(ProveLessEqual(n, ctx_.Index(4)), Proof::kUnknown);
  const Expr* min_nm = ctx_.NewBinary(BinaryOp::kMin, n, m, DataType::kIndex);
  const Expr* max_nm = ctx_.NewBinary(BinaryOp::kMax, n, m, DataType::kIndex);
  EXPECT_EQ(ProveLessEqual(min_nm, m), Proof::kTrue);
  EXPECT_EQ(ProveLessEqual(n, max_nm), Proof::kTrue);
  EXPECT_EQ(ProveLessEqual(max_nm, n), Proof::kUnknown);
  EXPECT_EQ(ProveEqual(ctx_.Index(4), ctx_.Int(4, DataType::kInt64)), Proof::kTrue);
  EXPECT_EQ(ProveEqual(ctx_.Index(4), ctx_.Index(5)), Proof::kFalse);
  EXPECT_EQ(ProveEqual(n, m), Proof::kUnknown);
}

TEST_F(TypeInferenceTest, ExpectHelpersNameTheArgument) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  const Expr* args[] = {ScalarVar(DataType::kFP32), t, ctx_.NewMakeTuple(Dims({1, 2}))};
  DeduceContext dc(ctx_, BuiltinOp("tile.add"), args, {});
  EXPECT_THAT(ExpectTile(dc, 0).status().message(),
              HasSubstr("tile.add: lhs must be a TileType, got ScalarType"));
  EXPECT_TRUE(ExpectTile(dc, 1).ok());
  EXPECT_THAT(ExpectScalar(dc, 1).status().message(),
              HasSubstr("tile.add: rhs must be a ScalarType, got TileType"));
  EXPECT_THAT(ExpectTensor(dc, 1).status().message(),
              HasSubstr("rhs must be a TensorType or DistributedTensorType, got TileType"));
  EXPECT_THAT(ExpectTuple(dc, 0).status().message(),
              HasSubstr("lhs must be a list (MakeTuple), got a ScalarType expression"));
  // Past the schema the argument is called "argument".
  EXPECT_THAT(ExpectTile(dc, 2).status().message(),
              HasSubstr("argument must be a TileType, got TupleType"));
  ASSERT_TRUE(ExpectTuple(dc, 2).ok());
  EXPECT_EQ(ExpectTuple(dc, 2)->size(), 2u);
  constexpr DataType kAllowed[] = {DataType::kFP16, DataType::kBF16};
  EXPECT_TRUE(ExpectDType(dc, DataType::kBF16, kAllowed, "x").ok());
  EXPECT_THAT(ExpectDType(dc, DataType::kFP32, kAllowed, "src dtype").message(),
              HasSubstr("tile.add: src dtype must be one of {FP16, BF16}, got FP32"));
  const Expr* mixed[] = {ctx_.Index(0), ctx_.Float(1.0)};
  EXPECT_THAT(ExpectIntegerScalars(dc, mixed, "offsets").message(),
              HasSubstr("offsets element 1 must be an integer scalar, got a FP32 scalar"));
  const Expr* tiles[] = {t};
  EXPECT_THAT(ExpectIntegerScalars(dc, tiles, "offsets").message(),
              HasSubstr("offsets element 0 must be an integer scalar, got TileType"));
}

TEST_F(TypeInferenceTest, FormatExprSpellsDims) {
  const Var* n = Sym("N");
  EXPECT_EQ(FormatExpr(ctx_.Index(7)), "7");
  EXPECT_EQ(FormatExpr(n), "N");
  const Expr* sum = ctx_.NewBinary(BinaryOp::kAdd, n, ctx_.Index(1), DataType::kIndex);
  EXPECT_EQ(FormatExpr(ctx_.NewBinary(BinaryOp::kMul, sum, n, DataType::kIndex)), "(N + 1) * N");
  EXPECT_EQ(FormatShape(Dims({})), "[]");
  EXPECT_EQ(FormatDTypes({}), "{}");
}

}  // namespace
}  // namespace pto::ir
