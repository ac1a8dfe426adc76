// array.*: small on-core arrays.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class ArrayTest : public OpTest {
 protected:
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

TEST_F(ArrayTest, CreateGetUpdate) {
  const ArrayType* tids = ctx_.GetArrayType(DataType::kTaskId, 4);
  EXPECT_TYPE(TypeOf("array.create", {ctx_.Index(4)}, {DType(DataType::kTaskId)}), tids);
  EXPECT_TYPE(TypeOf("array.create", {ctx_.Index(8)}, {DType(DataType::kBool)}),
              ctx_.GetArrayType(DataType::kBool, 8));
  const Var* a = ctx_.NewVar("a", tids);
  const Var* i = ScalarVar(DataType::kIndex);
  EXPECT_TYPE(TypeOf("array.get_element", {a, i}), ctx_.GetScalarType(DataType::kTaskId));
  EXPECT_TYPE(TypeOf("array.update_element",
                     {a, ctx_.Index(0), ctx_.NewVar("t", ctx_.GetScalarType(DataType::kTaskId))}),
              tids);
  // INDEX and any integer element type mix both ways.
  const Var* ints = ctx_.NewVar("n", ctx_.GetArrayType(DataType::kInt32, 2));
  EXPECT_TYPE(TypeOf("array.update_element", {ints, i, i}), ints->type());
  EXPECT_FALSE(BuiltinOp("array.update_element").has_side_effects());
}

TEST_F(ArrayTest, Rejects) {
  EXPECT_EQ(ErrorOf("array.create", {ctx_.Index(0)}, {DType(DataType::kInt32)}),
            "array.create: extent must be positive, got 0");
  EXPECT_THAT(ErrorOf("array.create", {ScalarVar(DataType::kIndex)}, {DType(DataType::kInt32)}),
              HasSubstr("extent must be a compile-time integer"));
  EXPECT_THAT(ErrorOf("array.create", {ctx_.Index(4)}, {DType(DataType::kFP32)}),
              HasSubstr("dtype must be an integer, BOOL or TASK_ID, got FP32"));
  const Var* a = ctx_.NewVar("a", ctx_.GetArrayType(DataType::kInt32, 4));
  EXPECT_THAT(ErrorOf("array.get_element", {TensorVar(DataType::kInt32, {4}), ctx_.Index(0)}),
              HasSubstr("array must be an ArrayType, got TensorType"));
  EXPECT_THAT(ErrorOf("array.get_element", {a, ctx_.Float(1.0)}),
              HasSubstr("index must be an integer scalar"));
  EXPECT_EQ(ErrorOf("array.update_element", {a, ctx_.Index(0), ScalarVar(DataType::kInt8)}),
            "array.update_element: value dtype INT8 must match the array dtype INT32");
  EXPECT_THAT(ErrorOf("array.update_element", {a, ctx_.Index(0), a}),
              HasSubstr("value must be a ScalarType"));
}

}  // namespace
}  // namespace pto::ir
