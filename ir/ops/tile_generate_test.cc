#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileGenerateTest : public OpTest {
 protected:
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

TEST_F(TileGenerateTest, Ci) {
  EXPECT_TYPE(TypeOf("tile.ci", {ctx_.Index(0), List({1, 32})}), Tile(DataType::kInt32, {1, 32}));
  EXPECT_TYPE(TypeOf("tile.ci", {ScalarVar(DataType::kInt16), List({1, 16})},
                     {DType(DataType::kInt16)}),
              Tile(DataType::kInt16, {1, 16}));
  EXPECT_THAT(ErrorOf("tile.ci", {ScalarVar(DataType::kInt16), List({1, 16})}),
              HasSubstr("tile.ci: requires start to be an integer literal or a INT32 scalar"));
  EXPECT_THAT(ErrorOf("tile.ci", {ctx_.Index(0), List({4, 16})}),
              HasSubstr("fills only the first row, so leading dimensions must be 1"));
  EXPECT_THAT(ErrorOf("tile.ci", {ctx_.Index(0), List({16, 1})}),
              HasSubstr("requires the innermost dimension to be != 1"));
  EXPECT_THAT(ErrorOf("tile.ci", {ctx_.Index(0), List({1, 16})}, {DType(DataType::kFP32)}),
              HasSubstr("dtype"));
}

TEST_F(TileGenerateTest, Tri) {
  EXPECT_TYPE(TypeOf("tile.tri", {ctx_.Index(0), List({16, 16})}, {DType(DataType::kFP32)}),
              Tile(DataType::kFP32, {16, 16}));
  EXPECT_TYPE(TypeOf("tile.tri", {ScalarVar(DataType::kInt32), List({16, 16}), List({8, 16})}),
              TileWithValid(DataType::kInt32, {16, 16}, {8, 16}));
  EXPECT_THAT(ErrorOf("tile.tri", {ctx_.Index(0), List({16, 16}), List({17, 16})}),
              HasSubstr("tile.tri: requires 0 < valid_shape[0] <= 16, got 17"));
  EXPECT_THAT(ErrorOf("tile.tri", {ctx_.Index(0), List({4, 16, 16})}),
              HasSubstr("requires a 2-D shape, got rank 3"));
  EXPECT_THAT(ErrorOf("tile.tri", {ScalarVar(DataType::kIndex), List({16, 16})}),
              HasSubstr("requires diagonal to be an integer literal or a INT32 scalar"));
}

TEST_F(TileGenerateTest, Random) {
  std::vector<const Expr*> seeds(6, ctx_.Int(7, DataType::kInt32));
  auto with = [&](std::vector<const Expr*> tail) {
    std::vector<const Expr*> args = seeds;
    args.insert(args.end(), tail.begin(), tail.end());
    return args;
  };
  EXPECT_TYPE(TypeOf("tile.random", with({List({8, 64})})), Tile(DataType::kUInt32, {8, 64}));
  EXPECT_TYPE(TypeOf("tile.random", with({List({8, 64}), List({4, 64})}),
                     {DType(DataType::kInt32)}),
              TileWithValid(DataType::kInt32, {8, 64}, {4, 64}));
  EXPECT_THAT(ErrorOf("tile.random", with({List({8, 64})}), {{"rounds", AttrValue::Int(8)}}),
              HasSubstr("tile.random: requires rounds to be 7 or 10, got 8"));
  EXPECT_THAT(ErrorOf("tile.random", with({List({8, 64})}), {DType(DataType::kFP32)}),
              HasSubstr("dtype"));
  seeds[3] = ScalarVar(DataType::kInt64);
  EXPECT_THAT(ErrorOf("tile.random", with({List({8, 64})})),
              HasSubstr("requires counter1 to be an integer literal or a INT32 scalar"));
}

}  // namespace
}  // namespace pto::ir
