// prefetch.*: the asynchronous L2 prefetch handles.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class PrefetchTest : public OpTest {
 protected:
  const Var* Handle(HandleKind k) { return ctx_.NewVar("h", ctx_.GetHandleType(k)); }
};

TEST_F(PrefetchTest, HandlesFlowFromContextToWait) {
  const Var* ctx = Handle(HandleKind::kPrefetchAsyncContext);
  EXPECT_TYPE(TypeOf("prefetch.make_context", {}), ctx->type());
  EXPECT_TYPE(TypeOf("prefetch.async_prefetch", {TensorVar(DataType::kFP16, {1, 1, 4096}), ctx}),
              ctx_.GetHandleType(HandleKind::kAsyncEvent));
  EXPECT_TYPE(TypeOf("prefetch.async_prefetch", {TensorVar(DataType::kFP32, {64}), ctx}),
              ctx_.GetHandleType(HandleKind::kAsyncEvent));
  EXPECT_TYPE(TypeOf("prefetch.session", {ctx}), ctx_.GetHandleType(HandleKind::kAsyncSession));
  EXPECT_TYPE(TypeOf("prefetch.wait", {Handle(HandleKind::kAsyncEvent),
                                       Handle(HandleKind::kAsyncSession)}),
              ctx_.GetScalarType(DataType::kBool));
  EXPECT_TRUE(BuiltinOp("prefetch.async_prefetch").has_side_effects());
  EXPECT_TRUE(BuiltinOp("prefetch.wait").has_side_effects());
}

TEST_F(PrefetchTest, Rejects) {
  const Var* ctx = Handle(HandleKind::kPrefetchAsyncContext);
  EXPECT_THAT(ErrorOf("prefetch.async_prefetch", {TensorVar(DataType::kFP32, {2, 64}), ctx}),
              HasSubstr("src must be a flat contiguous 1-D region (every dimension but the last "
                        "1), but dimension 0 is 2"));
  const Var* n = ScalarVar(DataType::kIndex);
  const Expr* dims[] = {n};
  EXPECT_THAT(ErrorOf("prefetch.async_prefetch",
                      {ctx_.NewVar("y", ctx_.GetTensorType(DataType::kFP32, dims)), ctx}),
              HasSubstr("src must have a static shape"));
  EXPECT_THAT(ErrorOf("prefetch.async_prefetch", {TileVar(DataType::kFP32, {1, 64}), ctx}),
              HasSubstr("src must be"));
  EXPECT_EQ(ErrorOf("prefetch.async_prefetch",
                    {TensorVar(DataType::kFP32, {64}), Handle(HandleKind::kAsyncSession)}),
            "prefetch.async_prefetch: ctx must be a pl.PrefetchAsyncContext (from "
            "prefetch.make_context), got pl.AsyncSession");
  EXPECT_THAT(ErrorOf("prefetch.session", {ScalarVar(DataType::kInt32)}),
              HasSubstr("ctx must be a pl.PrefetchAsyncContext (from prefetch.make_context), got "
                        "ScalarType"));
  EXPECT_THAT(ErrorOf("prefetch.wait", {Handle(HandleKind::kAsyncSession),
                                        Handle(HandleKind::kAsyncSession)}),
              HasSubstr("event must be a pl.AsyncEvent"));
  EXPECT_THAT(ErrorOf("prefetch.wait", {Handle(HandleKind::kAsyncEvent), ctx}),
              HasSubstr("session must be a pl.AsyncSession"));
}

}  // namespace
}  // namespace pto::ir
