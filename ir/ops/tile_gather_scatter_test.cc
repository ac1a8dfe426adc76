#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileGatherScatterTest : public OpTest {
 protected:
  NamedAttr Pattern(int64_t p) { return {"mask_pattern", AttrValue::Int(p)}; }
};

TEST_F(TileGatherScatterTest, Gather) {
  const Var* src = TileVar(DataType::kFP32, {1, 256});
  const Var* idx = TileVar(DataType::kInt32, {8, 32});
  const Var* tmp = TileVar(DataType::kInt32, {8, 32});
  EXPECT_TYPE(TypeOf("tile.gather", {src, idx, tmp}), Tile(DataType::kFP32, {8, 32}));
  EXPECT_TYPE(TypeOf("tile.gather", {TileVar(DataType::kFP16, {1, 256}),
                                     TileVar(DataType::kInt16, {8, 32}), tmp}),
              Tile(DataType::kFP16, {8, 32}));
  EXPECT_THAT(ErrorOf("tile.gather", {src, TileVar(DataType::kInt16, {8, 32}), tmp}),
              HasSubstr("tile.gather: requires INT32 indices (or INT16 with a 16-bit src), got "
                        "INT16"));
}

TEST_F(TileGatherScatterTest, GatherbScalesOffsetsByBlocks) {
  const Var* src = TileVar(DataType::kFP32, {16, 64});
  const Var* off = TileVar(DataType::kUInt32, {4, 8});
  // One 32-byte block = 8 FP32 elements per offset.
  EXPECT_TYPE(TypeOf("tile.gatherb", {src, off}), Tile(DataType::kFP32, {4, 64}));
  EXPECT_TYPE(TypeOf("tile.gatherb", {src, off},
                     {{"output_dtype", AttrValue::DType(DataType::kFP16)}}),
              Tile(DataType::kFP16, {4, 128}));
  EXPECT_THAT(ErrorOf("tile.gatherb", {src, TileVar(DataType::kInt32, {4, 8})}),
              HasSubstr("tile.gatherb: requires a UINT32 offset tile, got INT32"));
  EXPECT_THAT(ErrorOf("tile.gatherb", {src, TileVar(DataType::kUInt32, {4, 6})}),
              HasSubstr("requires static offset columns that are a positive multiple of 8"));
}

TEST_F(TileGatherScatterTest, GatherMask) {
  const Var* src = TileVar(DataType::kFP32, {8, 64});
  EXPECT_TYPE(TypeOf("tile.gather_mask", {src}, {Pattern(1)}), Tile(DataType::kFP32, {8, 32}));
  EXPECT_TYPE(TypeOf("tile.gather_mask", {src}, {Pattern(3)}), Tile(DataType::kFP32, {8, 16}));
  EXPECT_TYPE(TypeOf("tile.gather_mask", {src}, {Pattern(7), {"output_dtype",
                                                              AttrValue::DType(DataType::kInt32)}}),
              Tile(DataType::kInt32, {8, 64}));
  EXPECT_THAT(ErrorOf("tile.gather_mask", {src}, {Pattern(0)}),
              HasSubstr("tile.gather_mask: requires mask_pattern in 1..7, got 0"));
  EXPECT_THAT(ErrorOf("tile.gather_mask", {src},
                      {Pattern(1), {"output_dtype", AttrValue::DType(DataType::kFP16)}}),
              HasSubstr("requires output_dtype of the src width (FP32), got FP16"));
}

TEST_F(TileGatherScatterTest, GatherCompareReturnsIndicesAndCounts) {
  const Var* src = TileVar(DataType::kFP32, {8, 64});
  const Var* k = ScalarVar(DataType::kFP32);
  const Var* tmp = TileVar(DataType::kUInt8, {8, 64});
  std::vector<NamedAttr> kw = {{"out_cols", AttrValue::Int(16)}};
  const Type* elements[] = {Tile(DataType::kInt32, {8, 16}), Tile(DataType::kInt32, {1, 8})};
  EXPECT_TYPE(TypeOf("tile.gather_compare", {src, k, tmp}, kw), ctx_.GetTupleType(elements));
  EXPECT_THAT(ErrorOf("tile.gather_compare", {src, ScalarVar(DataType::kFP16), tmp}, kw),
              HasSubstr("tile.gather_compare: requires kvalue dtype FP32, got FP16"));
  EXPECT_THAT(ErrorOf("tile.gather_compare", {src, k, tmp},
                      {{"out_cols", AttrValue::Int(16)}, {"cmp_mode", AttrValue::Int(6)}}),
              HasSubstr("requires cmp_mode in 0..5"));
  EXPECT_THAT(ErrorOf("tile.gather_compare", {src, k, tmp},
                      {{"out_cols", AttrValue::Int(16)},
                       {"count_dtype", AttrValue::DType(DataType::kInt16)}}),
              HasSubstr("count_dtype"));
}

TEST_F(TileGatherScatterTest, GatherRowReturnsDst) {
  const Var* dst = TileVar(DataType::kBF16, {64, 128}, MemorySpace::kMat);
  const Var* src = TensorVar(DataType::kBF16, {4096, 128});
  EXPECT_TYPE(TypeOf("tile.gather_row", {dst, src, List({3, 0}), List({77, 0}), List({1, 128})}),
              dst->type());
  EXPECT_THAT(ErrorOf("tile.gather_row", {dst, TensorVar(DataType::kFP16, {4096, 128}),
                                          List({3, 0}), List({77, 0}), List({1, 128})}),
              HasSubstr("tile.gather_row: requires dst and src of the same dtype"));
  EXPECT_TYPE(TypeOf("tile.gather_row",
                     {dst, src, List({3, 0}), List({77, 0}), List({4, 128}), List({4, 64})}),
              dst->type());
  EXPECT_THAT(ErrorOf("tile.gather_row",
                      {dst, src, List({3, 0}), List({77, 0}), List({4, 128}), List({5, 128})}),
              HasSubstr("tile.gather_row: valid_shape[0] = 5 provably exceeds physical shape "
                        "extent 4"));
  EXPECT_THAT(ErrorOf("tile.gather_row", {dst, src, List({3}), List({77, 0}), List({1, 128})}),
              HasSubstr("dst_offset must have 2 elements, got 1"));
}

TEST_F(TileGatherScatterTest, Scatter) {
  const Var* dst = TileVar(DataType::kFP32, {16, 64});
  const Var* src = TileVar(DataType::kFP32, {4, 8});
  EXPECT_TYPE(TypeOf("tile.scatter", {dst, src, TileVar(DataType::kInt32, {4, 8})}), dst->type());
  EXPECT_THAT(ErrorOf("tile.scatter", {dst, src, TileVar(DataType::kInt16, {4, 8})}),
              HasSubstr("tile.scatter: with FP32 data requires INT32 indexes, got INT16"));
  EXPECT_THAT(ErrorOf("tile.scatter", {dst, src, TileVar(DataType::kInt32, {4, 4})}),
              HasSubstr("requires indexes of the src shape [4, 8], got [4, 4]"));
  EXPECT_TYPE(TypeOf("tile.scatter_mask", {dst, TileVar(DataType::kFP32, {16, 32})}, {Pattern(2)}),
              dst->type());
  EXPECT_THAT(ErrorOf("tile.scatter_mask", {dst, TileVar(DataType::kFP32, {16, 32})},
                      {Pattern(3)}),
              HasSubstr("tile.scatter_mask: mask stride 4 needs dst = [src rows, src cols * 4]"));
}

}  // namespace
}  // namespace pto::ir
