#include "ir/ops/select_operands.h"

#include "gtest/gtest.h"

namespace pto::ir {
namespace {

TEST(SelectOperandsTest, RetypesToTheNodeKindOfTheDtype) {
  Context ctx;
  const Expr* f = RetypeSelectLiteral(ctx, ctx.Float(2.0), DataType::kInt32);
  ASSERT_NE(f, nullptr);
  ASSERT_TRUE(f->Is<ConstInt>());
  EXPECT_EQ(f->As<ConstInt>()->value(), 2);
  EXPECT_EQ(f->As<ConstInt>()->dtype(), DataType::kInt32);

  const Expr* i = RetypeSelectLiteral(ctx, ctx.Index(3), DataType::kFP16);
  ASSERT_NE(i, nullptr);
  ASSERT_TRUE(i->Is<ConstFloat>());
  EXPECT_EQ(i->As<ConstFloat>()->value(), 3.0);
  EXPECT_EQ(i->As<ConstFloat>()->dtype(), DataType::kFP16);

  const ConstFloat* same = ctx.Float(0.25, DataType::kFP32);
  EXPECT_EQ(RetypeSelectLiteral(ctx, same, DataType::kFP32), same);
  const ConstInt* same_int = ctx.Int(-4, DataType::kInt8);
  EXPECT_EQ(RetypeSelectLiteral(ctx, same_int, DataType::kInt8), same_int);
}

TEST(SelectOperandsTest, RejectsWhatTheDtypeCannotHold) {
  Context ctx;
  EXPECT_EQ(RetypeSelectLiteral(ctx, ctx.Float(2.5), DataType::kInt32), nullptr);
  EXPECT_EQ(RetypeSelectLiteral(ctx, ctx.Index(128), DataType::kInt8), nullptr);
  EXPECT_NE(RetypeSelectLiteral(ctx, ctx.Index(127), DataType::kInt8), nullptr);
  EXPECT_NE(RetypeSelectLiteral(ctx, ctx.Index(-128), DataType::kInt8), nullptr);
  EXPECT_EQ(RetypeSelectLiteral(ctx, ctx.Index(-1), DataType::kUInt8), nullptr);
  EXPECT_NE(RetypeSelectLiteral(ctx, ctx.Index(255), DataType::kUInt8), nullptr);
  EXPECT_EQ(RetypeSelectLiteral(ctx, ctx.Index(256), DataType::kUInt8), nullptr);
  EXPECT_EQ(RetypeSelectLiteral(ctx, ctx.Float(1e30), DataType::kInt64), nullptr);
  EXPECT_EQ(RetypeSelectLiteral(ctx, ctx.Index(1), DataType::kBool), nullptr);
  const Var* v = ctx.NewVar("s", ctx.GetScalarType(DataType::kFP32));
  EXPECT_EQ(RetypeSelectLiteral(ctx, v, DataType::kFP32), nullptr);
}

TEST(SelectOperandsTest, TselsPairsUnsignedWithSigned) {
  EXPECT_EQ(TselsScalarDataType(DataType::kUInt8), DataType::kInt8);
  EXPECT_EQ(TselsScalarDataType(DataType::kUInt16), DataType::kInt16);
  EXPECT_EQ(TselsScalarDataType(DataType::kUInt32), DataType::kInt32);
  EXPECT_EQ(TselsScalarDataType(DataType::kFP16), DataType::kFP16);
  EXPECT_EQ(TselsScalarDataType(DataType::kInt8), DataType::kInt8);
}

}  // namespace
}  // namespace pto::ir
