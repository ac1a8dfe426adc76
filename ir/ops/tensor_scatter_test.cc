#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

using TensorScatterTest = OpTest;

TEST_F(TensorScatterTest, ScatterKeepsTheInputType) {
  const Var* x = TensorVar(DataType::kFP32, {16, 64});
  const Var* idx = TensorVar(DataType::kInt32, {16, 8});
  const Var* src = TensorVar(DataType::kFP32, {16, 8});
  std::vector<NamedAttr> dim = {{"dim", AttrValue::Int(-1)}};
  EXPECT_TYPE(TypeOf("tensor.scatter", {x, idx, src}, dim), x->type());
  EXPECT_THAT(ErrorOf("tensor.scatter", {x, TensorVar(DataType::kInt16, {16, 8}), src}, dim),
              HasSubstr("an input of FP32 needs a 32-bit index, got INT16"));
  EXPECT_THAT(ErrorOf("tensor.scatter", {x, idx, src}, {{"dim", AttrValue::Int(0)}}),
              HasSubstr("supports only dim=-1"));
  EXPECT_THAT(ErrorOf("tensor.scatter", {x, TensorVar(DataType::kInt32, {16, 4}), src}, dim),
              HasSubstr("needs src and index columns equal, got 8 and 4"));
  EXPECT_THAT(ErrorOf("tensor.scatter", {x, idx, TensorVar(DataType::kFP16, {16, 8})}, dim),
              HasSubstr("src dtype FP16 must match the input dtype FP32"));
}

TEST_F(TensorScatterTest, ScatterMaskTakesTheDestination) {
  const Var* x = TensorVar(DataType::kFP16, {16, 32});
  const Var* dst = TensorVar(DataType::kFP16, {16, 64});
  EXPECT_TYPE(TypeOf("tensor.scatter_mask", {x, dst}, {{"mask_pattern", AttrValue::Int(2)}}),
              dst->type());
  EXPECT_THAT(ErrorOf("tensor.scatter_mask", {x, dst}, {{"mask_pattern", AttrValue::Int(4)}}),
              HasSubstr("mask_pattern 4 needs dst columns (64) == input columns (32) * 4"));
  EXPECT_THAT(ErrorOf("tensor.scatter_mask", {x, dst}, {{"mask_pattern", AttrValue::Int(0)}}),
              HasSubstr("mask_pattern must be in [1, 7], got 0"));
}

TEST_F(TensorScatterTest, ScatterUpdateTakesRowsAtIndices) {
  const Var* cache = TensorVar(DataType::kBF16, {128, 64});
  const Var* idx = TensorVar(DataType::kInt64, {2, 4});
  const Var* rows = TensorVar(DataType::kBF16, {8, 64});
  EXPECT_TYPE(TypeOf("tensor.scatter_update", {cache, idx, rows}), cache->type());
  EXPECT_THAT(ErrorOf("tensor.scatter_update", {cache, idx, rows}, {{"dim", AttrValue::Int(-1)}}),
              HasSubstr("supports only dim=-2, got -1"));
  EXPECT_THAT(ErrorOf("tensor.scatter_update",
                      {TensorVar(DataType::kBF16, {2, 4, 64}), idx, rows}),
              HasSubstr("needs a 2-D or 4-D input, got rank 3"));
  EXPECT_THAT(ErrorOf("tensor.scatter_update", {cache, TensorVar(DataType::kFP32, {2, 4}), rows}),
              HasSubstr("needs an integer index, got FP32"));
}

}  // namespace
}  // namespace pto::ir
