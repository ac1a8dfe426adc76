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

// --- Issue #20: the primitive unary ops ---------------------------------------

TEST_F(TileUnaryTest, PrimitiveUnaryOpsKeepTypeAndValidShape) {
  const Var* t = ctx_.NewVar("t", TileWithValid(DataType::kFP16, {16, 64}, {16, 40}));
  for (const char* op : {"tile.exp", "tile.sqrt", "tile.relu", "tile.recip", "tile.rsqrt",
                         "tile.log"}) {
    SCOPED_TRACE(op);
    EXPECT_TYPE(TypeOf(op, {t}), t->type());
    EXPECT_THAT(ErrorOf(op, {ctx_.Float(1.0)}), HasSubstr("tile must be a TileType"));
  }
  // A Mat input comes out in Vec (with the layout the Mat tile had).
  const Var* m = TileVar(DataType::kInt32, {16, 16}, MemorySpace::kMat);
  const Type* got = TypeOf("tile.exp", {m});
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(got->As<TileType>()->memory_space(), MemorySpace::kVec);
}

TEST_F(TileUnaryTest, HighPrecisionNeedsFp16OrFp32) {
  const Var* f = TileVar(DataType::kFP32, {16, 16});
  const Var* i = TileVar(DataType::kInt32, {16, 16});
  NamedAttr hp = {"high_precision", AttrValue::Bool(true)};
  EXPECT_TYPE(TypeOf("tile.recip", {f}, {hp}), f->type());
  EXPECT_TYPE(TypeOf("tile.recip", {i}), i->type());
  EXPECT_THAT(ErrorOf("tile.recip", {i}, {hp}),
              HasSubstr("tile.recip: with high_precision, tile dtype must be one of {FP16, FP32}"));
  // high_precision=False is the default and is not recorded (as upstream).
  for (const char* op : {"tile.recip", "tile.log"}) {
    SCOPED_TRACE(op);
    absl::StatusOr<const Call*> off = Make(op, {f}, {{"high_precision", AttrValue::Bool(false)}});
    ASSERT_TRUE(off.ok()) << off.status();
    EXPECT_TRUE((*off)->kwargs().empty());
    absl::StatusOr<const Call*> on = Make(op, {f}, {hp});
    ASSERT_TRUE(on.ok()) << on.status();
    EXPECT_EQ((*on)->kwargs().size(), 1u);
  }
  // log is FP16/FP32 in either mode.
  EXPECT_TYPE(TypeOf("tile.log", {f}, {hp}), f->type());
  EXPECT_THAT(ErrorOf("tile.log", {i}),
              HasSubstr("tile.log: tile dtype must be one of {FP16, FP32}, got INT32"));
}

TEST_F(TileUnaryTest, RsqrtScratchMatchesTheInput) {
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tile.rsqrt", {t, t}), t->type());
  const Var* h = TileVar(DataType::kFP16, {16, 16});
  EXPECT_THAT(ErrorOf("tile.rsqrt", {t, h}),
              HasSubstr("tile.rsqrt: tmp dtype must match the tile dtype, got FP16 and FP32"));
  const Var* small = TileVar(DataType::kFP32, {16, 8});
  EXPECT_THAT(ErrorOf("tile.rsqrt", {t, small}),
              HasSubstr("tmp must have the tile's shape [16, 16], got [16, 8]"));
}

}  // namespace
}  // namespace pto::ir
