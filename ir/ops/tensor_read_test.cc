// tensor.read: one element as a scalar of the tensor's dtype.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

TEST_F(OpTest, TensorReadGivesAScalarOfTheTensorDtype) {
  const Var* counts = TensorVar(DataType::kInt32, {4, 1});
  const Var* dest = ScalarVar(DataType::kIndex);
  EXPECT_TYPE(TypeOf("tensor.read", {counts, ListOf({dest, ctx_.Index(0)})}),
              ctx_.GetScalarType(DataType::kInt32));
  EXPECT_TYPE(TypeOf("tensor.read", {TensorVar(DataType::kFP16, {8}), List({7})}),
              ctx_.GetScalarType(DataType::kFP16));
  // A window reads its local copy.
  const Var* w = ctx_.NewVar("w", ctx_.GetDistributedTensorType(DataType::kInt32, Dims({2, 1})));
  EXPECT_TYPE(TypeOf("tensor.read", {w, List({1, 0})}), ctx_.GetScalarType(DataType::kInt32));
  EXPECT_FALSE(BuiltinOp("tensor.read").has_side_effects());
}

TEST_F(OpTest, TensorReadRejects) {
  const Var* counts = TensorVar(DataType::kInt32, {4, 1});
  EXPECT_EQ(ErrorOf("tensor.read", {counts, List({4, 0})}),
            "tensor.read: index 0 (4) is outside dimension 0 of [4, 1]");
  EXPECT_EQ(ErrorOf("tensor.read", {counts, ListOf({ctx_.Index(-1), ctx_.Index(0)})}),
            "tensor.read: index 0 (-1) is outside dimension 0 of [4, 1]");
  EXPECT_EQ(ErrorOf("tensor.read", {counts, List({0})}),
            "tensor.read: indices has 1 elements; the tensor has rank 2");
  EXPECT_EQ(ErrorOf("tensor.read", {counts, ListOf({ctx_.Float(0.0), ctx_.Index(0)})}),
            "tensor.read: indices element 0 must be an integer scalar, got a FP32 scalar");
  EXPECT_EQ(ErrorOf("tensor.read", {TileVar(DataType::kInt32, {4, 8}), List({0, 0})}),
            "tensor.read: tensor must be a TensorType or DistributedTensorType, got TileType");
}

}  // namespace
}  // namespace pto::ir
