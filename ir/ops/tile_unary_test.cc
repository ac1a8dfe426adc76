#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileUnaryTest : public OpTest {};

TEST_F(TileUnaryTest, SinCosKeepFp32Type) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP32, {16, 64}, {16, 40}));
  for (const char* op : {"tile.sin", "tile.cos"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t}), t->type());
  }
}

TEST_F(TileUnaryTest, SinCosComeOutInVec) {
  const Var* t = TileVar(DataType::kFP32, {16, 16}, std::nullopt);
  EXPECT_TYPE(TypeOf("tile.sin", {t}), Tile(DataType::kFP32, {16, 16}));
}

TEST_F(TileUnaryTest, SinCosRejectOtherDTypes) {
  for (const char* op : {"tile.sin", "tile.cos"}) {
    SCOPED_TRACE(op);
    for (DataType bad : {DataType::kFP16, DataType::kBF16, DataType::kInt32}) {
      EXPECT_THAT(ErrorOf(op, {TileVar(bad, {16, 16})}),
                  HasSubstr(std::string(op) + ": is FP32-only, got " + std::string(bad.name())));
    }
    EXPECT_THAT(ErrorOf(op, {TensorVar(DataType::kFP32, {16, 16})}),
                HasSubstr(std::string(op) + ": tile must be a TileType, got TensorType"));
  }
}

}  // namespace
}  // namespace pto::ir
