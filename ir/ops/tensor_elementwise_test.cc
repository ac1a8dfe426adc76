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

TEST_F(TensorElementwiseTest, PartialOpsAndFmodBroadcast) {
  const Var* a = ctx_.NewVar("a", WithValid(DataType::kFP32, {32, 64}, {16, 64}));
  const Var* b = ctx_.NewVar("b", WithValid(DataType::kFP32, {32, 64}, {16, 64}));
  for (const char* op : {"tensor.part_add", "tensor.part_mul", "tensor.part_max",
                         "tensor.part_min"}) {
    SCOPED_TRACE(op);
    // A partial op is defined everywhere: no valid shape survives.
    EXPECT_TYPE(TypeOf(op, {a, b}), Tensor(DataType::kFP32, {32, 64}));
    EXPECT_THAT(ErrorOf(op, {a, ctx_.Float(1.0)}), HasSubstr("src1 must be a TensorType"));
  }
  EXPECT_TYPE(TypeOf("tensor.fmod", {a, b}), WithValid(DataType::kFP32, {32, 64}, {16, 64}));
  EXPECT_TYPE(TypeOf("tensor.fmods", {a, ctx_.Float(2.0)}),
              WithValid(DataType::kFP32, {32, 64}, {16, 64}));
  EXPECT_THAT(ErrorOf("tensor.fmods", {a, b}), HasSubstr("tensor.fmods: rhs must be a ScalarType"));
}

TEST_F(TensorElementwiseTest, CmpTakesATensorOrAScalar) {
  const Var* a = ctx_.NewVar("a", WithValid(DataType::kFP32, {32, 64}, {16, 64}));
  std::vector<NamedAttr> gt = {{"cmp_type", AttrValue::Int(4)}};
  EXPECT_TYPE(TypeOf("tensor.cmp", {a, a}, gt), Tensor(DataType::kFP32, {32, 64}));
  EXPECT_TYPE(TypeOf("tensor.cmp", {a, ctx_.Float(0.0)}, gt), Tensor(DataType::kFP32, {32, 64}));
  EXPECT_THAT(ErrorOf("tensor.cmp", {a, a}, {{"cmp_type", AttrValue::Int(6)}}),
              HasSubstr("tensor.cmp: cmp_type must be 0..5"));
}

TEST_F(TensorElementwiseTest, BitwiseOpsNeedIntegersOfOneShape) {
  const Var* a = TensorVar(DataType::kInt16, {16, 64});
  const Var* b = TensorVar(DataType::kInt32, {16, 64});
  for (const char* op : {"tensor.and", "tensor.or", "tensor.xor"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, b}), Tensor(DataType::kInt32, {16, 64}));
    EXPECT_THAT(ErrorOf(op, {a, TensorVar(DataType::kInt16, {1, 64})}),
                HasSubstr("needs operands of one shape, got [16, 64] and [1, 64]"));
    EXPECT_THAT(ErrorOf(op, {a, TensorVar(DataType::kFP32, {16, 64})}),
                HasSubstr("rhs dtype must be one of"));
  }
  for (const char* op : {"tensor.shl", "tensor.shr"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, b}), a->type());
  }
  for (const char* op : {"tensor.ands", "tensor.ors", "tensor.xors", "tensor.shls",
                         "tensor.shrs"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, ctx_.Index(3)}), a->type());
    EXPECT_THAT(ErrorOf(op, {a, ctx_.Float(1.0)}), HasSubstr("scalar dtype must be one of"));
    EXPECT_THAT(ErrorOf(op, {TensorVar(DataType::kFP16, {4}), ctx_.Index(1)}),
                HasSubstr("tensor dtype must be one of"));
  }
  EXPECT_THAT(ErrorOf("tensor.shls", {a, ctx_.Int(-1, DataType::kInt32)}),
              HasSubstr("tensor.shls: needs a non-negative shift count, got -1"));
}

}  // namespace
}  // namespace pto::ir
