// pld.tensor.alloc_window_buffer / pld.tensor.window, and the
// runtime intrinsics dist.*.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class DistMemoryTest : public OpTest {
 protected:
  const Var* Ptr() { return ctx_.NewVar("buf", ctx_.GetHandleType(HandleKind::kPtr)); }
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

TEST_F(DistMemoryTest, AllocAndWindow) {
  const Type* ptr = ctx_.GetHandleType(HandleKind::kPtr);
  EXPECT_TYPE(TypeOf("pld.tensor.alloc_window_buffer", {ctx_.Index(1024)},
                     {{"name", AttrValue::String("buf")}}),
              ptr);
  EXPECT_TYPE(TypeOf("pld.tensor.alloc_window_buffer", {ScalarVar(DataType::kInt64)},
                     {{"name", AttrValue::String("sig")}}),
              ptr);
  EXPECT_TYPE(TypeOf("pld.tensor.window", {Ptr(), List({4, 64})}, {DType(DataType::kFP32)}),
              ctx_.GetDistributedTensorType(DataType::kFP32, Dims({4, 64})));
  // A symbolic shape (pld.world_size() in PyPTO's programs).
  const Var* n = ScalarVar(DataType::kInt64);
  const Type* w = TypeOf("pld.tensor.window", {Ptr(), ListOf({n})}, {DType(DataType::kInt32)});
  ASSERT_NE(w, nullptr);
  EXPECT_TRUE(w->Is<DistributedTensorType>());
}

TEST_F(DistMemoryTest, Rejects) {
  // Every buffer is named (the parser gives the variable's name).
  EXPECT_EQ(ErrorOf("pld.tensor.alloc_window_buffer", {ctx_.Index(8)}),
            "pld.tensor.alloc_window_buffer: requires a 'name' kwarg");
  EXPECT_EQ(ErrorOf("pld.tensor.alloc_window_buffer", {ctx_.Index(0)},
                    {{"name", AttrValue::String("buf")}}),
            "pld.tensor.alloc_window_buffer: size must be a positive number of bytes, got 0");
  EXPECT_THAT(ErrorOf("pld.tensor.alloc_window_buffer", {ctx_.Float(1.0)},
                      {{"name", AttrValue::String("buf")}}),
              HasSubstr("size must be an integer scalar"));
  EXPECT_THAT(ErrorOf("pld.tensor.alloc_window_buffer", {ctx_.Index(8)},
                      {{"name", AttrValue::String("")}}),
              HasSubstr("name must not be empty"));
  EXPECT_THAT(ErrorOf("pld.tensor.window", {TensorVar(DataType::kFP32, {4}), List({4})},
                      {DType(DataType::kFP32)}),
              HasSubstr("buf must be a pl.Ptr (from pld.tensor.alloc_window_buffer), got "
                        "TensorType"));
  EXPECT_THAT(ErrorOf("pld.tensor.window", {Ptr(), List({4, 0})}, {DType(DataType::kFP32)}),
              HasSubstr("shape element 1 must be positive, got 0"));
  EXPECT_THAT(ErrorOf("pld.tensor.window", {Ptr(), ctx_.Index(4)}, {DType(DataType::kFP32)}),
              HasSubstr("shape must be a list"));
}

TEST_F(DistMemoryTest, IntrinsicsAreUntypedEffects) {
  const Var* rt = ScalarVar(DataType::kInt64);
  EXPECT_TYPE(TypeOf("dist.make_tensor", {rt, ctx_.Index(16)}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("dist.tree_reduce", {rt, rt}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("dist.submit_worker", {rt}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("dist.submit_orchestrator", {rt}), ctx_.GetUnknownType());
  EXPECT_TYPE(TypeOf("dist.future_get", {rt}), ctx_.GetUnknownType());
  EXPECT_THAT(ErrorOf("dist.make_tensor", {rt, ctx_.Float(2.0)}),
              HasSubstr("count must be an integer scalar"));
  for (absl::string_view op : {"dist.tree_reduce", "dist.submit_worker",
                               "dist.submit_orchestrator", "dist.future_get"}) {
    EXPECT_TRUE(BuiltinOp(op).has_side_effects()) << op;
    EXPECT_FALSE(Make(op, {}).ok()) << op;  // the runtime handle is required
  }
}

}  // namespace
}  // namespace pto::ir
