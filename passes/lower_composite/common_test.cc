#include "passes/lower_composite/common.h"

#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::passes::lower_composite {
namespace {

using ir::DataType;
using ::testing::HasSubstr;

std::vector<int64_t> Values(const ir::MakeTuple* t) {
  std::vector<int64_t> out;
  for (const ir::Expr* e : t->elements()) {
    EXPECT_EQ(ir::ElementType(e->type()), DataType::kIndex);
    out.push_back(*ir::AsConstInt(e));
  }
  return out;
}

TEST(ChunkGeometryTest, CountsStorageBits) {
  ChunkGeometry fp32 = MakeChunkGeometry(DataType::kFP32);
  EXPECT_EQ(fp32.storage_bits, 32);
  EXPECT_EQ(fp32.chunk_elements, 4096);
  EXPECT_EQ(fp32.alignment_elements, 8);
  ChunkGeometry fp16 = MakeChunkGeometry(DataType::kFP16);
  EXPECT_EQ(fp16.chunk_elements, 8192);
  EXPECT_EQ(fp16.alignment_elements, 16);
  ChunkGeometry fp4 = MakeChunkGeometry(DataType::kFP4);
  EXPECT_EQ(fp4.storage_bits, 4);
  EXPECT_EQ(fp4.chunk_elements, 32768);
  EXPECT_EQ(fp4.alignment_elements, 64);
  EXPECT_EQ(MakeChunkGeometry(DataType::kInt8).chunk_elements, 16384);
  EXPECT_EQ(kChunkBytes, 16384);
  EXPECT_EQ(kTileAlignmentBytes, 32);
}

TEST(ChunkGeometryTest, SelectStaticChunkColsRoundsShortExtentsUp) {
  ir::Context ctx;
  ChunkGeometry g = MakeChunkGeometry(DataType::kFP32);
  EXPECT_EQ(SelectStaticChunkCols(g, ctx.Index(1)), 8);
  EXPECT_EQ(SelectStaticChunkCols(g, ctx.Index(3)), 8);
  EXPECT_EQ(SelectStaticChunkCols(g, ctx.Index(17)), 24);
  EXPECT_EQ(SelectStaticChunkCols(g, ctx.Index(4095)), 4096);
  EXPECT_EQ(SelectStaticChunkCols(g, ctx.Index(4096)), 4096);
  EXPECT_EQ(SelectStaticChunkCols(g, ctx.Index(65537)), 4096);
  EXPECT_EQ(SelectStaticChunkCols(g, ctx.Index(0)), 4096);
  const ir::Var* n = ctx.NewVar("n", ctx.GetScalarType(DataType::kIndex));
  EXPECT_EQ(SelectStaticChunkCols(g, n), 4096);
  EXPECT_EQ(SelectStaticChunkCols(MakeChunkGeometry(DataType::kFP16), ctx.Index(17)), 32);
}

TEST(ChunkGeometryTest, StageShapeFitsOneChunkAndTheTransfer) {
  ir::Context ctx;
  ChunkGeometry fp32 = MakeChunkGeometry(DataType::kFP32);
  auto stage = [&](const ChunkGeometry& g, std::vector<int64_t> shape) {
    return Values(MakeCollectiveStageShape(ctx, g, ctx.IndexList(shape)));
  };
  using V = std::vector<int64_t>;
  EXPECT_EQ(stage(fp32, {1, 17}), (V{1, 16}));  // rounded down to fit the transfer
  EXPECT_EQ(stage(fp32, {1, 64}), (V{1, 64}));
  EXPECT_EQ(stage(fp32, {1, 65537}), (V{1, 4096}));
  EXPECT_EQ(stage(fp32, {1, 3}), (V{1, 3}));  // below one alignment unit: as is
  EXPECT_EQ(stage(fp32, {2, 17}), (V{2, 16}));
  EXPECT_EQ(stage(fp32, {2, 65537}), (V{1, 4096}));
  EXPECT_EQ(stage(fp32, {int64_t{1} << 62, 4, 64}), (V{64, 64}));  // saturates, no overflow
  ChunkGeometry fp4 = MakeChunkGeometry(DataType::kFP4);
  EXPECT_EQ(stage(fp4, {1, 34}), (V{1, 34}));
  EXPECT_EQ(stage(fp4, {1, 66}), (V{1, 64}));
  EXPECT_EQ(stage(fp4, {1, 65536}), (V{1, 32768}));

  const ir::Var* n = ctx.NewVar("n", ctx.GetScalarType(DataType::kIndex));
  const ir::Expr* dynamic_cols[] = {ctx.Index(1), n};
  EXPECT_EQ(Values(MakeCollectiveStageShape(ctx, fp32, dynamic_cols)), (V{1, 4096}));
  const ir::Expr* dynamic_rows[] = {n, ctx.Index(16)};
  EXPECT_EQ(Values(MakeCollectiveStageShape(ctx, fp32, dynamic_rows)), (V{1, 16}));
}

TEST(ChunkGeometryTest, AlignedStageRejectsRowsShorterThanOneUnit) {
  ir::Context ctx;
  ChunkGeometry fp32 = MakeChunkGeometry(DataType::kFP32);
  absl::StatusOr<const ir::MakeTuple*> ok =
      MakeAlignedStageShape(ctx, fp32, DataType::kFP32, ctx.IndexList({1, 17}), "op");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(Values(*ok), (std::vector<int64_t>{1, 16}));
  EXPECT_EQ(Values(*MakeAlignedStageShape(ctx, fp32, DataType::kFP32, ctx.IndexList({1, 8}),
                                          "op")),
            (std::vector<int64_t>{1, 8}));
  absl::StatusOr<const ir::MakeTuple*> short_row =
      MakeAlignedStageShape(ctx, fp32, DataType::kFP32, ctx.IndexList({1, 7}), "pld.tensor.x");
  EXPECT_EQ(short_row.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(short_row.status().message(),
            "pld.tensor.x: a transfer row of 7 FP32 elements is shorter than one 32-byte unit (8 "
            "elements); no aligned staging tile fits it");
  const ir::Var* n = ctx.NewVar("n", ctx.GetScalarType(DataType::kIndex));
  const ir::Expr* dynamic[] = {ctx.Index(1), n};
  EXPECT_EQ(Values(*MakeAlignedStageShape(ctx, fp32, DataType::kFP32, dynamic, "op")),
            (std::vector<int64_t>{1, 4096}));
}

TEST(CollapseTest, ProductFoldsConstants) {
  ir::Context ctx;
  EXPECT_EQ(ir::AsConstInt(ProductExtent(ctx, ctx.IndexList({2, 3, 4}))), 24);
  EXPECT_EQ(ir::AsConstInt(ProductExtent(ctx, {})), 1);
  const ir::Var* n = ctx.NewVar("n", ctx.GetScalarType(DataType::kIndex));
  const ir::Expr* dims[] = {ctx.Index(1), n};
  EXPECT_EQ(ProductExtent(ctx, dims), n);
}

TEST(CollapseTest, LinearPrefixAndLeadingCollapse) {
  ir::Context ctx;
  auto prefix = [&](std::vector<int64_t> shape, std::vector<int64_t> valid) {
    return IsRowMajorLinearPrefix(ctx.IndexList(shape), ctx.IndexList(valid));
  };
  auto leading = [&](std::vector<int64_t> shape, std::vector<int64_t> valid) {
    return IsLeadingDimCollapseContiguous(ctx.IndexList(shape), ctx.IndexList(valid));
  };
  EXPECT_TRUE(prefix({2, 3, 4}, {1, 3, 4}));
  EXPECT_TRUE(prefix({2, 3, 4}, {1, 1, 3}));
  EXPECT_TRUE(prefix({2, 3, 4}, {2, 3, 4}));
  EXPECT_FALSE(prefix({2, 3, 4}, {1, 3, 2}));
  EXPECT_FALSE(prefix({2, 3, 4}, {2, 2, 4}));
  EXPECT_FALSE(prefix({2, 3}, {2}));
  EXPECT_TRUE(leading({2, 3, 4}, {1, 3, 2}));
  EXPECT_TRUE(leading({2, 3, 4}, {1, 2, 4}));
  EXPECT_TRUE(leading({64, 64}, {1, 7}));
  EXPECT_FALSE(leading({2, 3, 4}, {2, 2, 4}));
  EXPECT_FALSE(leading({}, {}));
  const ir::Var* n = ctx.NewVar("n", ctx.GetScalarType(DataType::kIndex));
  const ir::Expr* shape[] = {ctx.Index(2), n, ctx.Index(4)};
  const ir::Expr* valid[] = {ctx.Index(1), n, ctx.Index(4)};
  EXPECT_TRUE(IsRowMajorLinearPrefix(shape, valid));
}

TEST(CollapseTest, PackedNdTargets) {
  ir::Context ctx;
  auto check = [&](ir::TensorView view, std::vector<int64_t> shape) {
    return CheckPackedNdTarget(
        ctx, *ctx.GetDistributedTensorType(DataType::kFP32, ctx.IndexList(shape), view), "op");
  };
  EXPECT_TRUE(check({}, {2, 3, 4}).ok());
  ir::TensorView packed;
  packed.stride = ctx.IndexList({12, 4, 1});
  EXPECT_TRUE(check(packed, {2, 3, 4}).ok());
  ir::TensorView strided;
  strided.stride = ctx.IndexList({100, 10, 1});
  EXPECT_EQ(check(strided, {2, 3, 4}).message(),
            "op: target shape reinterpret requires a packed source; stride [100, 10, 1] is not "
            "the row-major stride of [2, 3, 4]");
  ir::TensorView dn;
  dn.layout = ir::TensorLayout::kDN;
  EXPECT_EQ(check(dn, {4, 16}).message(), "op: target view only supports ND layout, got DN");
}

TEST(MeshSignalTest, AcceptsOneCellPerRank) {
  ir::Context ctx;
  EXPECT_TRUE(ValidateMeshSignalShape(
                  ctx.GetDistributedTensorType(DataType::kInt32, ctx.IndexList({4, 1})), "op")
                  .ok());
  const ir::Var* n = ctx.NewVar("n", ctx.GetScalarType(DataType::kIndex));
  const ir::Expr* symbolic[] = {ctx.Index(4), n};
  EXPECT_TRUE(ValidateMeshSignalShape(ctx.GetDistributedTensorType(DataType::kInt32, symbolic),
                                      "op")
                  .ok());
}

TEST(MeshSignalTest, Rejects) {
  ir::Context ctx;
  absl::Status plain = ValidateMeshSignalShape(
      ctx.GetTensorType(DataType::kInt32, ctx.IndexList({4, 1})), "pld.tensor.barrier");
  EXPECT_EQ(plain.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(plain.message(), "pld.tensor.barrier: signal must be a DistributedTensor");
  EXPECT_EQ(ValidateMeshSignalShape(
                ctx.GetDistributedTensorType(DataType::kInt32, ctx.IndexList({4})), "op")
                .message(),
            "op: signal must be 2D [NR, 1], got rank 1");
  EXPECT_THAT(ValidateMeshSignalShape(
                  ctx.GetDistributedTensorType(DataType::kInt32, ctx.IndexList({2, 2})), "op")
                  .message(),
              HasSubstr("op: signal shape[1] must be 1 (one cell per rank), got 2; a signal "
                        "shaped for mode=\"ring\" allreduce"));
}

}  // namespace
}  // namespace pto::passes::lower_composite
