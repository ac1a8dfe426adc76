#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

using TensorSortTest = OpTest;

TEST_F(TensorSortTest, Sort32DoublesTheLastAxis) {
  const Var* x = TensorVar(DataType::kFP32, {1, 64});
  const Var* idx = TensorVar(DataType::kUInt32, {1, 64});
  EXPECT_TYPE(TypeOf("tensor.sort32", {x, idx}), Tensor(DataType::kFP32, {1, 128}));
  EXPECT_THAT(ErrorOf("tensor.sort32", {TensorVar(DataType::kFP32, {1, 48}),
                                        TensorVar(DataType::kUInt32, {1, 48})}),
              HasSubstr("tensor.sort32: needs a last dimension that is a positive multiple of 32"));
  EXPECT_THAT(ErrorOf("tensor.sort32", {x, TensorVar(DataType::kInt32, {1, 64})}),
              HasSubstr("idx dtype must be one of {UINT32}"));
  EXPECT_THAT(ErrorOf("tensor.sort32", {TensorVar(DataType::kInt32, {1, 64}), idx}),
              HasSubstr("src dtype must be one of {FP16, FP32}"));
}

TEST_F(TensorSortTest, MergeSorts) {
  const Var* x = TensorVar(DataType::kFP16, {1, 256});
  EXPECT_TYPE(TypeOf("tensor.mrgsort_format1", {x, ctx_.Index(64)}), x->type());
  EXPECT_THAT(ErrorOf("tensor.mrgsort_format1", {x, ctx_.Index(32)}),
              HasSubstr("block_len must be a positive multiple of 64, got 32"));
  const Var* y = TensorVar(DataType::kFP16, {1, 128});
  EXPECT_TYPE(TypeOf("tensor.mrgsort_format2", {x, y}), Tensor(DataType::kFP16, {1, 384}));
  EXPECT_TYPE(TypeOf("tensor.mrgsort_format2", {x, y, y, y}), Tensor(DataType::kFP16, {1, 640}));
  EXPECT_THAT(ErrorOf("tensor.mrgsort_format2", {x, TensorVar(DataType::kFP32, {1, 128})}),
              HasSubstr("argument 1 has dtype FP32, expected FP16"));
  EXPECT_THAT(ErrorOf("tensor.mrgsort_format2", {x, TensorVar(DataType::kFP16, {2, 128})}),
              HasSubstr("argument 1 differs from src0 in dimension 0"));
}

}  // namespace
}  // namespace pto::ir
