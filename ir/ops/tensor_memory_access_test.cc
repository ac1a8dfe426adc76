#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TensorMemoryAccessTest : public OpTest {
 protected:
  const TensorType* WithView(DataType dtype, std::initializer_list<int64_t> shape,
                             std::initializer_list<int64_t> valid,
                             PadValue pad = PadValue::kNull) {
    TensorView view;
    view.valid_shape = Dims(valid);
    view.pad = pad;
    return ctx_.GetTensorType(dtype, Dims(shape), view);
  }
};

TEST_F(TensorMemoryAccessTest, SliceIsValidWhereTheSourceIs) {
  const Var* x = TensorVar(DataType::kFP32, {64, 128});
  EXPECT_TYPE(TypeOf("tensor.slice", {x, List({16, 128}), List({16, 0})}),
              Tensor(DataType::kFP32, {16, 128}));
  EXPECT_TYPE(TypeOf("tensor.slice", {x, List({16, 128}), List({16, 0}), List({8, 128})}),
              WithView(DataType::kFP32, {16, 128}, {8, 128}));
  const Var* part = ctx_.NewVar("p", WithView(DataType::kFP32, {64, 128}, {20, 128}));
  EXPECT_TYPE(TypeOf("tensor.slice", {part, List({16, 128}), List({16, 0})}),
              WithView(DataType::kFP32, {16, 128}, {4, 128}));
  EXPECT_TYPE(TypeOf("tensor.slice", {x, List({16, 128}), List({0, 0})},
                     {{"pad_value", AttrValue::Enum(PadValue::kMax)}}),
              WithView(DataType::kFP32, {16, 128}, {16, 128}, PadValue::kMax));
  EXPECT_THAT(ErrorOf("tensor.slice", {x, List({16, 128}), List({56, 0})}),
              HasSubstr("tensor.slice: reads past the end of dimension 0: offset 56 + extent 16 "
                        "exceeds the source extent 64"));
  EXPECT_TYPE(TypeOf("tensor.slice", {x, List({16, 128}), List({56, 0})},
                     {{"clamp", AttrValue::Bool(true)}}),
              WithView(DataType::kFP32, {16, 128}, {8, 128}));
  EXPECT_THAT(ErrorOf("tensor.slice", {x, List({16, 128}), List({0, 0}), List({32, 128})}),
              HasSubstr("valid_shape 0 is 32, which exceeds the window extent 16"));
}

TEST_F(TensorMemoryAccessTest, SliceDropsUnitDims) {
  const Var* x = TensorVar(DataType::kFP32, {64, 128});
  EXPECT_TYPE(TypeOf("tensor.slice", {x, List({1, 128}), List({3, 0}), List({}), List({0})}),
              Tensor(DataType::kFP32, {128}));
  EXPECT_THAT(ErrorOf("tensor.slice", {x, List({2, 128}), List({3, 0}), List({}), List({0})}),
              HasSubstr("drop_dims index 0 must select a static unit dimension"));
  EXPECT_THAT(ErrorOf("tensor.slice", {x, List({1, 1}), List({0, 0}), List({}), List({0, 1})}),
              HasSubstr("drop_dims cannot erase every dimension"));
  EXPECT_THAT(ErrorOf("tensor.slice", {x, List({1, 128}), List({0, 0}), List({}), List({2})}),
              HasSubstr("drop_dims index 2 is out of range for rank 2"));
}

TEST_F(TensorMemoryAccessTest, AssembleGrowsTheTargetValidRegion) {
  const Var* y = TensorVar(DataType::kFP32, {64, 128});
  const Var* w = TensorVar(DataType::kFP32, {16, 128});
  EXPECT_TYPE(TypeOf("tensor.assemble", {y, w, List({16, 0})}), y->type());
  const Var* part = ctx_.NewVar("p", WithView(DataType::kFP32, {64, 128}, {16, 128}));
  EXPECT_TYPE(TypeOf("tensor.assemble", {part, w, List({16, 0})}),
              WithView(DataType::kFP32, {64, 128}, {32, 128}));
  EXPECT_THAT(ErrorOf("tensor.assemble", {part, w, List({48, 0})}),
              HasSubstr("tensor.assemble: leaves a gap in dimension 0"));
  EXPECT_THAT(ErrorOf("tensor.assemble", {y, w, List({56, 0})}),
              HasSubstr("writes past the end of dimension 0"));
  const Var* i8 = TensorVar(DataType::kUInt8, {64, 128});
  EXPECT_THAT(ErrorOf("tensor.assemble", {i8, TensorVar(DataType::kUInt8, {16, 128}),
                                          List({0, 0})},
                      {{"atomic", AttrValue::Enum(AtomicType::kAdd)}}),
              HasSubstr("target dtype with atomic=Add must be one of"));
  EXPECT_EQ(BuiltinOp("tensor.assemble").written_args(), 1u);
}

TEST_F(TensorMemoryAccessTest, WriteAndDim) {
  const Var* x = TensorVar(DataType::kFP32, {4, 8});
  EXPECT_TYPE(TypeOf("tensor.write", {x, List({1, 2}), ctx_.Float(1.0)}), x->type());
  EXPECT_THAT(ErrorOf("tensor.write", {x, List({1}), ctx_.Float(1.0)}),
              HasSubstr("tensor.write: has 1 indices for a tensor of rank 2"));
  EXPECT_THAT(ErrorOf("tensor.write", {x, List({1, 2}), ScalarVar(DataType::kFP16)}),
              HasSubstr("value dtype FP16 must match the tensor dtype FP32"));
  EXPECT_TYPE(TypeOf("tensor.dim", {x, ctx_.Index(-1)}), ctx_.GetScalarType(DataType::kIndex));
  EXPECT_THAT(ErrorOf("tensor.dim", {x, ctx_.Index(2)}),
              HasSubstr("tensor.dim: axis 2 is out of range for rank 2"));
  EXPECT_THAT(ErrorOf("tensor.dim", {x, ScalarVar(DataType::kIndex)}),
              HasSubstr("axis must be an int constant"));
}

TEST_F(TensorMemoryAccessTest, FillpadMakesEverythingValid) {
  const Var* p = ctx_.NewVar("p", WithView(DataType::kFP32, {16, 64}, {8, 64}));
  EXPECT_TYPE(TypeOf("tensor.fillpad", {p}), Tensor(DataType::kFP32, {16, 64}));
  EXPECT_THAT(ErrorOf("tensor.fillpad", {p}, {{"pad_value", AttrValue::Enum(PadValue::kNull)}}),
              HasSubstr("tensor.fillpad: pad_value must be zero, max or min, not null"));
  TensorView want;
  want.pad = PadValue::kMin;
  EXPECT_TYPE(TypeOf("tensor.fillpad_expand", {p, List({32, 64})},
                     {{"pad_value", AttrValue::Enum(PadValue::kMin)}}),
              ctx_.GetTensorType(DataType::kFP32, Dims({32, 64}), want));
  EXPECT_THAT(ErrorOf("tensor.fillpad_expand", {p, List({8, 64})}),
              HasSubstr("destination dimension 0 (8) must be >= the source dimension (16)"));
  EXPECT_THAT(ErrorOf("tensor.fillpad_expand", {p, List({32})}),
              HasSubstr("shape rank 1 must match the source rank 2"));
}

}  // namespace
}  // namespace pto::ir
