// system.*: task handles and the device's core counts.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

using SystemTaskTest = OpTest;

TEST_F(SystemTaskTest, TaskIds) {
  const Type* tid = ctx_.GetScalarType(DataType::kTaskId);
  EXPECT_TYPE(TypeOf("system.task_invalid", {}), tid);
  EXPECT_TYPE(TypeOf("system.task_dummy", {}), tid);
  EXPECT_FALSE(BuiltinOp("system.task_invalid").has_side_effects());
  EXPECT_TRUE(BuiltinOp("system.task_dummy").has_side_effects());
  EXPECT_TYPE(TypeOf("system.task_is_valid", {ctx_.NewVar("t", tid)}),
              ctx_.GetScalarType(DataType::kBool));
  EXPECT_EQ(ErrorOf("system.task_is_valid", {ScalarVar(DataType::kInt64)}),
            "system.task_is_valid: task_id must be a pl.Scalar[pl.TASK_ID], got "
            "pl.Scalar[pl.INT64]");
  EXPECT_THAT(ErrorOf("system.task_is_valid", {TensorVar(DataType::kInt64, {4})}),
              HasSubstr("task_id must be a ScalarType"));
  EXPECT_FALSE(Make("system.task_invalid", {ctx_.Index(0)}).ok());
}

TEST_F(SystemTaskTest, CoreCounts) {
  for (absl::string_view op : {"system.available_cluster_count", "system.available_aiv_count"}) {
    EXPECT_TYPE(TypeOf(op, {}), ctx_.GetScalarType(DataType::kInt32));
    EXPECT_FALSE(Make(op, {ctx_.Index(0)}).ok()) << op;
  }
}

}  // namespace
}  // namespace pto::ir
