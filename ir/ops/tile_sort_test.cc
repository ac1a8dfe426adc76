#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileSortTest : public OpTest {};

TEST_F(TileSortTest, Sort32DoublesTheLastDim) {
  const Var* v = TileVar(DataType::kFP32, {4, 64});
  const Var* idx = TileVar(DataType::kUInt32, {4, 64});
  EXPECT_TYPE(TypeOf("tile.sort32", {v, idx}), Tile(DataType::kFP32, {4, 128}));
  EXPECT_THAT(ErrorOf("tile.sort32", {TileVar(DataType::kInt32, {4, 64}), idx}),
              HasSubstr("tile.sort32: src dtype"));
}

TEST_F(TileSortTest, MergeSorts) {
  const Var* a = TileVar(DataType::kFP32, {1, 128});
  const Var* b = TileVar(DataType::kFP32, {1, 128});
  const Var* tmp = TileVar(DataType::kFP32, {1, 256});
  EXPECT_TYPE(TypeOf("tile.mrgsort_format2", {a, b, tmp}), tmp->type());
  EXPECT_TYPE(TypeOf("tile.mrgsort_format2", {a, b, a, b, tmp}), tmp->type());
  EXPECT_THAT(ErrorOf("tile.mrgsort_format2", {a, TileVar(DataType::kFP16, {1, 128}), tmp}),
              HasSubstr("tile.mrgsort_format2: requires every source of dtype FP32, argument 1 "
                        "is FP16"));
  EXPECT_TYPE(TypeOf("tile.mrgsort_format1", {tmp, ctx_.Index(64)}), tmp->type());
  EXPECT_THAT(ErrorOf("tile.mrgsort_format1", {tmp, ctx_.Index(48)}),
              HasSubstr("tile.mrgsort_format1: requires block_len to be a positive multiple of "
                        "64, got 48"));
  EXPECT_THAT(ErrorOf("tile.mrgsort_format1", {tmp, ScalarVar(DataType::kFP32)}),
              HasSubstr("requires an integer block_len, got FP32"));
}

}  // namespace
}  // namespace pto::ir
