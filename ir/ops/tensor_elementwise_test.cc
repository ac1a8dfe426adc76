#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TensorElementwiseTest : public OpTest {
 protected:
  const TensorType* WithValid(DataType dtype, std::initializer_list<int64_t> shape,
                              std::initializer_list<int64_t> valid) {
    TensorView view;
    view.valid_shape = Dims(valid);
    return ctx_.GetTensorType(dtype, Dims(shape), view);
  }
  const Var* Dist(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("d", ctx_.GetDistributedTensorType(dtype, Dims(shape)));
  }
};

constexpr const char* kBinary[] = {"tensor.add", "tensor.sub", "tensor.mul", "tensor.maximum",
                                   "tensor.minimum"};

TEST_F(TensorElementwiseTest, BinaryPromotesAndBroadcasts) {
  const Var* a = TensorVar(DataType::kFP16, {1, 64});
  const Var* b = TensorVar(DataType::kFP32, {32, 64});
  for (const char* op : kBinary) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, b}), Tensor(DataType::kFP32, {32, 64}));
  }
  EXPECT_THAT(ErrorOf("tensor.add", {a, TensorVar(DataType::kFP32, {32, 32})}),
              HasSubstr("tensor.add: cannot broadcast shapes [1, 64] and [32, 32]"));
  EXPECT_THAT(ErrorOf("tensor.mul", {a, TileVar(DataType::kFP32, {1, 64})}),
              HasSubstr("tensor.mul: rhs must be a TensorType or DistributedTensorType, got "
                        "TileType"));
}

TEST_F(TensorElementwiseTest, BinaryKeepsOnlyAMatchingValidShape) {
  const Var* a = ctx_.NewVar("a", WithValid(DataType::kFP32, {32, 64}, {20, 64}));
  const Var* b = ctx_.NewVar("b", WithValid(DataType::kFP32, {32, 64}, {20, 64}));
  const Var* c = ctx_.NewVar("c", WithValid(DataType::kFP32, {32, 64}, {10, 64}));
  EXPECT_TYPE(TypeOf("tensor.add", {a, b}), a->type());
  // Different regions or a broadcast: no valid shape is inferred.
  EXPECT_TYPE(TypeOf("tensor.add", {a, c}), Tensor(DataType::kFP32, {32, 64}));
  EXPECT_TYPE(TypeOf("tensor.add", {a, TensorVar(DataType::kFP32, {1, 64})}),
              Tensor(DataType::kFP32, {32, 64}));
  // Windows read as local data; the result is a plain tensor without a view.
  const Var* d = Dist(DataType::kFP32, {32, 64});
  EXPECT_TYPE(TypeOf("tensor.add", {d, d}), Tensor(DataType::kFP32, {32, 64}));
  // Layout and stride never survive.
  TensorView dn;
  dn.layout = TensorLayout::kDN;
  const Var* t = ctx_.NewVar("t", ctx_.GetTensorType(DataType::kFP32, Dims({32, 64}), dn));
  EXPECT_TYPE(TypeOf("tensor.sub", {t, t}), Tensor(DataType::kFP32, {32, 64}));
}

TEST_F(TensorElementwiseTest, ScalarOpsPromoteWithTheScalar) {
  const Var* x = ctx_.NewVar("x", WithValid(DataType::kFP16, {32, 64}, {20, 64}));
  for (const char* op : {"tensor.adds", "tensor.muls", "tensor.divs", "tensor.maximum",
                         "tensor.minimum"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {x, ctx_.Float(1.0)}), WithValid(DataType::kFP32, {32, 64}, {20, 64}));
    EXPECT_TYPE(TypeOf(op, {x, ScalarVar(DataType::kFP16)}), x->type());
  }
  // subs keeps the tensor's dtype.
  EXPECT_TYPE(TypeOf("tensor.subs", {x, ctx_.Float(1.0)}), x->type());
  // A window operand loses its valid shape.
  const Var* d = Dist(DataType::kInt32, {8, 8});
  EXPECT_TYPE(TypeOf("tensor.adds", {d, ScalarVar(DataType::kInt32)}),
              Tensor(DataType::kInt32, {8, 8}));
  EXPECT_THAT(ErrorOf("tensor.adds", {x, x}),
              HasSubstr("tensor.adds: rhs must be a ScalarType, got TensorType"));
  EXPECT_THAT(ErrorOf("tensor.maximum", {x, TileVar(DataType::kFP16, {32, 64})}),
              HasSubstr("tensor.maximum: rhs must be a TensorType or DistributedTensorType"));
}

TEST_F(TensorElementwiseTest, SubsLimitsDTypes) {
  const Var* u8 = TensorVar(DataType::kUInt8, {16});
  EXPECT_THAT(ErrorOf("tensor.subs", {u8, ScalarVar(DataType::kInt8)}),
              HasSubstr("tensor.subs: tensor dtype must be one of {INT8, INT16, INT32, FP16, "
                        "FP32, BF16}, got UINT8"));
  const Var* bf = TensorVar(DataType::kBF16, {16});
  EXPECT_THAT(ErrorOf("tensor.subs", {bf, ScalarVar(DataType::kUInt16)}),
              HasSubstr("tensor.subs: scalar dtype must be one of"));
  EXPECT_TYPE(TypeOf("tensor.subs", {bf, ScalarVar(DataType::kFP32)}), bf->type());
}

TEST_F(TensorElementwiseTest, DivLimitsDTypes) {
  const Var* f = TensorVar(DataType::kFP16, {16, 16});
  EXPECT_TYPE(TypeOf("tensor.div", {f, f}), f->type());
  EXPECT_TYPE(TypeOf("tensor.div", {f, TensorVar(DataType::kInt32, {16})}),
              Tensor(DataType::kFP16, {16, 16}));
  EXPECT_THAT(ErrorOf("tensor.div", {f, TensorVar(DataType::kInt8, {16, 16})}),
              HasSubstr("tensor.div: rhs dtype must be one of {INT16, INT32, FP16, FP32}, got "
                        "INT8"));
  const Var* i = TensorVar(DataType::kInt32, {16, 16});
  EXPECT_THAT(ErrorOf("tensor.div", {i, i}, {{"high_precision", AttrValue::Bool(true)}}),
              HasSubstr("tensor.div: high_precision is supported only for FP16 and FP32"));
  EXPECT_TYPE(TypeOf("tensor.div", {f, f}, {{"high_precision", AttrValue::Bool(true)}}),
              f->type());
}

}  // namespace
}  // namespace pto::ir
