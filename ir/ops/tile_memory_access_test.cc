#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileMemoryAccessTest : public OpTest {
 protected:
  NamedAttr Mem(MemorySpace m) { return {"target_memory", AttrValue::Enum(m)}; }
  NamedAttr Int(absl::string_view k, int64_t v) { return {k, AttrValue::Int(v)}; }
};

// Kwargs print in upstream's insertion order; '*' marks the DSL's
// keyword-only ones.
TEST_F(TileMemoryAccessTest, KwargSchemas) {
  auto names = [](absl::string_view op) {
    std::vector<std::string> out;
    for (const KwargSpec& k : BuiltinOp(op).kwargs()) {
      out.push_back(std::string(k.keyword_only ? "*" : "") + std::string(k.name));
    }
    return out;
  };
  using ::testing::ElementsAre;
  EXPECT_THAT(names("tile.mgather"), ElementsAre("coalesce", "*target_memory", "*gather_oob"));
  EXPECT_THAT(names("tile.move"), ElementsAre("target_memory", "blayout", "slayout"));
  EXPECT_THAT(names("tile.alloc"), ElementsAre("*pinned"));
  EXPECT_THAT(names("tile.ci"), ElementsAre("dtype", "descending"));
  EXPECT_THAT(names("tile.tri"), ElementsAre("dtype", "upper"));
  EXPECT_THAT(names("tile.random"), ElementsAre("dtype", "rounds"));
  EXPECT_THAT(names("tile.extract"), ElementsAre("*target_memory"));
  EXPECT_THAT(names("tile.slice"), ElementsAre("pad_value"));
  EXPECT_THAT(names("tile.gather_compare"),
              ElementsAre("*cmp_mode", "*offset", "*out_cols", "*count_dtype"));
  EXPECT_THAT(names("tile.gather_mask"), ElementsAre("mask_pattern", "*output_dtype"));
  EXPECT_THAT(names("tile.gemv_bias"), ElementsAre("*acc_phase"));
  EXPECT_THAT(names("tile.tpush_to_aiv"), ElementsAre("*split", "*lane_stride", "*id"));
  EXPECT_THAT(names("tile.tpop_from_aiv"), ElementsAre("*split", "*id"));
  // Keyword-printed args (after the kwargs).
  // Printed by position, as upstream prints them.
  EXPECT_EQ(BuiltinOp("tile.slice").FindKeywordArg("valid_shape"), -1);
  EXPECT_EQ(BuiltinOp("tile.slice").FindArg("valid_shape"), 3);
  EXPECT_EQ(BuiltinOp("tile.slice").FindArg("drop_dims"), 4);
  EXPECT_EQ(BuiltinOp("tile.gather_row").FindKeywordArg("valid_shape"), 5);
  EXPECT_EQ(BuiltinOp("tile.matmul_acc").FindKeywordArg("init_cond"), -1);
  EXPECT_EQ(BuiltinOp("tile.matmul_acc").FindArg("init_cond"), 3);
}

TEST_F(TileMemoryAccessTest, ReadAndWrite) {
  const Var* t = TileVar(DataType::kFP16, {16, 32});
  const Var* i = ScalarVar(DataType::kIndex);
  EXPECT_TYPE(TypeOf("tile.read", {t, ListOf({i, ctx_.Index(3)})}),
              ctx_.GetScalarType(DataType::kFP16));
  EXPECT_THAT(ErrorOf("tile.read", {t, List({0})}),
              HasSubstr("tile.read: indices count (1) must match the tile rank (2)"));
  const Var* v = ScalarVar(DataType::kFP16);
  EXPECT_TYPE(TypeOf("tile.write", {t, List({0, 1}), v}), t->type());
  EXPECT_THAT(ErrorOf("tile.write", {t, List({0, 1}), ScalarVar(DataType::kFP32)}),
              HasSubstr("tile.write: requires the value dtype to match the tile dtype, got FP32 "
                        "and FP16"));
  EXPECT_THAT(ErrorOf("tile.write", {t, ListOf({ctx_.Float(0.5), i}), v}),
              HasSubstr("indices"));
}

TEST_F(TileMemoryAccessTest, BlockIndicesAreIndexScalars) {
  for (const char* op : {"tile.get_block_idx", "tile.get_subblock_idx", "tile.get_block_num"}) {
    EXPECT_TYPE(TypeOf(op, {}), ctx_.GetScalarType(DataType::kIndex));
    // They take no operands.
    absl::StatusOr<const Call*> call = Make(op, {ctx_.Index(0)});
    EXPECT_FALSE(call.ok()) << op;
  }
}

TEST_F(TileMemoryAccessTest, AllocReturnsAPtrToOnChipMemory) {
  auto space = [&](MemorySpace m) { return ctx_.Index(static_cast<int64_t>(m)); };
  EXPECT_TYPE(TypeOf("tile.alloc", {space(MemorySpace::kVec), ctx_.Index(16384)}),
              ctx_.GetHandleType(HandleKind::kPtr));
  EXPECT_TYPE(TypeOf("tensor.alloc", {space(MemorySpace::kDDR), ctx_.Index(64)}),
              ctx_.GetHandleType(HandleKind::kPtr));
  EXPECT_THAT(ErrorOf("tile.alloc", {space(MemorySpace::kVec), ctx_.Index(0)}),
              HasSubstr("tile.alloc: size must be a positive byte count, got 0"));
  EXPECT_THAT(ErrorOf("tile.alloc", {space(MemorySpace::kDDR), ctx_.Index(64)}),
              HasSubstr("tile.alloc: memory_space 0 is not an on-chip memory space"));
  EXPECT_THAT(ErrorOf("tensor.alloc", {space(MemorySpace::kVec), ctx_.Index(64)}),
              HasSubstr("tensor.alloc: memory_space 1 is not DDR"));
  EXPECT_THAT(ErrorOf("tensor.alloc", {ctx_.Index(42), ctx_.Index(64)}),
              HasSubstr("memory_space 42 is not DDR"));
}

TEST_F(TileMemoryAccessTest, MoveTakesTheDestinationLayout) {
  const Var* m = TileVar(DataType::kBF16, {64, 64}, MemorySpace::kMat);
  EXPECT_TYPE(TypeOf("tile.move", {m}, {Mem(MemorySpace::kLeft)}),
              Tile(DataType::kBF16, {64, 64}, MemorySpace::kLeft));
  EXPECT_TYPE(TypeOf("tile.move", {m}, {Mem(MemorySpace::kRight)}),
              Tile(DataType::kBF16, {64, 64}, MemorySpace::kRight));
  // Vec has no layout of its own: the source's NZ layout travels along.
  TileView nz = ImplicitTileView(MemorySpace::kMat, TileLayout::kRowMajor);
  EXPECT_TYPE(TypeOf("tile.move", {m}, {Mem(MemorySpace::kVec)}),
              ctx_.GetTileType(DataType::kBF16, Dims({64, 64}), MemorySpace::kVec, &nz));
  // Explicit layouts win; the valid region travels.
  const Var* v = ctx_.NewVar("v", TileWithValid(DataType::kFP32, {16, 16}, {8, 16}));
  TileView col = ImplicitTileView(MemorySpace::kMat, TileLayout::kRowMajor);
  col.blayout = TileLayout::kRowMajor;
  col.slayout = TileLayout::kNoneBox;
  col.valid_shape = Dims({8, 16});
  EXPECT_TYPE(TypeOf("tile.move", {v},
                     {Mem(MemorySpace::kMat), {"blayout", AttrValue::Enum(TileLayout::kRowMajor)},
                      {"slayout", AttrValue::Enum(TileLayout::kNoneBox)}}),
              ctx_.GetTileType(DataType::kFP32, Dims({16, 16}), MemorySpace::kMat, &col));
}

TEST_F(TileMemoryAccessTest, MoveIntoScaleBuffers) {
  TileView rr;
  rr.blayout = TileLayout::kRowMajor;
  rr.slayout = TileLayout::kRowMajor;
  rr.fractal = 32;
  const Var* s = ctx_.NewVar(
      "s", ctx_.GetTileType(DataType::kUInt8, Dims({16, 2}), MemorySpace::kMat, &rr));
  EXPECT_TYPE(TypeOf("tile.move", {s}, {Mem(MemorySpace::kLeftScale)}),
              Tile(DataType::kFP8E8M0, {16, 2}, MemorySpace::kLeftScale));
  EXPECT_THAT(ErrorOf("tile.move", {s}, {Mem(MemorySpace::kRightScale)}),
              HasSubstr("tile.move: into RightScale needs a Mat source in the col/col/32 scale "
                        "layout"));
  EXPECT_THAT(ErrorOf("tile.move", {TileVar(DataType::kUInt8, {16, 2})},
                      {Mem(MemorySpace::kLeftScale)}),
              HasSubstr("into LeftScale needs a 2-D tile in Mat"));
  EXPECT_THAT(ErrorOf("tile.move", {s},
                      {Mem(MemorySpace::kLeftScale),
                       {"blayout", AttrValue::Enum(TileLayout::kColMajor)}}),
              HasSubstr("blayout/slayout cannot override the fixed layout of LeftScale"));
  // Restating the fixed layout is fine.
  EXPECT_TYPE(TypeOf("tile.move", {s},
                     {Mem(MemorySpace::kLeftScale),
                      {"slayout", AttrValue::Enum(TileLayout::kRowMajor)}}),
              Tile(DataType::kFP8E8M0, {16, 2}, MemorySpace::kLeftScale));
}

TEST_F(TileMemoryAccessTest, Mscatter) {
  const Var* src = TileVar(DataType::kFP32, {8, 16});
  const Var* idx = TileVar(DataType::kInt32, {8, 16});
  const Var* out = TensorVar(DataType::kFP32, {1024});
  EXPECT_TYPE(TypeOf("tile.mscatter", {src, idx, out}), out->type());
  EXPECT_THAT(ErrorOf("tile.mscatter", {src, TileVar(DataType::kInt16, {8, 16}), out}),
              HasSubstr("tile.mscatter: requires an INT32 idx of the src rank 2, got INT16 "
                        "rank 2"));
  EXPECT_THAT(ErrorOf("tile.mscatter", {src, idx, TensorVar(DataType::kFP16, {1024})}),
              HasSubstr("requires output_tensor dtype FP16 to match src dtype FP32"));
  EXPECT_THAT(ErrorOf("tile.mscatter", {TileVar(DataType::kInt8, {8, 16}), idx, out}),
              HasSubstr("src dtype"));
}

TEST_F(TileMemoryAccessTest, MgatherVec) {
  const Var* table = TensorVar(DataType::kFP16, {1024, 64});
  const Var* rows = TileVar(DataType::kInt32, {1, 8});
  TileView flat;
  EXPECT_TYPE(TypeOf("tile.mgather", {table, rows}),
              ctx_.GetTileType(DataType::kFP16, Dims({8, 64}), MemorySpace::kVec, &flat));
  const Var* elems = TileVar(DataType::kInt32, {4, 16});
  EXPECT_TYPE(TypeOf("tile.mgather", {table, elems}, {Int("coalesce", 1)}),
              Tile(DataType::kFP16, {4, 16}));
  EXPECT_THAT(ErrorOf("tile.mgather", {table, elems}),
              HasSubstr("tile.mgather: row mode needs a static [1, R] or [R, 1] idx, got [4, 16]"));
  EXPECT_THAT(ErrorOf("tile.mgather", {table, rows}, {Int("coalesce", 2)}),
              HasSubstr("requires coalesce 0 (row) or 1 (elem), got 2"));
  EXPECT_THAT(ErrorOf("tile.mgather", {table, rows}, {Int("gather_oob", 4)}),
              HasSubstr("requires gather_oob 0 (undefined), 1 (clamp), 2 (wrap) or 3 (zero)"));
}

TEST_F(TileMemoryAccessTest, MgatherMat) {
  const Var* table = TensorVar(DataType::kFP16, {1024, 64});
  const Var* rows = TensorVar(DataType::kInt32, {1, 32});
  EXPECT_TYPE(TypeOf("tile.mgather", {table, rows}, {Mem(MemorySpace::kMat)}),
              Tile(DataType::kFP16, {32, 64}, MemorySpace::kMat));
  EXPECT_TYPE(TypeOf("tile.mgather", {table, rows, List({20, 64})}, {Mem(MemorySpace::kMat)}),
              TileWithValid(DataType::kFP16, {32, 64}, {20, 64}, MemorySpace::kMat));
  const Var* elems = TensorVar(DataType::kInt32, {16, 16});
  const Var* scratch = TensorVar(DataType::kFP16, {256});
  EXPECT_TYPE(TypeOf("tile.mgather", {table, elems, scratch},
                     {Int("coalesce", 1), Mem(MemorySpace::kMat)}),
              Tile(DataType::kFP16, {16, 16}, MemorySpace::kMat));
  EXPECT_THAT(ErrorOf("tile.mgather", {table, elems}, {Int("coalesce", 1), Mem(MemorySpace::kMat)}),
              HasSubstr("tile.mgather: Mat elem mode requires a GM scratch tensor"));
  EXPECT_THAT(ErrorOf("tile.mgather", {table, TensorVar(DataType::kInt32, {1, 8})},
                      {Mem(MemorySpace::kMat)}),
              HasSubstr("Mat output [8, 64] needs rows % 16 == 0 and cols % 16 == 0"));
  EXPECT_THAT(ErrorOf("tile.mgather", {table, rows}, {Mem(MemorySpace::kLeft)}),
              HasSubstr("requires target_memory Vec or Mat, got Left"));
}

}  // namespace
}  // namespace pto::ir
