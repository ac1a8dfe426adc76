#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

class TileSelectTest : public OpTest {
 protected:
  // The mask tile.cmps produces over `value`.
  const Var* MaskOf(const Var* value) {
    absl::StatusOr<const Call*> m = Make("tile.cmps", {value, ctx_.Float(0.0)});
    EXPECT_TRUE(m.ok()) << m.status();
    return ctx_.NewVar("m", (*m)->type());
  }
};

TEST_F(TileSelectTest, TwoTilesGiveTheBranchType) {
  const Var* a = TileVar(DataType::kFP32, {16, 64});
  const Var* b = TileVar(DataType::kFP32, {16, 64});
  EXPECT_TYPE(TypeOf("tile.select", {MaskOf(a), a, b}), a->type());
}

TEST_F(TileSelectTest, ScalarBranchesTakeTheTileBranchView) {
  const Var* p = ctx_.NewVar("p", TileWithValid(DataType::kFP16, {16, 64}, {9, 40}));
  const Var* m = MaskOf(p);
  EXPECT_TYPE(TypeOf("tile.select", {m, p, ctx_.Float(0.0)}), p->type());
  EXPECT_TYPE(TypeOf("tile.select", {m, ctx_.Int(3, DataType::kInt32), p}), p->type());
  // Memory space of the result is Vec; the layout is inherited.
  const Var* col = TileVar(DataType::kInt32, {16, 1});
  EXPECT_TYPE(TypeOf("tile.select", {MaskOf(col), ctx_.Index(7), col}), col->type());
}

TEST_F(TileSelectTest, ResultIsVecWithTheInheritedView) {
  const TileType* mat = Tile(DataType::kFP32, {16, 64}, std::nullopt);
  const Var* a = ctx_.NewVar("a", mat);
  const Var* b = ctx_.NewVar("b", mat);
  EXPECT_TYPE(TypeOf("tile.select", {MaskOf(a), a, b}), Tile(DataType::kFP32, {16, 64}));
}

TEST_F(TileSelectTest, NdTilesAreAccepted) {
  const Var* a = TileVar(DataType::kFP32, {2, 8, 64});
  EXPECT_TYPE(TypeOf("tile.select", {MaskOf(a), a, ctx_.Float(1.0)}), a->type());
}

TEST_F(TileSelectTest, CondMustBeTheExactPackedMask) {
  const Var* a = TileVar(DataType::kFP32, {16, 64});
  // A 0/1 value tile of the same shape is not a mask.
  const Var* values = TileVar(DataType::kUInt8, {16, 64});
  EXPECT_THAT(ErrorOf("tile.select", {values, a, a}),
              AllOf(HasSubstr("tile.select: cond must be the packed predicate mask of a FP32 "
                              "[16, 64] selection, i.e. UINT8 [16, 32] (valid [16, 8])"),
                    HasSubstr("got UINT8 [16, 64]"),
                    HasSubstr("convert it with tile.cmps(value, 0, cmp_type=1)")));
  // A UINT8 tile whose geometry coincides with the mask's is indistinguishable
  // from it by type, so it is taken as the mask: no classifier guesses.
  const Var* narrow = ctx_.NewVar("v", TileWithValid(DataType::kUInt8, {16, 32}, {16, 4}));
  const Var* b = TileVar(DataType::kUInt8, {16, 32});
  EXPECT_TYPE(TypeOf("tile.select", {narrow, b, b}), b->type());
  EXPECT_THAT(ErrorOf("tile.select", {b, b, b}),
              HasSubstr("i.e. UINT8 [16, 32] (valid [16, 4]) as tile.cmp / tile.cmps produce, got "
                        "UINT8 [16, 32];"));
  // A mask of another geometry.
  EXPECT_THAT(ErrorOf("tile.select", {MaskOf(TileVar(DataType::kFP32, {8, 64})), a, a}),
              HasSubstr("got UINT8 [8, 32] (valid [8, 8])"));
  EXPECT_THAT(ErrorOf("tile.select", {ctx_.Int(1, DataType::kBool), a, a}),
              HasSubstr("tile.select: cond must be a TileType, got ScalarType"));
}

TEST_F(TileSelectTest, BranchKindsAndTwoScalars) {
  const Var* a = TileVar(DataType::kFP32, {16, 64});
  const Var* m = MaskOf(a);
  EXPECT_THAT(ErrorOf("tile.select", {m, ctx_.Float(1.0), ctx_.Float(0.0)}),
              HasSubstr("tile.select: no shape to select into"));
  EXPECT_THAT(ErrorOf("tile.select", {m, TensorVar(DataType::kFP32, {16, 64}), a}),
              HasSubstr("tile.select: on_true must be a TileType or a ScalarType, got TensorType"));
}

TEST_F(TileSelectTest, TwoTilesMustAgree) {
  const Var* a = TileVar(DataType::kFP32, {16, 64});
  const Var* m = MaskOf(a);
  EXPECT_THAT(ErrorOf("tile.select", {m, a, TileVar(DataType::kFP32, {1, 64})}),
              AllOf(HasSubstr("tile.select: on_true and on_false must have the same physical "
                              "shape, got [16, 64] and [1, 64]"),
                    HasSubstr("broadcast the narrower branch explicitly")));
  const Var* partial = ctx_.NewVar("p", TileWithValid(DataType::kFP32, {16, 64}, {16, 3}));
  EXPECT_THAT(ErrorOf("tile.select", {m, a, partial}),
              HasSubstr("tile.select: on_true and on_false must have the same valid shape, got "
                        "[16, 64] and [16, 3]"));
  EXPECT_THAT(ErrorOf("tile.select", {m, a, TileVar(DataType::kFP16, {16, 64})}),
              AllOf(HasSubstr("tile.select: on_true and on_false must have the same dtype, got "
                              "FP32 and FP16"),
                    HasSubstr("tile.cast")));
}

TEST_F(TileSelectTest, ScalarBranchMustBeALiteralOverAStaticShape) {
  const Var* a = TileVar(DataType::kFP32, {16, 64});
  const Var* m = MaskOf(a);
  EXPECT_THAT(ErrorOf("tile.select", {m, a, ScalarVar(DataType::kFP32)}),
              AllOf(HasSubstr("tile.select: scalar on_false must be a compile-time constant"),
                    HasSubstr("materialize a runtime scalar into a tile")));
  const Var* ints = TileVar(DataType::kInt8, {16, 64});
  EXPECT_THAT(ErrorOf("tile.select", {MaskOf(ints), ctx_.Float(0.5), ints}),
              HasSubstr("tile.select: scalar on_true 0.5 is not representable as INT8"));
  EXPECT_THAT(ErrorOf("tile.select", {MaskOf(ints), ints, ctx_.Index(300)}),
              HasSubstr("scalar on_false 300 is not representable as INT8"));
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* shape[] = {ctx_.Index(16), n};
  const Var* dyn = ctx_.NewVar("d", ctx_.GetTileType(DataType::kFP32, shape, MemorySpace::kVec));
  EXPECT_THAT(ErrorOf("tile.select", {MaskOf(dyn), dyn, ctx_.Float(0.0)}),
              HasSubstr("tile.select: a scalar branch needs a tile branch with a static shape, "
                        "got [16, N]"));
  // Two dynamic tiles need no materialization.
  EXPECT_TYPE(TypeOf("tile.select", {MaskOf(dyn), dyn, dyn}), dyn->type());
}

}  // namespace
}  // namespace pto::ir
