#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileCompareTest : public OpTest {
 protected:
  NamedAttr Cmp(int64_t k) { return {"cmp_type", AttrValue::Int(k)}; }
};

// --- tile.cmp / tile.cmps -------------------------------------------------------------

TEST_F(TileCompareTest, CmpsBuildsThePackedMask) {
  const Var* t = TileVar(DataType::kFP32, {16, 64});
  EXPECT_TYPE(TypeOf("tile.cmps", {t, ctx_.Float(0.0)}, {Cmp(4)}),
              TileWithValid(DataType::kUInt8, {16, 32}, {16, 8}));
  const Var* small = TileVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tile.cmps", {small, ctx_.Float(0.0)}, {Cmp(4)}),
              TileWithValid(DataType::kUInt8, {16, 32}, {16, 2}));
  const Var* wide = TileVar(DataType::kFP16, {8, 512});
  EXPECT_TYPE(TypeOf("tile.cmps", {wide, ScalarVar(DataType::kFP16)}),
              Tile(DataType::kUInt8, {8, 64}));
  const Var* partial = ctx_.NewVar("p", TileWithValid(DataType::kInt32, {16, 64}, {9, 13}));
  EXPECT_TYPE(TypeOf("tile.cmps", {partial, ctx_.Index(0)}, {Cmp(0)}),
              TileWithValid(DataType::kUInt8, {16, 32}, {9, 2}));
}

TEST_F(TileCompareTest, CmpTypeDefaultsToEqAndIsRangeChecked) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  absl::StatusOr<const Call*> c = Make("tile.cmps", {t, ctx_.Float(1.0)});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c)->FindKwarg("cmp_type")->int_value(), 0);
  for (int64_t k = 0; k <= 5; ++k) EXPECT_TRUE(Make("tile.cmp", {t, t}, {Cmp(k)}).ok()) << k;
  for (int64_t bad : {-1, 6, 100}) {
    EXPECT_THAT(ErrorOf("tile.cmp", {t, t}, {Cmp(bad)}),
                HasSubstr("tile.cmp: cmp_type must be 0..5 (EQ, NE, LT, LE, GT, GE), got " +
                          std::to_string(bad)));
    EXPECT_THAT(ErrorOf("tile.cmps", {t, ctx_.Float(1.0)}, {Cmp(bad)}),
                HasSubstr("tile.cmps: cmp_type must be 0..5"));
  }
  EXPECT_THAT(ErrorOf("tile.cmp", {t, t}, {{"cmp_type", AttrValue::String("lt")}}),
              HasSubstr("kwarg 'cmp_type' expects a int, got a string"));
}

TEST_F(TileCompareTest, CmpBroadcastsAndTakesValidFromLhs) {
  const Var* a = ctx_.NewVar("a", TileWithValid(DataType::kFP32, {16, 64}, {8, 40}));
  const Var* b = TileVar(DataType::kFP32, {1, 64});
  EXPECT_TYPE(TypeOf("tile.cmp", {a, b}, {Cmp(2)}),
              TileWithValid(DataType::kUInt8, {16, 32}, {8, 5}));
  // Broadcast the lhs: valid rows come from lhs's [1, ...].
  EXPECT_TYPE(TypeOf("tile.cmp", {b, a}, {Cmp(2)}),
              TileWithValid(DataType::kUInt8, {16, 32}, {1, 8}));
  EXPECT_THAT(ErrorOf("tile.cmp", {a, TileVar(DataType::kFP32, {16, 32})}),
              HasSubstr("tile.cmp: cannot broadcast shapes [16, 64] and [16, 32]"));
}

TEST_F(TileCompareTest, CmpResultSatisfiesIsPackedPredicateMask) {
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* shape[] = {ctx_.Index(8), n};
  const Var* sym =
      ctx_.NewVar("x", ctx_.GetTileType(DataType::kFP32, shape, MemorySpace::kVec));
  for (const Var* v : {TileVar(DataType::kFP32, {16, 100}), sym,
                       ctx_.NewVar("p", TileWithValid(DataType::kFP16, {4, 8, 300}, {4, 3, 17}))}) {
    absl::StatusOr<const Call*> m = Make("tile.cmps", {v, ctx_.Float(0.0)});
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_TRUE(IsPackedPredicateMask((*m)->type()->As<TileType>(), v->type()->As<TileType>()))
        << DescribeType((*m)->type());
  }
}

TEST_F(TileCompareTest, CmpRejects) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  const Var* s = ScalarVar(DataType::kFP32);
  EXPECT_THAT(ErrorOf("tile.cmp", {t, s}), HasSubstr("tile.cmp: rhs must be a TileType, got "
                                                     "ScalarType"));
  EXPECT_THAT(ErrorOf("tile.cmps", {t, t}), HasSubstr("tile.cmps: rhs must be a ScalarType, got "
                                                      "TileType"));
  EXPECT_THAT(ErrorOf("tile.cmps", {s, s}), HasSubstr("tile.cmps: lhs must be a TileType"));
  EXPECT_THAT(ErrorOf("tile.cmps", {TileVar(DataType::kFP32, {}), s}),
              HasSubstr("tile.cmps: a packed predicate mask needs a tile of rank >= 1"));
}

// --- tile.sel ----------------------------------------------------------------------------

TEST_F(TileCompareTest, SelFollowsLhs) {
  const Var* mask = TileVar(DataType::kUInt8, {16, 32});
  const Var* tmp = TileVar(DataType::kUInt8, {1, 32});
  const Var* a = ctx_.NewVar("a", TileWithValid(DataType::kFP16, {16, 16}, {12, 16}));
  const Var* b = TileVar(DataType::kFP32, {16, 16});
  TileView view;
  view.valid_shape = Dims({12, 16});
  EXPECT_TYPE(TypeOf("tile.sel", {mask, a, b, tmp}),
              ctx_.GetTileType(DataType::kFP32, Dims({16, 16}), MemorySpace::kVec, &view));
  // The mask's geometry is not checked (its encoding is target-defined).
  const Var* odd_mask = TileVar(DataType::kInt32, {3, 3});
  EXPECT_TYPE(TypeOf("tile.sel", {odd_mask, b, b, tmp}), b->type());
  // Broadcast.
  const Var* row = TileVar(DataType::kFP32, {1, 16});
  TileView row_view;
  row_view.valid_shape = Dims({1, 16});
  EXPECT_TYPE(TypeOf("tile.sel", {mask, row, b, tmp}),
              ctx_.GetTileType(DataType::kFP32, Dims({16, 16}), MemorySpace::kVec, &row_view));
}

TEST_F(TileCompareTest, SelRejects) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  const Var* s = ScalarVar(DataType::kFP32);
  EXPECT_THAT(ErrorOf("tile.sel", {s, t, t, t}),
              HasSubstr("tile.sel: mask must be a TileType, got ScalarType"));
  EXPECT_THAT(ErrorOf("tile.sel", {t, s, t, t}), HasSubstr("tile.sel: lhs must be a TileType"));
  EXPECT_THAT(ErrorOf("tile.sel", {t, t, s, t}), HasSubstr("tile.sel: rhs must be a TileType"));
  EXPECT_THAT(ErrorOf("tile.sel", {t, t, t, s}), HasSubstr("tile.sel: tmp must be a TileType"));
  EXPECT_THAT(ErrorOf("tile.sel", {t, t, t}), HasSubstr("expects 4 arguments, got 3"));
  EXPECT_THAT(ErrorOf("tile.sel", {t, t, TileVar(DataType::kFP32, {8, 16}), t}),
              HasSubstr("tile.sel: cannot broadcast shapes"));
}

// --- tile.sels ---------------------------------------------------------------------------

TEST_F(TileCompareTest, SelsMirrorsSrc) {
  const Var* src = ctx_.NewVar("src", TileWithValid(DataType::kFP32, {16, 64}, {10, 50}));
  const Var* tmp = TileVar(DataType::kUInt8, {1, 32});
  absl::StatusOr<const Call*> mask = Make("tile.cmps", {src, ctx_.Float(0.0)});
  ASSERT_TRUE(mask.ok());
  EXPECT_TYPE(TypeOf("tile.sels", {*mask, src, tmp, ctx_.Float(1.0)}), src->type());
  // Any 8/16/32-bit integer carrier wide enough is accepted.
  const Var* m16 = TileVar(DataType::kInt16, {16, 4});
  EXPECT_TYPE(TypeOf("tile.sels", {m16, src, tmp, ctx_.Float(1.0)}), src->type());
}

TEST_F(TileCompareTest, SelsScalarDTypePairing) {
  const Var* tmp = TileVar(DataType::kUInt8, {1, 32});
  const Var* mask = TileVar(DataType::kUInt8, {16, 32});
  struct Case {
    DataType src, scalar;
  } cases[] = {{DataType::kInt8, DataType::kInt8},     {DataType::kUInt8, DataType::kInt8},
               {DataType::kInt16, DataType::kInt16},   {DataType::kUInt16, DataType::kInt16},
               {DataType::kInt32, DataType::kInt32},   {DataType::kUInt32, DataType::kInt32},
               {DataType::kFP16, DataType::kFP16},     {DataType::kFP32, DataType::kFP32}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.src.name());
    const Var* src = TileVar(c.src, {16, 64});
    EXPECT_TYPE(TypeOf("tile.sels", {mask, src, tmp, ScalarVar(c.scalar)}), src->type());
  }
  const Var* u16 = TileVar(DataType::kUInt16, {16, 64});
  EXPECT_THAT(ErrorOf("tile.sels", {mask, u16, tmp, ScalarVar(DataType::kUInt16)}),
              HasSubstr("tile.sels: scalar dtype must be INT16 for src dtype UINT16, got UINT16"));
  const Var* f32 = TileVar(DataType::kFP32, {16, 64});
  EXPECT_THAT(ErrorOf("tile.sels", {mask, f32, tmp, ScalarVar(DataType::kFP16)}),
              HasSubstr("scalar dtype must be FP32 for src dtype FP32, got FP16"));
  for (DataType bad : {DataType::kBF16, DataType::kInt64, DataType::kFP8E4M3FN}) {
    EXPECT_THAT(ErrorOf("tile.sels", {mask, TileVar(bad, {16, 64}), tmp, ScalarVar(bad)}),
                HasSubstr("tile.sels: src dtype must be one of {INT8, UINT8, INT16, UINT16, INT32, "
                          "UINT32, FP16, FP32}, got " +
                          std::string(bad.name())));
  }
}

TEST_F(TileCompareTest, SelsMaskCoverage) {
  const Var* tmp = TileVar(DataType::kUInt8, {1, 32});
  const Var* src = ctx_.NewVar("src", TileWithValid(DataType::kFP32, {16, 64}, {16, 64}));
  // Needs 16 rows and ceil(64 / 8) = 8 bytes per row.
  EXPECT_TYPE(TypeOf("tile.sels", {ctx_.NewVar("m", TileWithValid(DataType::kUInt8, {16, 32},
                                                                   {16, 8})),
                                   src, tmp, ctx_.Float(0.0)}),
              src->type());
  // 2 INT32 carrier columns hold 8 bytes.
  EXPECT_TYPE(TypeOf("tile.sels", {TileVar(DataType::kInt32, {16, 2}), src, tmp, ctx_.Float(0.0)}),
              src->type());
  EXPECT_THAT(ErrorOf("tile.sels", {ctx_.NewVar("m", TileWithValid(DataType::kUInt8, {16, 32},
                                                                   {15, 8})),
                                    src, tmp, ctx_.Float(0.0)}),
              HasSubstr("tile.sels: mask valid rows must cover src valid rows, got mask valid "
                        "shape [15, 8] and src valid shape [16, 64]"));
  EXPECT_THAT(ErrorOf("tile.sels", {ctx_.NewVar("m", TileWithValid(DataType::kUInt8, {16, 32},
                                                                   {16, 7})),
                                    src, tmp, ctx_.Float(0.0)}),
              HasSubstr("tile.sels: each mask row must hold ceil(src valid columns / 8) bytes, "
                        "got mask valid shape [16, 7] of UINT8 and src valid shape [16, 64]"));
  // A symbolic src without a matching mask cannot be proven covered.
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  TileView view;
  const Expr* valid[] = {n, ctx_.Index(64)};
  view.valid_shape = valid;
  const Var* sym = ctx_.NewVar(
      "sym", ctx_.GetTileType(DataType::kFP32, Dims({16, 64}), MemorySpace::kVec, &view));
  EXPECT_THAT(ErrorOf("tile.sels", {TileVar(DataType::kUInt8, {16, 32}), sym, tmp,
                                    ctx_.Float(0.0)}),
              HasSubstr("mask valid rows must cover src valid rows"));
  absl::StatusOr<const Call*> sym_mask = Make("tile.cmps", {sym, ctx_.Float(0.0)});
  ASSERT_TRUE(sym_mask.ok());
  EXPECT_TYPE(TypeOf("tile.sels", {*sym_mask, sym, tmp, ctx_.Float(0.0)}), sym->type());
}

TEST_F(TileCompareTest, SelsRejectsKindsRanksAndMaskDTypes) {
  const Var* tmp = TileVar(DataType::kUInt8, {1, 32});
  const Var* mask = TileVar(DataType::kUInt8, {16, 32});
  const Var* src = TileVar(DataType::kFP32, {16, 64});
  const Var* s = ScalarVar(DataType::kFP32);
  EXPECT_THAT(ErrorOf("tile.sels", {mask, src, tmp, src}),
              HasSubstr("tile.sels: scalar must be a ScalarType, got TileType"));
  EXPECT_THAT(ErrorOf("tile.sels", {s, src, tmp, s}),
              HasSubstr("tile.sels: mask must be a TileType, got ScalarType"));
  EXPECT_THAT(ErrorOf("tile.sels", {TileVar(DataType::kUInt8, {2, 16, 32}), src, tmp, s}),
              HasSubstr("tile.sels: needs a rank-2 mask tile, got rank 3"));
  EXPECT_THAT(ErrorOf("tile.sels", {mask, TileVar(DataType::kFP32, {64}), tmp, s}),
              HasSubstr("tile.sels: needs a rank-2 src tile, got rank 1"));
  EXPECT_THAT(ErrorOf("tile.sels", {mask, src, TileVar(DataType::kUInt8, {32}), s}),
              HasSubstr("tile.sels: needs a rank-2 tmp tile, got rank 1"));
  EXPECT_THAT(ErrorOf("tile.sels", {TileVar(DataType::kFP16, {16, 32}), src, tmp, s}),
              HasSubstr("tile.sels: mask dtype must be one of {INT8, UINT8, INT16, UINT16, INT32, "
                        "UINT32}, got FP16"));
  EXPECT_THAT(ErrorOf("tile.sels", {TileVar(DataType::kInt64, {16, 32}), src, tmp, s}),
              HasSubstr("mask dtype must be one of"));
}

}  // namespace
}  // namespace pto::ir
