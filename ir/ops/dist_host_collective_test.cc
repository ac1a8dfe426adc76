// builtin.tensor.*: the host-level collective dispatches.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class HostCollectiveTest : public OpTest {
 protected:
  const Var* Window(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("w", ctx_.GetDistributedTensorType(dtype, Dims(shape)));
  }
  NamedAttr Int(absl::string_view k, int64_t v) { return {k, AttrValue::Int(v)}; }
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

TEST_F(HostCollectiveTest, EachReturnsItsWindow) {
  const Var* w = Window(DataType::kFP32, {4, 64});
  const Var* one = Window(DataType::kFP32, {1, 64});
  const Var* in = Window(DataType::kFP32, {4, 64});
  const Var* sig = Window(DataType::kInt32, {4});
  const Var* col = Window(DataType::kInt32, {4, 1});
  const Var* ring = Window(DataType::kInt32, {7, 4});
  const Var* h = Window(DataType::kFP16, {4, 64});
  auto fp32 = DType(DataType::kFP32);
  EXPECT_TYPE(TypeOf("builtin.tensor.allreduce", {w, sig}, {Int("op", 1), fp32, Int("core_num", 1)}),
              w->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.allreduce", {h, Window(DataType::kInt32, {4, 2})},
                     {Int("op", 0), DType(DataType::kFP16), Int("core_num", 2)}),
              h->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.allreduce_ring", {w, ring}, {Int("op", 0), fp32}), w->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.barrier", {sig}), sig->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.broadcast", {w, sig}, {Int("root", 2), fp32}), w->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.reduce_scatter", {w, sig}, {Int("op", 0), fp32}), w->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.allgather", {one, w, col}, {fp32}), w->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.all_to_all", {in, w, sig}, {fp32}), w->type());
  EXPECT_TYPE(TypeOf("builtin.tensor.all_to_all_v", {in, w, col, sig, col}, {fp32}), w->type());
}

TEST_F(HostCollectiveTest, Rejects) {
  const Var* w = Window(DataType::kFP32, {4, 64});
  const Var* in = Window(DataType::kFP32, {4, 64});
  const Var* sig = Window(DataType::kInt32, {4});
  const Var* col = Window(DataType::kInt32, {4, 1});
  auto fp32 = DType(DataType::kFP32);
  EXPECT_THAT(ErrorOf("builtin.tensor.allreduce", {w, sig}, {Int("op", 0), fp32, Int("core_num", 2)}),
              HasSubstr("a rank-1 signal serves core_num=1 only"));
  EXPECT_THAT(ErrorOf("builtin.tensor.allreduce", {w, col}, {Int("op", 0), fp32, Int("core_num", 2)}),
              HasSubstr("signal dim 1 (1) must be a constant of at least core_num (2)"));
  EXPECT_EQ(ErrorOf("builtin.tensor.allreduce", {w, sig},
                    {Int("op", 0), DType(DataType::kFP16), Int("core_num", 1)}),
            "builtin.tensor.allreduce: dtype kwarg FP16 must match the data dtype FP32");
  EXPECT_THAT(ErrorOf("builtin.tensor.allreduce_ring", {w, Window(DataType::kInt32, {6, 4})},
                      {Int("op", 0), fp32}),
              HasSubstr("signal dim 0 (6) must be 2*(NR-1) + 1 = 7 for NR = 4"));
  EXPECT_THAT(ErrorOf("builtin.tensor.allreduce_ring", {w, Window(DataType::kInt32, {7, 4})},
                      {Int("op", 1), fp32}),
              HasSubstr("supports only op=0 (Sum), got 1"));
  EXPECT_THAT(ErrorOf("builtin.tensor.allreduce_ring",
                      {Window(DataType::kFP32, {3, 3}), Window(DataType::kInt32, {7, 4})},
                      {Int("op", 0), fp32}),
              HasSubstr("src has 9 elements, not a multiple of NR = 4"));
  EXPECT_THAT(ErrorOf("builtin.tensor.barrier", {col}), HasSubstr("signal must be [NR], got [4, 1]"));
  EXPECT_THAT(ErrorOf("builtin.tensor.barrier", {Window(DataType::kFP32, {4})}),
              HasSubstr("signal must have INT32 elements"));
  EXPECT_THAT(ErrorOf("builtin.tensor.broadcast", {w, sig}, {Int("root", -1), fp32}),
              HasSubstr("root must be a rank (>= 0), got -1"));
  EXPECT_THAT(ErrorOf("builtin.tensor.broadcast", {Window(DataType::kFP16, {4, 64}), sig},
                      {Int("root", 0), DType(DataType::kFP16)}),
              HasSubstr("dtype must be one of"));
  EXPECT_THAT(ErrorOf("builtin.tensor.reduce_scatter", {Window(DataType::kFP32, {64}), sig},
                      {Int("op", 0), fp32}),
              HasSubstr("target must be 2-D [NR, SIZE]"));
  EXPECT_THAT(ErrorOf("builtin.tensor.allgather", {w, w, col}, {fp32}),
              HasSubstr("input and target must be different windows"));
  EXPECT_THAT(ErrorOf("builtin.tensor.allgather", {in, w, col}, {fp32}),
              HasSubstr("input must be this rank's chunk [1, SIZE], got [4, 64]"));
  EXPECT_THAT(ErrorOf("builtin.tensor.all_to_all", {Window(DataType::kFP32, {4, 32}), w, sig}, {fp32}),
              HasSubstr("input and target must have one SIZE (dim 1)"));
  EXPECT_THAT(ErrorOf("builtin.tensor.all_to_all", {Window(DataType::kFP32, {2, 64}), w, sig}, {fp32}),
              HasSubstr("input and target must have one dim 0"));
  EXPECT_THAT(ErrorOf("builtin.tensor.all_to_all_v", {in, w, sig, sig, col}, {fp32}),
              HasSubstr("signal must be a static [NR, 1], got [4]"));
  EXPECT_THAT(ErrorOf("builtin.tensor.all_to_all_v",
                      {in, w, Window(DataType::kInt32, {3, 1}), sig, col}, {fp32}),
              HasSubstr("target dim 0 (4) must be a constant multiple of NR = 3"));
  EXPECT_THAT(ErrorOf("builtin.tensor.all_to_all_v", {in, w, col, sig, sig}, {fp32}),
              HasSubstr("recv_counts must be [NR, 1] = [4, 1], got [4]"));
}

}  // namespace
}  // namespace pto::ir
