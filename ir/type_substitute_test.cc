#include "ir/type_substitute.h"

#include "gtest/gtest.h"

namespace pto::ir {
namespace {

class TypeSubstituteTest : public ::testing::Test {
 protected:
  const ScalarType* Index() { return ctx_.GetScalarType(DataType::kIndex); }
  Context ctx_;
};

TEST_F(TypeSubstituteTest, ReplacesMappedVarsInEveryDimList) {
  const Var* n = ctx_.NewVar("n", Index());
  const Var* m = ctx_.NewVar("m", Index());
  const Expr* m1 = ctx_.NewBinary(BinaryOp::kAdd, m, ctx_.Index(1), DataType::kIndex);
  DimVarMap map = {{n, m1}};

  const Expr* tdims[] = {n, ctx_.Index(16)};
  const Expr* twice_n = ctx_.NewBinary(BinaryOp::kMul, n, ctx_.Index(2), DataType::kIndex);
  TensorView tv;
  const Expr* tvalid[] = {twice_n, ctx_.Index(8)};
  tv.valid_shape = tvalid;
  const auto* tensor = SubstituteDimVars(ctx_, ctx_.GetTensorType(DataType::kFP32, tdims, tv),
                                         map)->As<TensorType>();
  ASSERT_NE(tensor, nullptr);
  EXPECT_EQ(tensor->shape()[0], m1);
  const auto* valid0 = tensor->ValidShape()[0]->As<BinaryExpr>();
  ASSERT_NE(valid0, nullptr);
  EXPECT_EQ(valid0->lhs(), m1);

  const Expr* sdims[] = {ctx_.Index(16), ctx_.Index(16)};
  TileView view;
  const Expr* valid[] = {ctx_.Index(16), n};
  view.valid_shape = valid;
  const TileType* tile = ctx_.GetTileType(DataType::kFP16, sdims, MemorySpace::kVec, &view);
  const Type* pair[] = {tile, Index()};
  const auto* tuple = SubstituteDimVars(ctx_, ctx_.GetTupleType(pair), map)->As<TupleType>();
  ASSERT_NE(tuple, nullptr);
  EXPECT_EQ(tuple->elements()[0]->As<TileType>()->ValidShape()[1], m1);
  EXPECT_EQ(tuple->elements()[1], Index());
}

TEST_F(TypeSubstituteTest, UntouchedTypesComeBackAsTheSameObject) {
  const Var* n = ctx_.NewVar("n", Index());
  const Var* other = ctx_.NewVar("other", Index());
  const Expr* dims[] = {n, ctx_.Index(4)};
  const TensorType* t = ctx_.GetTensorType(DataType::kFP32, dims);
  EXPECT_EQ(SubstituteDimVars(ctx_, t, {{other, ctx_.Index(3)}}), t);
  EXPECT_EQ(SubstituteDimVars(ctx_, t, {}), t);
  // A substituted constant dim gives the interned static type.
  const Expr* static_dims[] = {ctx_.Index(3), ctx_.Index(4)};
  EXPECT_EQ(SubstituteDimVars(ctx_, t, {{n, ctx_.Index(3)}}),
            ctx_.GetTensorType(DataType::kFP32, static_dims));
}

}  // namespace
}  // namespace pto::ir
