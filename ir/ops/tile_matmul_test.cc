#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileMatmulTest : public OpTest {
 protected:
  // An Acc tile with the given valid shape (compact when rows are narrowed).
  const TileType* Acc(DataType dtype, std::initializer_list<int64_t> shape,
                      std::initializer_list<int64_t> valid, bool compact = false) {
    TileView v = ImplicitTileView(MemorySpace::kAcc, TileLayout::kRowMajor);
    v.valid_shape = Dims(valid);
    if (compact) v.compact = CompactMode::kNormal;
    return ctx_.GetTileType(dtype, Dims(shape), MemorySpace::kAcc, &v);
  }
  const Var* V(const Type* t) { return ctx_.NewVar("v", t); }
  NamedAttr Phase(absl::string_view p) { return {"acc_phase", AttrValue::String(p)}; }
};

TEST_F(TileMatmulTest, MatmulLandsInAccWithTheAccumulatorDtype) {
  const auto* a = TileVar(DataType::kBF16, {32, 64}, MemorySpace::kLeft);
  const auto* b = TileVar(DataType::kBF16, {64, 16}, MemorySpace::kRight);
  EXPECT_TYPE(TypeOf("tile.matmul", {a, b}), Tile(DataType::kFP32, {32, 16}, MemorySpace::kAcc));
  const auto* ia = TileVar(DataType::kInt8, {16, 32}, MemorySpace::kLeft);
  const auto* ib = TileVar(DataType::kInt8, {32, 16}, MemorySpace::kRight);
  EXPECT_TYPE(TypeOf("tile.matmul", {ia, ib}), Tile(DataType::kInt32, {16, 16}, MemorySpace::kAcc));
  // Narrowed valid M: the Acc tile is compact.
  const auto* na = V(TileWithValid(DataType::kFP16, {32, 64}, {20, 64}, MemorySpace::kLeft));
  const auto* nb = TileVar(DataType::kFP16, {64, 16}, MemorySpace::kRight);
  EXPECT_TYPE(TypeOf("tile.matmul", {na, nb}), Acc(DataType::kFP32, {32, 16}, {20, 16}, true));
}

TEST_F(TileMatmulTest, MatmulRejects) {
  const auto* a = TileVar(DataType::kBF16, {32, 64}, MemorySpace::kLeft);
  EXPECT_THAT(ErrorOf("tile.matmul", {a, TileVar(DataType::kBF16, {32, 16})}),
              HasSubstr("tile.matmul: requires matching physical K, got lhs K=64 and rhs K=32"));
  EXPECT_THAT(ErrorOf("tile.matmul", {a, TileVar(DataType::kFP16, {64, 16})}),
              HasSubstr("requires identical lhs and rhs dtypes, got BF16 and FP16"));
  EXPECT_THAT(ErrorOf("tile.matmul", {TileVar(DataType::kBF16, {64}), a}),
              HasSubstr("requires lhs to be 2-D, got rank 1"));
}

TEST_F(TileMatmulTest, MatmulAccKeepsTheAccumulator) {
  const auto* acc = TileVar(DataType::kFP32, {32, 16}, MemorySpace::kAcc);
  const auto* a = TileVar(DataType::kBF16, {32, 64}, MemorySpace::kLeft);
  const auto* b = TileVar(DataType::kBF16, {64, 16}, MemorySpace::kRight);
  EXPECT_TYPE(TypeOf("tile.matmul_acc", {acc, a, b}), acc->type());
  const auto* k = ScalarVar(DataType::kBool);
  EXPECT_TYPE(TypeOf("tile.matmul_acc", {acc, a, b, k}), acc->type());
  EXPECT_THAT(ErrorOf("tile.matmul_acc", {acc, a, b, ScalarVar(DataType::kIndex)}),
              HasSubstr("tile.matmul_acc: requires init_cond to be a BOOL scalar"));
  EXPECT_THAT(ErrorOf("tile.matmul_acc", {TileVar(DataType::kInt32, {32, 16}, MemorySpace::kAcc),
                                          a, b}),
              HasSubstr("requires accumulator dtype FP32, got INT32"));
  EXPECT_THAT(ErrorOf("tile.matmul_acc", {TileVar(DataType::kFP32, {16, 16}, MemorySpace::kAcc),
                                          a, b}),
              HasSubstr("requires matching physical M, got acc 16 and product 32"));
}

TEST_F(TileMatmulTest, MatmulBias) {
  const auto* a = TileVar(DataType::kFP16, {32, 64}, MemorySpace::kLeft);
  const auto* b = TileVar(DataType::kFP16, {64, 16}, MemorySpace::kRight);
  const auto* bias = TileVar(DataType::kFP32, {1, 16}, MemorySpace::kBias);
  EXPECT_TYPE(TypeOf("tile.matmul_bias", {a, b, bias}),
              Tile(DataType::kFP32, {32, 16}, MemorySpace::kAcc));
  EXPECT_THAT(ErrorOf("tile.matmul_bias", {a, b, TileVar(DataType::kFP32, {2, 16})}),
              HasSubstr("tile.matmul_bias: requires bias to have shape [1, N], got [2, 16]"));
  EXPECT_THAT(ErrorOf("tile.matmul_bias", {a, b, TileVar(DataType::kFP16, {1, 16})}),
              HasSubstr("requires bias dtype FP32 to match the accumulator, got FP16"));
}

TEST_F(TileMatmulTest, GemvGivesOneValidRowOfA16RowAccTile) {
  const auto* a = TileVar(DataType::kBF16, {1, 64}, MemorySpace::kLeft);
  const auto* b = TileVar(DataType::kBF16, {64, 32}, MemorySpace::kRight);
  // Upstream marks only a narrowed product compact, not the GEMV row.
  const TileType* want = Acc(DataType::kFP32, {16, 32}, {1, 32});
  EXPECT_TYPE(TypeOf("tile.gemv", {a, b}), want);
  EXPECT_TYPE(TypeOf("tile.gemv", {a, b}, {Phase("final")}), want);
  EXPECT_THAT(ErrorOf("tile.gemv", {a, b}, {Phase("later")}),
              HasSubstr("tile.gemv: requires acc_phase to be one of {unspecified, partial, "
                        "final}, got 'later'"));
  EXPECT_THAT(ErrorOf("tile.gemv", {TileVar(DataType::kBF16, {2, 64}, MemorySpace::kLeft), b}),
              HasSubstr("requires lhs to have exactly one physical row, got shape [2, 64]"));
  EXPECT_THAT(ErrorOf("tile.gemv", {TileVar(DataType::kInt16, {1, 64}), 
                                    TileVar(DataType::kInt16, {64, 32})}),
              HasSubstr("lhs dtype"));

  const auto* acc = V(want);
  EXPECT_TYPE(TypeOf("tile.gemv_acc", {acc, a, b}), want);
  EXPECT_THAT(ErrorOf("tile.gemv_acc", {TileVar(DataType::kFP32, {16, 32}, MemorySpace::kAcc),
                                        a, b}),
              HasSubstr("tile.gemv_acc: requires an accumulator of FP32 [16, 32] valid [1, 32], "
                        "got FP32 [16, 32] valid [16, 32]"));
  const auto* bias = TileVar(DataType::kFP32, {1, 32}, MemorySpace::kBias);
  EXPECT_TYPE(TypeOf("tile.gemv_bias", {a, b, bias}), want);
  EXPECT_THAT(ErrorOf("tile.gemv_bias", {a, b, TileVar(DataType::kBF16, {1, 32})}),
              HasSubstr("tile.gemv_bias: requires bias dtype FP32"));
}

TEST_F(TileMatmulTest, BatchMatmulBroadcastsTheBatchDims) {
  const auto* a = TileVar(DataType::kFP16, {4, 16, 32}, MemorySpace::kLeft);
  const auto* b = TileVar(DataType::kFP16, {1, 32, 8}, MemorySpace::kRight);
  const TileType* want = Tile(DataType::kFP32, {4, 16, 8}, MemorySpace::kAcc);
  EXPECT_TYPE(TypeOf("tile.batch_matmul", {a, b}), want);
  EXPECT_THAT(ErrorOf("tile.batch_matmul", {a, TileVar(DataType::kFP16, {3, 32, 8})}),
              HasSubstr("tile.batch_matmul: cannot broadcast the batch dimensions"));
  EXPECT_THAT(ErrorOf("tile.batch_matmul", {a, TileVar(DataType::kFP16, {4, 16, 8})}),
              HasSubstr("requires matching inner dimensions, got lhs K=32 and rhs K=16"));
  EXPECT_TYPE(TypeOf("tile.batch_matmul_acc", {V(want), a, b}), want);
  EXPECT_THAT(ErrorOf("tile.batch_matmul_acc",
                      {TileVar(DataType::kFP32, {2, 16, 8}, MemorySpace::kAcc), a, b}),
              HasSubstr("tile.batch_matmul_acc: requires acc of shape [4, 16, 8], got [2, 16, 8]"));
}

}  // namespace
}  // namespace pto::ir
