#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileBitwiseTest : public OpTest {};

TEST_F(TileBitwiseTest, AndOrXorPromoteIntegerTiles) {
  const Var* a = TileVar(DataType::kInt16, {8, 16});
  const Var* b = TileVar(DataType::kInt32, {1, 16});
  const Var* f = TileVar(DataType::kFP32, {8, 16});
  TileView view;
  view.valid_shape = Dims({1, 16});
  for (const char* op : {"tile.and", "tile.or", "tile.xor"}) {
    SCOPED_TRACE(op);
    std::vector<const Expr*> args = {a, b};
    if (std::string(op) == "tile.xor") args.push_back(a);
    EXPECT_TYPE(TypeOf(op, args), Tile(DataType::kInt32, {8, 16}));
    args[0] = f;
    EXPECT_THAT(ErrorOf(op, args),
                HasSubstr(std::string(op) + ": lhs dtype must be an integer type, got FP32"));
    args[0] = a;
    args[1] = f;
    EXPECT_THAT(ErrorOf(op, args), HasSubstr("rhs dtype must be an integer type, got FP32"));
  }
  EXPECT_THAT(ErrorOf("tile.xor", {a, a, ctx_.Int(1, DataType::kInt32)}),
              HasSubstr("tile.xor: tmp must be a TileType, got ScalarType"));
}

TEST_F(TileBitwiseTest, ShiftsKeepTheShiftedDType) {
  const Var* a = TileVar(DataType::kUInt8, {8, 16});
  const Var* n = TileVar(DataType::kInt32, {8, 16});
  for (const char* op : {"tile.shl", "tile.shr"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {a, n}), a->type());
    const Var* f = TileVar(DataType::kFP16, {8, 16});
    EXPECT_THAT(ErrorOf(op, {a, f}), HasSubstr("rhs (shift amount) dtype must be an integer"));
    EXPECT_THAT(ErrorOf(op, {f, n}), HasSubstr("lhs dtype must be an integer type, got FP16"));
    const Var* wide = TileVar(DataType::kInt32, {8, 8});
    EXPECT_THAT(ErrorOf(op, {a, wide}), HasSubstr("cannot broadcast shapes"));
  }
}

TEST_F(TileBitwiseTest, ScalarFormsTakeAnIntegerScalar) {
  const Var* a = TileVar(DataType::kInt16, {8, 16});
  const Var* i64 = ScalarVar(DataType::kInt64);
  for (const char* op : {"tile.ands", "tile.ors", "tile.xors", "tile.shls", "tile.shrs"}) {
    SCOPED_TRACE(op);
    bool tmp = std::string(op) == "tile.xors";
    auto args = [&](const Expr* lhs, const Expr* rhs) {
      std::vector<const Expr*> v = {lhs, rhs};
      if (tmp) v.push_back(a);
      return v;
    };
    EXPECT_TYPE(TypeOf(op, args(a, i64)), a->type());
    EXPECT_TYPE(TypeOf(op, args(a, ctx_.Int(3, DataType::kInt32))), a->type());
    EXPECT_THAT(ErrorOf(op, args(a, ctx_.Float(1.0))),
                HasSubstr(std::string(op) + ": rhs dtype must be an integer type"));
    const Var* f = TileVar(DataType::kFP32, {8, 16});
    EXPECT_THAT(ErrorOf(op, args(f, i64)), HasSubstr("lhs dtype must be an integer type"));
    EXPECT_THAT(ErrorOf(op, args(a, a)), HasSubstr("rhs must be a ScalarType, got TileType"));
  }
  EXPECT_THAT(ErrorOf("tile.xors", {a, i64, i64}), HasSubstr("tmp must be a TileType"));
}

TEST_F(TileBitwiseTest, NotIsInt16OrUInt16) {
  const Var* ok = ctx_.NewVar("u", TileWithValid(DataType::kUInt16, {8, 16}, {4, 16}));
  EXPECT_TYPE(TypeOf("tile.not", {ok}), ok->type());
  const Var* i32 = TileVar(DataType::kInt32, {8, 16});
  EXPECT_THAT(ErrorOf("tile.not", {i32}),
              HasSubstr("tile.not: tile dtype must be one of {INT16, UINT16}, got INT32"));
}

}  // namespace
}  // namespace pto::ir
