#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TensorUnaryTest : public OpTest {
 protected:
  const TensorType* Viewed(DataType dtype, std::initializer_list<int64_t> shape,
                           std::initializer_list<int64_t> valid, TensorLayout layout,
                           bool distributed = false) {
    TensorView view;
    view.valid_shape = Dims(valid);
    view.layout = layout;
    view.pad = PadValue::kZero;
    if (distributed) return ctx_.GetDistributedTensorType(dtype, Dims(shape), view);
    return ctx_.GetTensorType(dtype, Dims(shape), view);
  }
  const TensorType* WithValid(DataType dtype, std::initializer_list<int64_t> shape,
                              std::initializer_list<int64_t> valid) {
    TensorView view;
    view.valid_shape = Dims(valid);
    return ctx_.GetTensorType(dtype, Dims(shape), view);
  }
  std::vector<NamedAttr> To(DataType t) { return {{"target_type", AttrValue::DType(t)}}; }
};

TEST_F(TensorUnaryTest, SinCosKeepOnlyTheValidShape) {
  const Var* x = ctx_.NewVar("x", Viewed(DataType::kFP32, {32, 64}, {32, 40}, TensorLayout::kDN));
  const Var* d =
      ctx_.NewVar("d", Viewed(DataType::kFP32, {32, 64}, {16, 64}, TensorLayout::kND, true));
  for (const char* op : {"tensor.sin", "tensor.cos"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x}), WithValid(DataType::kFP32, {32, 64}, {32, 40}));
    EXPECT_TYPE(TypeOf(op, {d}), WithValid(DataType::kFP32, {32, 64}, {16, 64}));
    const Var* full = TensorVar(DataType::kFP32, {8});
    EXPECT_TYPE(TypeOf(op, {full}), full->type());
    EXPECT_THAT(ErrorOf(op, {TensorVar(DataType::kFP16, {8})}),
                HasSubstr(std::string(op) + ": is FP32-only, got FP16"));
    EXPECT_THAT(ErrorOf(op, {TileVar(DataType::kFP32, {8})}),
                HasSubstr(std::string(op) + ": input must be a TensorType or "
                                            "DistributedTensorType, got TileType"));
  }
}

TEST_F(TensorUnaryTest, CastMakesAFreshTensor) {
  const Var* x = ctx_.NewVar("x", Viewed(DataType::kInt32, {32, 64}, {32, 40}, TensorLayout::kDN));
  EXPECT_TYPE(TypeOf("tensor.cast", {x}, To(DataType::kFP16)),
              WithValid(DataType::kFP16, {32, 64}, {32, 40}));
  const Var* d = ctx_.NewVar(
      "d", ctx_.GetDistributedTensorType(DataType::kFP32, Dims({4, 16})));
  EXPECT_TYPE(TypeOf("tensor.cast", {d}, To(DataType::kBF16)), Tensor(DataType::kBF16, {4, 16}));
}

TEST_F(TensorUnaryTest, CastKwargsMatchTileCast) {
  const Op& tensor_cast = BuiltinOp("tensor.cast");
  const Op& tile_cast = BuiltinOp("tile.cast");
  ASSERT_EQ(tensor_cast.kwargs().size(), tile_cast.kwargs().size());
  for (size_t i = 0; i < tile_cast.kwargs().size(); ++i) {
    EXPECT_EQ(tensor_cast.kwargs()[i].name, tile_cast.kwargs()[i].name);
    EXPECT_EQ(tensor_cast.kwargs()[i].kind, tile_cast.kwargs()[i].kind);
    EXPECT_EQ(tensor_cast.kwargs()[i].presence, tile_cast.kwargs()[i].presence);
  }
  const Var* x = TensorVar(DataType::kFP16, {16});
  absl::StatusOr<const Call*> c =
      Make("tensor.cast", {x},
           {{"target_type", AttrValue::Int(DataType::kInt8)},
            {"mode", AttrValue::Int(5)},
            {"saturation_mode", AttrValue::String("off")}});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c)->FindKwarg("mode")->As<RoundMode>(), RoundMode::kTrunc);
  EXPECT_EQ((*c)->FindKwarg("saturation_mode")->As<SaturationMode>(), SaturationMode::kOff);
}

TEST_F(TensorUnaryTest, CastRejects) {
  const Var* x = TensorVar(DataType::kFP16, {16});
  EXPECT_THAT(ErrorOf("tensor.cast", {x}, To(DataType::kFP16)),
              HasSubstr("tensor.cast: target_type FP16 equals the input dtype; same-dtype cast is "
                        "not a valid operation"));
  EXPECT_THAT(ErrorOf("tensor.cast", {x}), HasSubstr("tensor.cast: requires a 'target_type'"));
  EXPECT_THAT(ErrorOf("tensor.cast", {x, x}, To(DataType::kFP32)),
              HasSubstr("expects 1 argument, got 2"));
  EXPECT_THAT(ErrorOf("tensor.cast", {TileVar(DataType::kFP16, {16})}, To(DataType::kFP32)),
              HasSubstr("tensor.cast: input must be a TensorType or DistributedTensorType"));
  EXPECT_THAT(ErrorOf("tensor.cast", {TensorVar(DataType::kBF16, {16, 7})}, To(DataType::kFP4)),
              HasSubstr("tensor.cast: an FP4 tensor or tile needs a positive even last dim"));
  EXPECT_TYPE(TypeOf("tensor.cast", {TensorVar(DataType::kBF16, {16, 8})}, To(DataType::kFP4)),
              Tensor(DataType::kFP4, {16, 8}));
}

TEST_F(TensorUnaryTest, MathOpsPickTheirResultDType) {
  const Var* x = ctx_.NewVar("x", Viewed(DataType::kFP16, {32, 64}, {32, 40}, TensorLayout::kDN));
  const Var* i = TensorVar(DataType::kInt32, {8});
  for (const char* op : {"tensor.neg", "tensor.abs"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x}), WithValid(DataType::kFP16, {32, 64}, {32, 40}));
    EXPECT_TYPE(TypeOf(op, {i}), i->type());
  }
  for (const char* op : {"tensor.exp", "tensor.sqrt", "tensor.rsqrt", "tensor.recip"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x}), WithValid(DataType::kFP16, {32, 64}, {32, 40}));
    EXPECT_TYPE(TypeOf(op, {i}), Tensor(DataType::kFP32, {8}));
    EXPECT_THAT(ErrorOf(op, {TileVar(DataType::kFP32, {8})}),
                HasSubstr(std::string(op) + ": input must be a TensorType"));
  }
  EXPECT_THAT(ErrorOf("tensor.recip", {i}, {{"high_precision", AttrValue::Bool(true)}}),
              HasSubstr("tensor.recip: high_precision is supported only for FP16 and FP32"));
  EXPECT_TYPE(TypeOf("tensor.log", {x}, {{"high_precision", AttrValue::Bool(true)}}),
              WithValid(DataType::kFP16, {32, 64}, {32, 40}));
  EXPECT_THAT(ErrorOf("tensor.log", {i}), HasSubstr("tensor.log: input dtype must be one of"));
  EXPECT_TYPE(TypeOf("tensor.not", {TensorVar(DataType::kUInt16, {8})}),
              Tensor(DataType::kUInt16, {8}));
  EXPECT_THAT(ErrorOf("tensor.not", {i}), HasSubstr("tensor.not: input dtype must be one of"));
}

}  // namespace
}  // namespace pto::ir
