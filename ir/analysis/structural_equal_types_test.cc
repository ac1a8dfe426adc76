// Structural equality of constants, scalar expressions and types.

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_diff.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/test_util.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

class StructuralEqualTest : public IrTest {};

// --- Constants and types -------------------------------------------------------------

TEST_F(StructuralEqualTest, FloatsCompareBitwise) {
  EXPECT_EQ(StructuralDiff(ctx_.Float(0.0), ctx_.Float(-0.0)), "0.0 vs -0.0");
  double nan1 = std::numeric_limits<double>::quiet_NaN();
  uint64_t bits;
  std::memcpy(&bits, &nan1, sizeof(bits));
  bits ^= 1;  // another payload
  double nan2;
  std::memcpy(&nan2, &bits, sizeof(bits));
  EXPECT_TRUE(StructuralEqual(ctx_.Float(nan1), ctx_.Float(nan1)));
  // The Context keeps one NaN per sign (the text form has no payloads).
  EXPECT_TRUE(StructuralEqual(ctx_.Float(nan1), ctx_.Float(nan2)));
  EXPECT_EQ(StructuralDiff(ctx_.Float(nan1), ctx_.Float(-nan1)), "float('nan') vs float('-nan')");
  EXPECT_EQ(StructuralDiff(ctx_.Float(1.0), ctx_.Float(1.0, DataType::kFP16)),
            "1.0 vs pl.const(1.0, pl.FP16)");
  EXPECT_EQ(StructuralDiff(ctx_.Float(std::numeric_limits<double>::infinity()), ctx_.Float(1.0)),
            "float('inf') vs 1.0");
}

TEST_F(StructuralEqualTest, ScalarExpressions) {
  const Var* n = V("n", Scalar());
  const Expr* a = ctx_.NewBinary(BinaryOp::kMul, n, ctx_.Index(2), DataType::kIndex);
  const Expr* b = ctx_.NewBinary(BinaryOp::kAdd, n, ctx_.Index(2), DataType::kIndex);
  const Expr* c = ctx_.NewBinary(BinaryOp::kMul, n, ctx_.Index(2), DataType::kInt64);
  EXPECT_EQ(StructuralDiff(a, b), "BinaryExpr * vs BinaryExpr +");
  EXPECT_EQ(StructuralDiff(a, c), "dtype: pl.INDEX vs pl.INT64");
  EXPECT_EQ(StructuralDiff(ctx_.NewUnary(UnaryOp::kNeg, a, DataType::kIndex),
                                 ctx_.NewUnary(UnaryOp::kNeg, b, DataType::kIndex)),
            "operand (BinaryExpr *): BinaryExpr * vs BinaryExpr +");
  EXPECT_EQ(StructuralDiff(ctx_.Bool(true), ctx_.Bool(false)), "True vs False");
}

TEST_F(StructuralEqualTest, TupleGetItem) {
  const Expr* elems[] = {V("a", Tile()), V("b", Tile())};
  const MakeTuple* tup = ctx_.NewMakeTuple(elems);
  EXPECT_EQ(StructuralDiff(ctx_.NewTupleGetItem(tup, 0), ctx_.NewTupleGetItem(tup, 1)),
            "index: 0 vs 1");
}

TEST_F(StructuralEqualTest, TypesCompareFieldByField) {
  EXPECT_TRUE(CheckStructuralEqual(Tile(), Tile()).ok());
  EXPECT_EQ(StructuralDiff(Tile(), Tile(DataType::kFP32, {16, 32})),
            "shape[1]: 16 vs 32");
  EXPECT_EQ(StructuralDiff(Tile(), Tile(DataType::kFP32, {16, 16, 1})),
            "shape: rank 2 vs 3");
  EXPECT_EQ(StructuralDiff(Tile(), Tile(DataType::kFP32, {16, 16}, MemorySpace::kMat)),
            "memory_space: pl.Mem.Vec vs pl.Mem.Mat");
  EXPECT_EQ(StructuralDiff(Tile(), Tile(DataType::kFP32, {16, 16}, std::nullopt)),
            "memory_space: pl.Mem.Vec vs none");
  EXPECT_EQ(StructuralDiff(Tile(), Tensor()),
            "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] vs pl.Tensor[[16, 16], pl.FP32]");

  TileView view;
  view.valid_shape = ctx_.IndexList({16, 8});
  const Type* narrowed = ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 16}),
                                          MemorySpace::kVec, &view);
  EXPECT_EQ(StructuralDiff(Tile(), narrowed), "view: absent vs present");
  TileView view2 = view;
  view2.valid_shape = ctx_.IndexList({16, 4});
  const Type* narrower = ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 16}),
                                          MemorySpace::kVec, &view2);
  EXPECT_EQ(StructuralDiff(narrowed, narrower), "view > valid_shape[1]: 8 vs 4");
  TileView view3 = view;
  view3.pad = PadValue::kZero;
  const Type* padded = ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 16}),
                                        MemorySpace::kVec, &view3);
  EXPECT_EQ(StructuralDiff(narrowed, padded),
            "view > pad: pl.PadValue.null vs pl.PadValue.zero");
  EXPECT_NE(StructuralHash(narrowed), StructuralHash(padded));

  TensorView tv;
  tv.layout = TensorLayout::kDN;
  const Type* dn = ctx_.GetTensorType(DataType::kFP32, ctx_.IndexList({16, 16}), tv);
  EXPECT_EQ(StructuralDiff(Tensor(), dn), "view: absent vs present");

  const Type* pair_a[] = {Tile(), Scalar()};
  const Type* pair_b[] = {Tile(), Scalar(DataType::kInt32)};
  EXPECT_EQ(StructuralDiff(ctx_.GetTupleType(pair_a), ctx_.GetTupleType(pair_b)),
            "element[1]: pl.Scalar[pl.INDEX] vs pl.Scalar[pl.INT32]");
}

TEST_F(StructuralEqualTest, TypeDimsUseTheConstantRule) {
  // A dim built by a pass as an INT64 constant equals the parsed INDEX one.
  const Expr* dims64[] = {ctx_.Int(16, DataType::kInt64), ctx_.Int(16, DataType::kInt64)};
  const Type* t64 = ctx_.GetTileType(DataType::kFP32, dims64, MemorySpace::kVec);
  ASSERT_NE(t64, Tile());
  EXPECT_TRUE(CheckStructuralEqual(t64, Tile()).ok());
  EXPECT_EQ(StructuralHash(t64), StructuralHash(Tile()));
}

}  // namespace
}  // namespace pto::ir
