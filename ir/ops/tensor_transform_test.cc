#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TensorTransformTest : public OpTest {
 protected:
  const TensorType* WithView(DataType dtype, std::initializer_list<int64_t> shape,
                             std::initializer_list<int64_t> valid,
                             TensorLayout layout = TensorLayout::kND,
                             std::initializer_list<int64_t> stride = {}) {
    TensorView view;
    view.valid_shape = Dims(valid);
    view.layout = layout;
    view.stride = Dims(stride);
    return ctx_.GetTensorType(dtype, Dims(shape), view);
  }
};

TEST_F(TensorTransformTest, ReshapeMapsAFlatValidPrefix) {
  const Var* x = TensorVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tensor.reshape", {x, List({4, 64})}), Tensor(DataType::kFP32, {4, 64}));
  const Var* p = ctx_.NewVar("p", WithView(DataType::kFP32, {16, 16}, {8, 16}));
  EXPECT_TYPE(TypeOf("tensor.reshape", {p, List({4, 64})}),
              WithView(DataType::kFP32, {4, 64}, {2, 64}));
  EXPECT_TYPE(TypeOf("tensor.reshape", {p, List({4, 64}), List({1, 64})}),
              WithView(DataType::kFP32, {4, 64}, {1, 64}));
  EXPECT_THAT(ErrorOf("tensor.reshape", {p, List({4, 64}), List({3, 64})}),
              HasSubstr("valid_shape[0] = 3 is not provably within [0, 2]"));
  const Var* cols = ctx_.NewVar("c", WithView(DataType::kFP32, {16, 16}, {16, 8}));
  EXPECT_THAT(ErrorOf("tensor.reshape", {cols, List({4, 64})}),
              HasSubstr("tensor.reshape: cannot reshape [16, 16] to [4, 64] with valid_shape "
                        "[16, 8]: dimension 1 is only partly valid"));
  // Inserting or erasing unit axes keeps any valid rectangle.
  const Var* rect = ctx_.NewVar("r", WithView(DataType::kFP32, {1, 16, 64}, {1, 8, 40}));
  EXPECT_TYPE(TypeOf("tensor.reshape", {rect, List({16, 1, 64})}),
              WithView(DataType::kFP32, {16, 1, 64}, {8, 1, 40}));
  EXPECT_TYPE(TypeOf("tensor.reshape", {rect, List({16, 64})}),
              WithView(DataType::kFP32, {16, 64}, {8, 40}));
  EXPECT_THAT(ErrorOf("tensor.reshape", {x, List({4, 32})}),
              HasSubstr("cannot reshape 256 elements into shape [4, 32] of 128 elements"));
}

TEST_F(TensorTransformTest, TransposeRecordsLayoutAndStrides) {
  const Var* x = TensorVar(DataType::kFP16, {32, 64});
  EXPECT_TYPE(TypeOf("tensor.transpose", {x, ctx_.Index(0), ctx_.Index(1)}),
              WithView(DataType::kFP16, {64, 32}, {}, TensorLayout::kDN, {1, 64}));
  const Var* x3 = TensorVar(DataType::kFP16, {2, 32, 64});
  EXPECT_TYPE(TypeOf("tensor.transpose", {x3, ctx_.Index(0), ctx_.Index(1)}),
              WithView(DataType::kFP16, {32, 2, 64}, {}, TensorLayout::kND, {64, 2048, 1}));
  EXPECT_THAT(ErrorOf("tensor.transpose", {x, ctx_.Index(1), ctx_.Index(-1)}),
              HasSubstr("tensor.transpose: needs two different axes, got 1 twice"));
  EXPECT_THAT(ErrorOf("tensor.transpose", {x, ctx_.Index(0), ctx_.Index(2)}),
              HasSubstr("axis2 2 is out of range for rank 2"));
}

TEST_F(TensorTransformTest, ConcatAndSetValidShape) {
  const Var* a = TensorVar(DataType::kFP32, {16, 32});
  const Var* b = TensorVar(DataType::kFP32, {16, 64});
  EXPECT_TYPE(TypeOf("tensor.concat", {a, b}), Tensor(DataType::kFP32, {16, 96}));
  EXPECT_THAT(ErrorOf("tensor.concat", {a, TensorVar(DataType::kFP32, {8, 64})}),
              HasSubstr("tensor.concat: needs equal row counts, got 16 and 8"));
  EXPECT_TYPE(TypeOf("tensor.set_validshape", {b, ctx_.Index(8), ctx_.Index(40)}),
              WithView(DataType::kFP32, {16, 64}, {8, 40}));
  EXPECT_THAT(ErrorOf("tensor.set_validshape", {b, ctx_.Index(8), ctx_.Index(80)}),
              HasSubstr("valid_cols (80) exceeds the tensor extent 64"));
  EXPECT_THAT(ErrorOf("tensor.set_validshape", {b, ctx_.Index(8), ScalarVar(DataType::kInt32)}),
              HasSubstr("valid_cols must be INT64, UINT64 or INDEX, got INT32"));
}

}  // namespace
}  // namespace pto::ir
