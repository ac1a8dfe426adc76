#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

using TensorBroadcastTest = OpTest;

constexpr const char* kRowOps[] = {"tensor.row_expand_mul", "tensor.row_expand_div",
                                   "tensor.row_expand",     "tensor.row_expand_sub",
                                   "tensor.row_expand_max", "tensor.row_expand_min",
                                   "tensor.row_expand_expdif"};
constexpr const char* kColOps[] = {"tensor.col_expand_mul", "tensor.col_expand_add",
                                   "tensor.col_expand",     "tensor.col_expand_sub",
                                   "tensor.col_expand_max", "tensor.col_expand_min",
                                   "tensor.col_expand_expdif", "tensor.col_expand_div"};

TEST_F(TensorBroadcastTest, RowExpandTakesTheTensorShapeAndPromotes) {
  const Var* x = TensorVar(DataType::kFP16, {2, 16, 64});
  const Var* row = TensorVar(DataType::kFP32, {16, 1});
  for (const char* op : kRowOps) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x, row}), Tensor(DataType::kFP32, {2, 16, 64}));
    EXPECT_THAT(ErrorOf(op, {x, TensorVar(DataType::kFP32, {16, 2})}),
                HasSubstr(std::string(op) + ": the row vector's last dimension must be 1"));
    EXPECT_THAT(ErrorOf(op, {x, TensorVar(DataType::kFP32, {8, 1})}),
                HasSubstr("row counts differ: tensor has 16, vector has 8"));
    EXPECT_THAT(ErrorOf(op, {TensorVar(DataType::kFP32, {64}), row}),
                HasSubstr("the tensor must have rank >= 2, got 1"));
  }
}

TEST_F(TensorBroadcastTest, ColExpandChecksTheColumnVector) {
  const Var* x = TensorVar(DataType::kFP32, {16, 64});
  const Var* col = TensorVar(DataType::kFP32, {1, 64});
  for (const char* op : kColOps) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x, col}), x->type());
    EXPECT_THAT(ErrorOf(op, {x, TensorVar(DataType::kFP32, {16, 1})}),
                HasSubstr("the column vector's second-to-last dimension must be 1"));
    EXPECT_THAT(ErrorOf(op, {x, TensorVar(DataType::kFP32, {1, 32})}),
                HasSubstr("column counts differ: tensor has 64, vector has 32"));
    EXPECT_THAT(ErrorOf(op, {x, TensorVar(DataType::kFP32, {64})}),
                HasSubstr("the vector must have rank >= 2, got 1"));
  }
}

TEST_F(TensorBroadcastTest, RowExpandAddNeedsOneListedDType) {
  const Var* x = TensorVar(DataType::kInt32, {16, 64});
  EXPECT_TYPE(TypeOf("tensor.row_expand_add", {x, TensorVar(DataType::kInt32, {16, 1})}),
              x->type());
  EXPECT_THAT(ErrorOf("tensor.row_expand_add", {x, TensorVar(DataType::kFP32, {16, 1})}),
              HasSubstr("needs one dtype for both operands, got INT32 and FP32"));
  const Var* b = TensorVar(DataType::kBF16, {16, 64});
  EXPECT_THAT(ErrorOf("tensor.row_expand_add", {b, TensorVar(DataType::kBF16, {16, 1})}),
              HasSubstr("tensor.row_expand_add: dtype must be one of"));
}

TEST_F(TensorBroadcastTest, ExpandsKeepsTheTargetDType) {
  TensorView view;
  view.valid_shape = Dims({8, 64});
  const Var* x = ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP16, Dims({16, 64}), view));
  EXPECT_TYPE(TypeOf("tensor.expands", {x, ctx_.Float(1.0)}), Tensor(DataType::kFP16, {16, 64}));
  EXPECT_THAT(ErrorOf("tensor.expands", {x, x}), HasSubstr("scalar must be a ScalarType"));
}

TEST_F(TensorBroadcastTest, ExpandCloneBroadcastsOneUnitAxis) {
  const Var* src = TensorVar(DataType::kFP32, {1, 4, 8});
  EXPECT_TYPE(TypeOf("tensor.expand_clone", {src, TensorVar(DataType::kFP32, {2, 4, 8})}),
              Tensor(DataType::kFP32, {2, 4, 8}));
  EXPECT_THAT(ErrorOf("tensor.expand_clone", {src, TensorVar(DataType::kFP32, {2, 4, 16})}),
              HasSubstr("can only broadcast a dimension of 1, but [1, 4, 8] cannot expand to "
                        "[2, 4, 16] at dimension 2"));
  const Var* two = TensorVar(DataType::kFP32, {1, 1, 8});
  EXPECT_THAT(ErrorOf("tensor.expand_clone", {two, TensorVar(DataType::kFP32, {2, 4, 8})}),
              HasSubstr("broadcasts at most one dimension, got 2"));
  EXPECT_THAT(ErrorOf("tensor.expand_clone",
                      {TensorVar(DataType::kFP32, {4, 8}), TensorVar(DataType::kFP32, {4, 8})}),
              HasSubstr("the input must have rank 3, got 2"));
}

}  // namespace
}  // namespace pto::ir
