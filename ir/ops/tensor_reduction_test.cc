#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

using TensorReductionTest = OpTest;

constexpr const char* kRow[] = {"tensor.row_max", "tensor.row_sum", "tensor.row_min",
                                "tensor.row_prod"};
constexpr const char* kCol[] = {"tensor.col_sum", "tensor.col_max", "tensor.col_min",
                                "tensor.col_prod"};

TEST_F(TensorReductionTest, RowReductionsReduceTheLastAxisToOne) {
  TensorView view;
  view.valid_shape = Dims({8, 40});
  const Var* x = ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP32, Dims({16, 64}), view));
  TensorView want;
  want.valid_shape = Dims({8, 1});
  for (const char* op : kRow) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x}), ctx_.GetTensorType(DataType::kFP32, Dims({16, 1}), want));
    TensorView dropped;
    dropped.valid_shape = Dims({8});
    EXPECT_TYPE(TypeOf(op, {x}, {{"keep_dim", AttrValue::Bool(false)}}),
                ctx_.GetTensorType(DataType::kFP32, Dims({16}), dropped));
    EXPECT_THAT(ErrorOf(op, {x}, {{"axis", AttrValue::Int(2)}}),
                HasSubstr(std::string(op) + ": axis 2 is out of range for rank 2"));
    EXPECT_THAT(ErrorOf(op, {TileVar(DataType::kFP32, {16, 64})}),
                HasSubstr("input must be a TensorType"));
  }
}

TEST_F(TensorReductionTest, ColumnReductionsNeedRankTwo) {
  const Var* x = TensorVar(DataType::kFP16, {16, 64});
  for (const char* op : kCol) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x}), Tensor(DataType::kFP16, {1, 64}));
    EXPECT_THAT(ErrorOf(op, {TensorVar(DataType::kFP16, {64})}),
                HasSubstr(std::string(op) + ": needs a tensor of rank >= 2, got rank 1"));
  }
}

TEST_F(TensorReductionTest, ArgReductionsGiveInt32AndAScalarForRankOne) {
  const Var* x = TensorVar(DataType::kFP16, {16, 64});
  EXPECT_TYPE(TypeOf("tensor.row_argmax", {x}), Tensor(DataType::kInt32, {16, 1}));
  EXPECT_TYPE(TypeOf("tensor.row_argmin", {x}), Tensor(DataType::kInt32, {16, 1}));
  EXPECT_TYPE(TypeOf("tensor.col_argmax", {x}), Tensor(DataType::kInt32, {1, 64}));
  EXPECT_TYPE(TypeOf("tensor.col_argmin", {x}), Tensor(DataType::kInt32, {1, 64}));
  const Var* v = TensorVar(DataType::kFP32, {64});
  EXPECT_TYPE(TypeOf("tensor.row_sum", {v}, {{"keep_dim", AttrValue::Bool(false)}}),
              ctx_.GetScalarType(DataType::kFP32));
}

TEST_F(TensorReductionTest, RowMinRestrictsDTypes) {
  EXPECT_THAT(ErrorOf("tensor.row_min", {TensorVar(DataType::kBF16, {16, 64})}),
              HasSubstr("tensor.row_min: input dtype must be one of"));
  EXPECT_THAT(ErrorOf("tensor.row_max",
                      {ctx_.NewVar("d", ctx_.GetDistributedTensorType(DataType::kFP32,
                                                                      Dims({4, 16})))}),
              HasSubstr("does not take a DistributedTensorType"));
}

}  // namespace
}  // namespace pto::ir
