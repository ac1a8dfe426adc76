#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

using TensorMatmulTest = OpTest;

TEST_F(TensorMatmulTest, MatmulShapesFollowTheOperandRanks) {
  const Var* a = TensorVar(DataType::kFP16, {32, 64});
  const Var* b = TensorVar(DataType::kFP16, {64, 16});
  EXPECT_TYPE(TypeOf("tensor.matmul", {a, b}), Tensor(DataType::kFP16, {32, 16}));
  EXPECT_TYPE(TypeOf("tensor.matmul", {a, b}, {{"out_dtype", AttrValue::DType(DataType::kFP32)}}),
              Tensor(DataType::kFP32, {32, 16}));
  const Var* bt = TensorVar(DataType::kFP16, {16, 64});
  EXPECT_TYPE(TypeOf("tensor.matmul", {a, bt}, {{"b_trans", AttrValue::Bool(true)}}),
              Tensor(DataType::kFP16, {32, 16}));
  const Var* v = TensorVar(DataType::kFP16, {64});
  EXPECT_TYPE(TypeOf("tensor.matmul", {a, v}), Tensor(DataType::kFP16, {32}));
  EXPECT_TYPE(TypeOf("tensor.matmul", {v, b}), Tensor(DataType::kFP16, {16}));
  EXPECT_TYPE(TypeOf("tensor.matmul", {v, v}), Tensor(DataType::kFP16, {}));
  const Var* batched = TensorVar(DataType::kFP16, {4, 32, 64});
  EXPECT_TYPE(TypeOf("tensor.matmul", {batched, b}), Tensor(DataType::kFP16, {4, 32, 16}));
  EXPECT_TYPE(TypeOf("tensor.matmul", {batched, TensorVar(DataType::kFP16, {1, 64, 16})}),
              Tensor(DataType::kFP16, {4, 32, 16}));
}

TEST_F(TensorMatmulTest, MatmulRejectsMismatchedOperands) {
  const Var* a = TensorVar(DataType::kFP16, {32, 64});
  EXPECT_THAT(ErrorOf("tensor.matmul", {a, TensorVar(DataType::kFP16, {32, 16})}),
              HasSubstr("tensor.matmul: inner dimensions differ: lhs K=64, rhs K=32"));
  const Var* v = TensorVar(DataType::kFP16, {64});
  EXPECT_THAT(ErrorOf("tensor.matmul", {v, a}, {{"a_trans", AttrValue::Bool(true)}}),
              HasSubstr("a_trans does not apply to a 1-D lhs"));
  EXPECT_THAT(ErrorOf("tensor.matmul", {TensorVar(DataType::kFP16, {2, 32, 64}),
                                        TensorVar(DataType::kFP16, {3, 64, 16})}),
              HasSubstr("batch dims: cannot broadcast"));
}

TEST_F(TensorMatmulTest, MatmulAccTypesTheAccumulator) {
  const Var* c = TensorVar(DataType::kFP32, {32, 16});
  const Var* a = TensorVar(DataType::kBF16, {32, 64});
  const Var* b = TensorVar(DataType::kBF16, {64, 16});
  EXPECT_TYPE(TypeOf("tensor.matmul_acc", {c, a, b}), c->type());
  EXPECT_TYPE(TypeOf("tensor.matmul_acc", {c, a, b, ScalarVar(DataType::kBool)}), c->type());
  EXPECT_THAT(ErrorOf("tensor.matmul_acc", {c, a, b, ScalarVar(DataType::kInt32)}),
              HasSubstr("init_cond must be a BOOL scalar, got INT32"));
  EXPECT_THAT(ErrorOf("tensor.matmul_acc", {TensorVar(DataType::kFP16, {32, 16}), a, b}),
              HasSubstr("needs an accumulator of dtype FP32, got FP16"));
  EXPECT_THAT(ErrorOf("tensor.matmul_acc", {c, a, TensorVar(DataType::kFP16, {64, 16})}),
              HasSubstr("needs one dtype for lhs and rhs, got BF16 and FP16"));
  EXPECT_THAT(ErrorOf("tensor.matmul_acc", {TensorVar(DataType::kFP32, {32, 8}), a, b}),
              HasSubstr("accumulator [32, 8] does not match the product [32, 16]"));
  const Var* ic = TensorVar(DataType::kInt32, {32, 16});
  EXPECT_TYPE(TypeOf("tensor.matmul_acc", {ic, TensorVar(DataType::kInt8, {32, 64}),
                                           TensorVar(DataType::kInt8, {64, 16})}),
              ic->type());
}

}  // namespace
}  // namespace pto::ir
