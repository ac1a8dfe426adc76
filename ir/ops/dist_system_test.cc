// pld.system.*: the communication context, rank queries and signal cells.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class DistSystemTest : public OpTest {
 protected:
  const Var* Window(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("w", ctx_.GetDistributedTensorType(dtype, Dims(shape)));
  }
  const Expr* I32(int64_t v) { return ctx_.Int(v, DataType::kInt32); }
  NamedAttr Op(int64_t v) { return {"op", AttrValue::Int(v)}; }
  NamedAttr Cmp(int64_t v) { return {"cmp", AttrValue::Int(v)}; }
};

TEST_F(DistSystemTest, CommContextAndRanks) {
  const Var* sig = Window(DataType::kInt32, {4, 1});
  const Type* ctx_type = TypeOf("pld.system.get_comm_ctx", {sig});
  EXPECT_TYPE(ctx_type, ctx_.GetCommCtxType());
  const Var* c = ctx_.NewVar("ctx", ctx_type);
  EXPECT_TYPE(TypeOf("pld.system.rank", {c}), ctx_.GetScalarType(DataType::kInt32));
  EXPECT_TYPE(TypeOf("pld.system.nranks", {c}), ctx_.GetScalarType(DataType::kInt32));
  // Any window carries a context, whatever its dtype.
  EXPECT_TYPE(TypeOf("pld.system.get_comm_ctx", {Window(DataType::kFP16, {2, 8})}),
              ctx_.GetCommCtxType());
}

TEST_F(DistSystemTest, CommContextRejects) {
  EXPECT_EQ(ErrorOf("pld.system.get_comm_ctx", {TensorVar(DataType::kInt32, {4, 1})}),
            "pld.system.get_comm_ctx: dist_tensor must be a DistributedTensor (window-bound), "
            "got TensorType");
  EXPECT_EQ(ErrorOf("pld.system.rank", {Window(DataType::kInt32, {4, 1})}),
            "pld.system.rank: ctx must be a CommCtxType (from pld.system.get_comm_ctx), got "
            "DistributedTensorType");
  EXPECT_THAT(ErrorOf("pld.system.nranks", {ScalarVar(DataType::kInt32)}),
              HasSubstr("ctx must be a CommCtxType"));
}

TEST_F(DistSystemTest, NotifyAndWaitAreEffectsWithoutValue) {
  const Var* sig = Window(DataType::kInt32, {4, 1});
  const Var* peer = ScalarVar(DataType::kIndex);
  const Var* me = ScalarVar(DataType::kInt32);
  for (int64_t op : {0, 1}) {
    EXPECT_TYPE(
        TypeOf("pld.system.notify", {sig, peer, ListOf({me, ctx_.Index(0)}), I32(1)}, {Op(op)}),
        ctx_.GetUnknownType());
  }
  // A negative AtomicAdd retires credits.
  EXPECT_TYPE(TypeOf("pld.system.notify", {sig, me, List({1, 0}), I32(-3)}, {Op(0)}),
              ctx_.GetUnknownType());
  for (int64_t cmp : {0, 1}) {
    EXPECT_TYPE(TypeOf("pld.system.wait", {sig, ListOf({peer, ctx_.Index(0)}), I32(2)}, {Cmp(cmp)}),
                ctx_.GetUnknownType());
  }
  // The expected value may be computed (an INDEX loop variable, say).
  EXPECT_TYPE(TypeOf("pld.system.wait", {sig, List({0, 0}), peer}, {Cmp(1)}),
              ctx_.GetUnknownType());
  EXPECT_TRUE(BuiltinOp("pld.system.notify").has_side_effects());
  EXPECT_EQ(BuiltinOp("pld.system.notify").written_args(), 1u);
  EXPECT_TRUE(BuiltinOp("pld.system.wait").has_side_effects());
  EXPECT_EQ(BuiltinOp("pld.system.wait").written_args(), 0u);
  EXPECT_FALSE(BuiltinOp("pld.system.rank").has_side_effects());
}

TEST_F(DistSystemTest, NotifyRejects) {
  const Var* sig = Window(DataType::kInt32, {4, 1});
  const Var* peer = ScalarVar(DataType::kIndex);
  EXPECT_EQ(ErrorOf("pld.system.notify",
                    {TensorVar(DataType::kInt32, {4, 1}), peer, List({0, 0}), I32(1)}, {Op(0)}),
            "pld.system.notify: target must be a DistributedTensor (window-bound), got "
            "TensorType");
  // As upstream's deducer: a window of any dtype and any scalar value (PTO
  // codegen and the interpreter reject what is not an INT32 cell / integer).
  EXPECT_TYPE(TypeOf("pld.system.notify",
                     {Window(DataType::kFP32, {4, 1}), peer, List({0, 0}), ctx_.Float(1.0)},
                     {Op(0)}),
              ctx_.GetUnknownType());
  EXPECT_EQ(ErrorOf("pld.system.notify", {sig, peer, List({0, 0}), List({1})}, {Op(0)}),
            "pld.system.notify: value must be a ScalarType, got TupleType");
  EXPECT_EQ(ErrorOf("pld.system.notify", {sig, ctx_.Float(1.0), List({0, 0}), I32(1)}, {Op(0)}),
            "pld.system.notify: peer must be an integer scalar, got FP32");
  EXPECT_EQ(ErrorOf("pld.system.notify", {sig, peer, List({0}), I32(1)}, {Op(0)}),
            "pld.system.notify: offsets has 1 elements; the tensor has rank 2");
  EXPECT_EQ(ErrorOf("pld.system.notify", {sig, peer, List({0, 0}), I32(1)}, {Op(2)}),
            "pld.system.notify: op must be in [0, 1], got 2");
  EXPECT_THAT(ErrorOf("pld.system.notify", {sig, peer, List({0, 0}), I32(1)}),
              HasSubstr("op"));  // required
}

TEST_F(DistSystemTest, WaitRejects) {
  const Var* sig = Window(DataType::kInt32, {4, 1});
  EXPECT_TYPE(TypeOf("pld.system.wait", {Window(DataType::kFP32, {4, 1}), List({0, 0}), I32(1)},
                     {Cmp(1)}),
              ctx_.GetUnknownType());
  EXPECT_EQ(ErrorOf("pld.system.wait", {TensorVar(DataType::kInt32, {4, 1}), List({0, 0}), I32(1)},
                    {Cmp(1)}),
            "pld.system.wait: signal must be a DistributedTensor (window-bound), got TensorType");
  EXPECT_EQ(ErrorOf("pld.system.wait", {sig, List({0, 0, 0}), I32(1)}, {Cmp(1)}),
            "pld.system.wait: offsets has 3 elements; the tensor has rank 2");
  EXPECT_EQ(ErrorOf("pld.system.wait", {sig, List({0, 0}), I32(1)}, {Cmp(-1)}),
            "pld.system.wait: cmp must be in [0, 1], got -1");
  EXPECT_TYPE(TypeOf("pld.system.wait", {sig, List({0, 0}), ctx_.Bool(true)}, {Cmp(1)}),
              ctx_.GetUnknownType());
  EXPECT_EQ(ErrorOf("pld.system.wait", {sig, List({0, 0}), List({1})}, {Cmp(1)}),
            "pld.system.wait: expected must be a ScalarType, got TupleType");
}

TEST_F(DistSystemTest, DeferWaitAndWorldSize) {
  const Var* sig = Window(DataType::kInt32, {4, 1});
  EXPECT_TYPE(TypeOf("pld.system.defer_wait", {sig, List({0, 0}), ctx_.Index(1)}, {Cmp(1)}),
              ctx_.GetUnknownType());
  EXPECT_TRUE(BuiltinOp("pld.system.defer_wait").has_side_effects());
  EXPECT_EQ(BuiltinOp("pld.system.defer_wait").written_args(), 0u);
  EXPECT_EQ(ErrorOf("pld.system.defer_wait", {sig, List({0, 0}), I32(1)}, {Cmp(0)}),
            "pld.system.defer_wait: supports only cmp=1 (WaitCmp.Ge), got 0");
  EXPECT_THAT(ErrorOf("pld.system.defer_wait", {sig, List({0, 0}), I32(-1)}, {Cmp(1)}),
              HasSubstr("a constant expected must be in [0, INT32_MAX], got -1"));
  EXPECT_THAT(ErrorOf("pld.system.defer_wait", {Window(DataType::kFP32, {4, 1}), List({0, 0}),
                                                I32(1)},
                      {Cmp(1)}),
              HasSubstr("signal must have INT32 elements"));
  EXPECT_THAT(ErrorOf("pld.system.defer_wait", {sig, List({0}), I32(1)}, {Cmp(1)}),
              HasSubstr("offsets has 1 elements"));
  EXPECT_TYPE(TypeOf("pld.system.world_size", {}), ctx_.GetScalarType(DataType::kInt64));
  EXPECT_FALSE(Make("pld.system.world_size", {ctx_.Index(0)}).ok());
}

}  // namespace
}  // namespace pto::ir
