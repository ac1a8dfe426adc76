// pld.tensor.put / pld.tensor.get and the remote stores.

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class DistTransferTest : public OpTest {
 protected:
  const Var* Window(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("w", ctx_.GetDistributedTensorType(dtype, Dims(shape)));
  }
  NamedAttr Atomic(AtomicType a) { return {"atomic", AttrValue::Enum(a)}; }
  NamedAttr Int(absl::string_view k, int64_t v) { return {k, AttrValue::Int(v)}; }
};

TEST_F(DistTransferTest, PutAndGet) {
  const Var* w = Window(DataType::kFP32, {4, 64});
  const Var* x = TensorVar(DataType::kFP32, {4, 64});
  const Var* peer = ScalarVar(DataType::kInt32);
  const Type* none = ctx_.GetUnknownType();
  absl::StatusOr<const Call*> put = Make("pld.tensor.put", {w, peer, x});
  ASSERT_TRUE(put.ok()) << put.status();
  EXPECT_TYPE((*put)->type(), none);
  EXPECT_EQ((*put)->kwargs().size(), 1u);  // atomic defaults to None_
  EXPECT_TYPE(TypeOf("pld.tensor.put", {w, peer, x, List({1, 0}), List({0, 0}), List({1, 64})},
                     {Atomic(AtomicType::kAdd), Int("chunk_cols", 32)}),
              none);
  EXPECT_TYPE(TypeOf("pld.tensor.get", {x, peer, w}), none);
  EXPECT_TYPE(TypeOf("pld.tensor.get", {x, peer, w},
                     {Int("chunk_rows", 2), Int("chunk_cols", 32), {"pipeline", AttrValue::Bool(true)}}),
              none);
  EXPECT_EQ(BuiltinOp("pld.tensor.put").written_args(), 1u);
  EXPECT_EQ(BuiltinOp("pld.tensor.get").written_args(), 1u);
}

TEST_F(DistTransferTest, PutAndGetReject) {
  const Var* w = Window(DataType::kFP32, {4, 64});
  const Var* x = TensorVar(DataType::kFP32, {4, 64});
  const Var* peer = ScalarVar(DataType::kInt32);
  EXPECT_THAT(ErrorOf("pld.tensor.put", {x, peer, x}),
              HasSubstr("dst must be a DistributedTensor (window-bound), got TensorType"));
  EXPECT_THAT(ErrorOf("pld.tensor.get", {x, peer, x}),
              HasSubstr("src must be a DistributedTensor (window-bound), got TensorType"));
  EXPECT_THAT(ErrorOf("pld.tensor.put", {w, peer, TensorVar(DataType::kFP16, {4, 64})}),
              HasSubstr("dst and src must have one dtype, got FP32 and FP16"));
  EXPECT_THAT(ErrorOf("pld.tensor.put", {w, peer, TensorVar(DataType::kFP32, {2, 64})}),
              HasSubstr("the full-slice form needs dst and src of one shape"));
  EXPECT_THAT(ErrorOf("pld.tensor.put", {w, peer, x, List({0, 0})}),
              HasSubstr("takes 3 arguments (full slice) or 6 (with dst_offsets, src_offsets and "
                        "shape), got 4"));
  EXPECT_THAT(ErrorOf("pld.tensor.put", {w, peer, x, List({3, 0}), List({0, 0}), List({2, 64})}),
              HasSubstr("the dst region ends past dimension 0"));
  EXPECT_THAT(ErrorOf("pld.tensor.put", {Window(DataType::kUInt8, {4, 64}), peer,
                                         TensorVar(DataType::kUInt8, {4, 64})},
                      {Atomic(AtomicType::kAdd)}),
              HasSubstr("dtype with atomic Add"));
  EXPECT_THAT(ErrorOf("pld.tensor.get", {x, peer, w}, {Int("chunk_rows", -1)}),
              HasSubstr("chunk_rows must be non-negative"));
  EXPECT_THAT(ErrorOf("pld.tensor.get", {x, peer, w},
                      {Int("chunk_rows", 2), {"pipeline", AttrValue::Bool(true)}}),
              HasSubstr("pipeline=True needs both chunk_rows and chunk_cols"));
  // A symbolic transfer needs the chunk that bounds it.
  const Var* n = ScalarVar(DataType::kIndex);
  const Expr* dims[] = {ctx_.Index(4), n};
  const Var* wn = ctx_.NewVar("wn", ctx_.GetDistributedTensorType(DataType::kFP32, dims));
  const Var* xn = ctx_.NewVar("xn", ctx_.GetTensorType(DataType::kFP32, dims));
  EXPECT_THAT(ErrorOf("pld.tensor.put", {wn, peer, xn}),
              HasSubstr("a symbolic innermost transfer dim needs chunk_cols"));
  EXPECT_TYPE(TypeOf("pld.tensor.put", {wn, peer, xn}, {Int("chunk_cols", 64)}),
              ctx_.GetUnknownType());
}

TEST_F(DistTransferTest, RemoteStores) {
  const Var* w = Window(DataType::kFP32, {4, 64});
  const Var* peer = ScalarVar(DataType::kInt32);
  const Type* none = ctx_.GetUnknownType();
  EXPECT_TYPE(TypeOf("pld.tile.remote_store", {TileVar(DataType::kFP32, {1, 64}), w, peer,
                                               List({3, 0})}),
              none);
  EXPECT_TYPE(TypeOf("pld.tensor.remote_store", {TensorVar(DataType::kFP32, {2, 32}), w, peer,
                                                 List({2, 32})},
                     {Atomic(AtomicType::kAdd)}),
              none);
  // Leading dims of 1 fold away.
  EXPECT_TYPE(TypeOf("pld.tensor.remote_store",
                     {TensorVar(DataType::kFP32, {1, 1, 64}), w, peer, List({0, 0})}),
              none);
  EXPECT_EQ(BuiltinOp("pld.tile.remote_store").written_args(), 2u);
  EXPECT_EQ(BuiltinOp("pld.tensor.remote_store").written_args(), 2u);
}

TEST_F(DistTransferTest, RemoteStoresReject) {
  const Var* w = Window(DataType::kFP32, {4, 64});
  const Var* peer = ScalarVar(DataType::kInt32);
  const Var* t = TileVar(DataType::kFP32, {2, 64});
  EXPECT_THAT(ErrorOf("pld.tile.remote_store", {t, w, peer, List({3, 0})}),
              HasSubstr("the push ends past dimension 0: offset 3 + extent 2 exceeds 4"));
  EXPECT_THAT(ErrorOf("pld.tile.remote_store", {t, w, peer, List({0})}),
              HasSubstr("offsets has 1 elements; the tensor has rank 2"));
  EXPECT_THAT(ErrorOf("pld.tile.remote_store", {TileVar(DataType::kFP16, {2, 64}), w, peer,
                                                List({0, 0})}),
              HasSubstr("src dtype FP16 must match the target dtype FP32"));
  EXPECT_THAT(ErrorOf("pld.tile.remote_store", {TensorVar(DataType::kFP32, {2, 64}), w, peer,
                                                List({0, 0})}),
              HasSubstr("src_tile must be a TileType"));
  EXPECT_THAT(ErrorOf("pld.tensor.remote_store", {w, w, peer, List({0, 0})}),
              HasSubstr("src must be a plain Tensor"));
  EXPECT_THAT(ErrorOf("pld.tensor.remote_store", {TensorVar(DataType::kFP32, {2, 2, 8}), w, peer,
                                                  List({0, 0})}),
              HasSubstr("src leading dimension 0 must be 1"));
  EXPECT_THAT(ErrorOf("pld.tensor.remote_store", {TensorVar(DataType::kFP32, {64}), w, peer,
                                                  List({0, 0})}),
              HasSubstr("src must be at least 2-D"));
  EXPECT_THAT(ErrorOf("pld.tensor.remote_store", {TensorVar(DataType::kFP32, {1, 64}),
                                                  Window(DataType::kFP32, {64}), peer, List({0})}),
              HasSubstr("target must have rank >= 2"));
}

}  // namespace
}  // namespace pto::ir
