#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

using TensorGatherTest = OpTest;

std::vector<NamedAttr> Dim(int64_t d) { return {{"dim", AttrValue::Int(d)}}; }

TEST_F(TensorGatherTest, GatherTakesTheIndexShape) {
  const Var* x = TensorVar(DataType::kFP32, {16, 64});
  const Var* idx = TensorVar(DataType::kInt32, {16, 8});
  EXPECT_TYPE(TypeOf("tensor.gather", {x, idx}, Dim(-1)), Tensor(DataType::kFP32, {16, 8}));
  EXPECT_THAT(ErrorOf("tensor.gather", {x, idx}, Dim(2)),
              HasSubstr("tensor.gather: dim must be in [-2, 1], got 2"));
  EXPECT_THAT(ErrorOf("tensor.gather", {x, TensorVar(DataType::kInt16, {16, 8})}, Dim(1)),
              HasSubstr("needs INT32 indices, or INT16 indices with a 16-bit input"));
  EXPECT_THAT(ErrorOf("tensor.gather", {x, TensorVar(DataType::kInt32, {32, 8})}, Dim(1)),
              HasSubstr("index dimension 0 (32) exceeds the input dimension (16)"));
  EXPECT_THAT(ErrorOf("tensor.gather", {TensorVar(DataType::kInt8, {16, 64}), idx}, Dim(1)),
              HasSubstr("input dtype must be one of"));
}

TEST_F(TensorGatherTest, GatherMaskCompactsColumns) {
  const Var* x = TensorVar(DataType::kFP16, {16, 64});
  EXPECT_TYPE(TypeOf("tensor.gather_mask", {x}, {{"mask_pattern", AttrValue::Int(1)}}),
              Tensor(DataType::kFP16, {16, 32}));
  EXPECT_TYPE(TypeOf("tensor.gather_mask", {x}, {{"mask_pattern", AttrValue::Int(3)}}),
              Tensor(DataType::kFP16, {16, 16}));
  EXPECT_TYPE(TypeOf("tensor.gather_mask", {x},
                     {{"mask_pattern", AttrValue::Int(7)},
                      {"output_dtype", AttrValue::DType(DataType::kInt16)}}),
              Tensor(DataType::kInt16, {16, 64}));
  EXPECT_THAT(ErrorOf("tensor.gather_mask", {x}, {{"mask_pattern", AttrValue::Int(8)}}),
              HasSubstr("mask_pattern must be in [1, 7], got 8"));
  EXPECT_THAT(ErrorOf("tensor.gather_mask", {x},
                      {{"mask_pattern", AttrValue::Int(7)},
                       {"output_dtype", AttrValue::DType(DataType::kFP32)}}),
              HasSubstr("output_dtype FP32 must have the input's bit width"));
}

TEST_F(TensorGatherTest, GatherCompareGivesIndicesAndCounts) {
  const Var* x = TensorVar(DataType::kFP32, {16, 64});
  std::vector<NamedAttr> kw = {{"cmp_mode", AttrValue::Int(4)}, {"out_cols", AttrValue::Int(8)}};
  const Type* want[] = {Tensor(DataType::kInt32, {16, 8}), Tensor(DataType::kInt32, {1, 16})};
  EXPECT_TYPE(TypeOf("tensor.gather_compare", {x, ctx_.Float(0.5)}, kw), ctx_.GetTupleType(want));
  EXPECT_THAT(ErrorOf("tensor.gather_compare", {x, ScalarVar(DataType::kFP16)}, kw),
              HasSubstr("kvalue dtype FP16 must equal the input dtype FP32"));
  EXPECT_THAT(ErrorOf("tensor.gather_compare", {x, ctx_.Float(0.5)},
                      {{"cmp_mode", AttrValue::Int(6)}, {"out_cols", AttrValue::Int(8)}}),
              HasSubstr("cmp_mode must be in [0, 5]"));
}

TEST_F(TensorGatherTest, PagedGatherAndGatherRow) {
  const Var* kv = TensorVar(DataType::kFP16, {1024, 128});
  const Var* idx = TensorVar(DataType::kInt32, {1, 64});
  const Var* table = TensorVar(DataType::kInt32, {32});
  std::vector<NamedAttr> kw = {{"block_size", AttrValue::Int(128)},
                               {"size", AttrValue::Int(128)},
                               {"max_indices", AttrValue::Int(64)}};
  EXPECT_TYPE(TypeOf("tensor.paged_gather", {kv, idx, table}, kw),
              Tensor(DataType::kFP16, {64, 128}));
  kw.push_back({"is_trans", AttrValue::Bool(true)});
  EXPECT_TYPE(TypeOf("tensor.paged_gather", {kv, idx, table}, kw),
              Tensor(DataType::kFP16, {128, 64}));
  kw.push_back({"col_off", AttrValue::Int(8)});
  EXPECT_THAT(ErrorOf("tensor.paged_gather", {kv, idx, table}, kw),
              HasSubstr("col_off + size (136) exceeds the src columns (128)"));
  EXPECT_THAT(ErrorOf("tensor.paged_gather", {kv, TensorVar(DataType::kInt32, {2, 64}), table},
                      {{"block_size", AttrValue::Int(128)},
                       {"size", AttrValue::Int(128)},
                       {"max_indices", AttrValue::Int(64)}}),
              HasSubstr("indices must be 1-D or [1, n]"));

  const Type* acc_type =
      TypeOf("tensor.create_l1", {List({64, 128})}, {{"dtype", AttrValue::DType(DataType::kFP16)}});
  EXPECT_TYPE(acc_type, Tensor(DataType::kFP16, {64, 128}));
  const Var* acc = ctx_.NewVar("acc", acc_type);
  EXPECT_TYPE(TypeOf("tensor.gather_row", {acc, kv, List({0, 0}), List({5, 0}), List({1, 128})}),
              acc_type);
  EXPECT_THAT(ErrorOf("tensor.gather_row",
                      {acc, kv, List({0, 0}), List({5, 0}), ListOf({ScalarVar(DataType::kIndex),
                                                                     ctx_.Index(128)})}),
              HasSubstr("shapes[0] must be an int constant"));
  EXPECT_THAT(ErrorOf("tensor.gather_row", {acc, TensorVar(DataType::kFP32, {8, 128}),
                                            List({0, 0}), List({0, 0}), List({1, 128})}),
              HasSubstr("needs acc and src of one dtype, got FP16 and FP32"));
  EXPECT_TYPE(TypeOf("tensor.gather_row",
                     {acc, kv, List({0, 0}), List({5, 0}), List({4, 128}), List({3, 128})}),
              acc_type);
  EXPECT_THAT(ErrorOf("tensor.gather_row",
                      {acc, kv, List({0, 0}), List({5, 0}), List({4, 128}), List({5, 128})}),
              HasSubstr("tensor.gather_row: valid_shape[0] = 5 provably exceeds physical shape "
                        "extent 4"));
  EXPECT_EQ(BuiltinOp("tensor.gather_row").written_args(), 1u);
}

}  // namespace
}  // namespace pto::ir
