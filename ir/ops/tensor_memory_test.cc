#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TensorMemoryTest : public OpTest {
 protected:
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

TEST_F(TensorMemoryTest, CreateTakesShapeDTypeAndLayout) {
  EXPECT_TYPE(TypeOf("tensor.create", {List({16, 32})}, {DType(DataType::kFP32)}),
              Tensor(DataType::kFP32, {16, 32}));
  absl::StatusOr<const Call*> c = Make("tensor.create", {List({16})}, {DType(DataType::kInt8)});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c)->FindKwarg("layout")->As<TensorLayout>(), TensorLayout::kND);
  TensorView dn;
  dn.layout = TensorLayout::kDN;
  EXPECT_TYPE(TypeOf("tensor.create", {List({16, 32})},
                     {DType(DataType::kFP16), {"layout", AttrValue::Enum(TensorLayout::kDN)}}),
              ctx_.GetTensorType(DataType::kFP16, Dims({16, 32}), dn));
  // Symbolic dims are fine for tensors.
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* shape[] = {n, ctx_.Index(64)};
  EXPECT_TYPE(TypeOf("tensor.create", {ListOf({n, ctx_.Index(64)})}, {DType(DataType::kFP32)}),
              ctx_.GetTensorType(DataType::kFP32, shape));
  EXPECT_TRUE(Make("tensor.create", {List({4})},
                   {DType(DataType::kFP32),
                    {"manual_dep", AttrValue::Bool(true)},
                    {"init_value", AttrValue::Int(0)}})
                  .ok());
}

TEST_F(TensorMemoryTest, CreateRejects) {
  EXPECT_THAT(ErrorOf("tensor.create", {List({16, 32})},
                      {DType(DataType::kFP32), {"layout", AttrValue::Enum(TensorLayout::kNZ)}}),
              HasSubstr("tensor.create: layout NZ is tile-only and not allowed on a tensor"));
  EXPECT_THAT(ErrorOf("tensor.create", {List({16})},
                      {DType(DataType::kFP32), {"layout", AttrValue::String("DN")}}),
              HasSubstr("tensor.create: layout DN needs rank >= 2, got rank 1"));
  EXPECT_THAT(ErrorOf("tensor.create", {List({16, 0})}, {DType(DataType::kFP32)}),
              HasSubstr("tensor.create: shape element 1 must be positive, got 0"));
  EXPECT_THAT(ErrorOf("tensor.create", {ListOf({ctx_.Float(2.0)})}, {DType(DataType::kFP32)}),
              HasSubstr("tensor.create: shape element 0 must be an integer scalar"));
  EXPECT_THAT(ErrorOf("tensor.create", {ctx_.Index(4)}, {DType(DataType::kFP32)}),
              HasSubstr("tensor.create: shape must be a list (MakeTuple)"));
  EXPECT_THAT(ErrorOf("tensor.create", {List({4})}), HasSubstr("requires a 'dtype' kwarg"));
  EXPECT_THAT(ErrorOf("tensor.create", {List({4, 3})}, {DType(DataType::kFP4)}),
              HasSubstr("an FP4 tensor or tile needs a positive even last dim"));
}

TEST_F(TensorMemoryTest, Full) {
  EXPECT_TYPE(TypeOf("tensor.full", {List({16, 16}), ctx_.Float(0.0)}, {DType(DataType::kFP32)}),
              Tensor(DataType::kFP32, {16, 16}));
  EXPECT_TYPE(TypeOf("tensor.full", {List({3}), ctx_.Index(7)}, {DType(DataType::kInt32)}),
              Tensor(DataType::kInt32, {3}));
  EXPECT_EQ(BuiltinOp("tensor.full").FindKeywordArg("value"), 1);
  EXPECT_THAT(ErrorOf("tensor.full", {List({16}), ScalarVar(DataType::kFP32)},
                      {DType(DataType::kFP32)}),
              HasSubstr("tensor.full: value must be an int or float literal, got s"));
  EXPECT_THAT(ErrorOf("tensor.full", {List({16}), ctx_.Float(1.0)}),
              HasSubstr("tensor.full: requires a 'dtype' kwarg"));
}

TEST_F(TensorMemoryTest, CiFillsOneRow) {
  std::vector<NamedAttr> i32 = {{"dtype", AttrValue::DType(DataType::kInt32)}};
  const Var* start = ScalarVar(DataType::kInt32);
  EXPECT_TYPE(TypeOf("tensor.ci", {start, List({1, 32})}, i32), Tensor(DataType::kInt32, {1, 32}));
  EXPECT_THAT(ErrorOf("tensor.ci", {start, List({2, 32})}, i32),
              HasSubstr("tensor.ci: fills only the first row, so leading dimensions must be 1"));
  EXPECT_THAT(ErrorOf("tensor.ci", {start, List({32, 1})}, i32),
              HasSubstr("needs an innermost dimension != 1"));
  EXPECT_THAT(ErrorOf("tensor.ci", {ScalarVar(DataType::kInt16), List({1, 32})}, i32),
              HasSubstr("start dtype INT16 must match the destination dtype INT32"));
  EXPECT_THAT(ErrorOf("tensor.ci", {ScalarVar(DataType::kFP32), List({1, 32})},
                      {{"dtype", AttrValue::DType(DataType::kFP32)}}),
              HasSubstr("dtype must be one of"));
}

TEST_F(TensorMemoryTest, RandomNeedsSixInt32Seeds) {
  std::vector<const Expr*> args;
  for (int i = 0; i < 6; ++i) args.push_back(ScalarVar(DataType::kInt32));
  args.push_back(List({4, 64}));
  EXPECT_TYPE(TypeOf("tensor.random", args), Tensor(DataType::kUInt32, {4, 64}));
  EXPECT_THAT(ErrorOf("tensor.random", args, {{"rounds", AttrValue::Int(8)}}),
              HasSubstr("tensor.random: rounds must be 7 or 10, got 8"));
  args[2] = ScalarVar(DataType::kInt64);
  EXPECT_THAT(ErrorOf("tensor.random", args),
              HasSubstr("seed argument 2 must be INT32, got INT64"));
}

TEST_F(TensorMemoryTest, BlockQueriesAreIndexScalars) {
  for (const char* op : {"tensor.get_block_idx", "tensor.get_subblock_idx",
                         "tensor.get_block_num"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {}), ctx_.GetScalarType(DataType::kIndex));
    EXPECT_THAT(Make(op, {ctx_.Index(0)}).status().message(), HasSubstr(op));
  }
}

}  // namespace
}  // namespace pto::ir
