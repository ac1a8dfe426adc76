// Op recipes for element access, block indices, moves, indexed DMA and
// allocation markers (ir/ops/tile_memory_access.cc), and for the
// generators tile.ci, tri and random (tile_generate.cc).
// Internal to the program generator; see recipe_util.h.

#include <vector>

#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/enums.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

using ir::MemorySpace;

bool StaticTile(const TileType* t) { return IsStatic(t) && t->rank() >= 1; }

// Constant indices inside `t` (an index scalar sometimes).
const Expr* Indices(GenScope& s, const TileType* t) {
  std::vector<const Expr*> idx;
  std::vector<int64_t> dims = StaticShape(t->shape()).value_or(std::vector<int64_t>{});
  for (int64_t d : dims) idx.push_back(IndexOperand(s, 0, d - 1));
  return s.ctx().NewMakeTuple(idx);
}

bool TileRead(GenScope& s) {
  const Var* t = s.TileOr(StaticTile, s.AnyDType(), Shape2D(s));
  return t != nullptr && s.TryOp("tile.read", {t, Indices(s, TileOf(t))}) != nullptr;
}

bool TileWrite(GenScope& s) {
  DataType dtype = s.Pick<DataType>({DataType::kFP32, DataType::kFP16, DataType::kInt32});
  const Var* t = s.TileOr(
      [&](const TileType* t) { return StaticTile(t) && t->dtype() == dtype; }, dtype, Shape2D(s));
  if (t == nullptr) return false;
  const Var* v = s.TryOp("tile.read", {t, Indices(s, TileOf(t))});
  return v != nullptr && s.TryOp("tile.write", {t, Indices(s, TileOf(t)), v}) != nullptr;
}

bool BlockIndex(GenScope& s, const char* op) { return s.TryOp(op, {}) != nullptr; }

bool TileMove(GenScope& s) {
  const Var* t = s.TileOr(StaticTile, s.AnyDType(), Shape2D(s));
  if (t == nullptr) return false;
  auto space = s.Pick<MemorySpace>(
      {MemorySpace::kVec, MemorySpace::kMat, MemorySpace::kLeft, MemorySpace::kRight});
  std::vector<NamedAttr> kw = {{"target_memory", AttrValue::Enum(space)}};
  if (s.OneIn(4)) kw.push_back({"blayout", AttrValue::Enum(ir::TileLayout::kRowMajor)});
  return s.TryOp("tile.move", {t}, kw) != nullptr;
}

bool TileMscatter(GenScope& s) {
  DataType dtype = s.Pick<DataType>({DataType::kFP16, DataType::kFP32, DataType::kInt32});
  std::vector<int64_t> shape = {s.Pick<int64_t>({1, 8}), s.Pick<int64_t>({16, 32})};
  const Var* src = s.FreshTile(dtype, shape);
  const Var* idx = s.FreshTile(DataType::kInt32, shape);
  const Var* out = s.FreshTensor(dtype, {1024});
  return src != nullptr && idx != nullptr && out != nullptr &&
         s.TryOp("tile.mscatter", {src, idx, out}) != nullptr;
}

bool TileMgather(GenScope& s) {
  DataType dtype = s.Pick<DataType>({DataType::kFP16, DataType::kFP32, DataType::kInt8});
  const Var* table = s.FreshTensor(dtype, {256, 64});
  if (table == nullptr) return false;
  if (s.Coin()) {  // Vec, row or element mode
    bool elem = s.Coin();
    const Var* idx = s.FreshTile(DataType::kInt32, {elem ? 4 : 1, 16});
    return idx != nullptr && s.TryOp("tile.mgather", {table, idx},
                                     {{"coalesce", AttrValue::Int(elem ? 1 : 0)}}) != nullptr;
  }
  const Var* rows = s.FreshTensor(DataType::kInt32, {1, 32});
  if (rows == nullptr) return false;
  std::vector<const Expr*> args = {table, rows};
  if (s.Coin()) args.push_back(s.IndexList({20, 64}));
  std::vector<NamedAttr> kw = {{"coalesce", AttrValue::Int(0)},
                               {"target_memory", AttrValue::Enum(MemorySpace::kMat)}};
  if (s.Coin()) kw.push_back({"gather_oob", AttrValue::Int(s.Int(0, 3))});
  return s.TryOp("tile.mgather", args, kw) != nullptr;
}

// tile.alloc / tensor.alloc: a pl.Ptr no other recipe consumes, emitted as
// a statement.
bool Alloc(GenScope& s, absl::string_view op, MemorySpace space) {
  const ir::Call* call = s.TryCall(op, {s.ctx().Index(static_cast<int64_t>(space)),
                                        s.ctx().Index(s.Pick<int64_t>({512, 16384}))});
  if (call == nullptr) return false;
  s.Emit(s.ctx().NewEval(call));
  return true;
}

bool TileAlloc(GenScope& s) {
  return Alloc(s, "tile.alloc",
               s.Pick<MemorySpace>({MemorySpace::kVec, MemorySpace::kMat, MemorySpace::kAcc}));
}

bool TensorAlloc(GenScope& s) { return Alloc(s, "tensor.alloc", MemorySpace::kDDR); }

bool TileCi(GenScope& s) {
  DataType dtype = s.Pick<DataType>({DataType::kInt32, DataType::kInt16, DataType::kUInt32});
  return s.TryOp("tile.ci", {s.ctx().Int(s.Int(0, 8), DataType::kInt32),
                             s.IndexList({1, s.Pick<int64_t>({16, 32, 64})})},
                 {{"dtype", AttrValue::DType(dtype)},
                  {"descending", AttrValue::Bool(s.Coin())}}) != nullptr;
}

bool TileTri(GenScope& s) {
  DataType dtype = s.Pick<DataType>({DataType::kInt32, DataType::kFP32, DataType::kFP16});
  int64_t n = s.Pick<int64_t>({16, 32});
  std::vector<const Expr*> args = {s.ctx().Int(s.Int(-2, 2), DataType::kInt32),
                                   s.IndexList({n, n})};
  if (s.OneIn(3)) args.push_back(s.IndexList({n / 2, n}));
  return s.TryOp("tile.tri", args,
                 {{"dtype", AttrValue::DType(dtype)}, {"upper", AttrValue::Bool(s.Coin())}}) !=
         nullptr;
}

bool TileRandom(GenScope& s) {
  std::vector<const Expr*> args;
  for (int i = 0; i < 6; ++i) args.push_back(s.ctx().Int(s.Int(0, 100), DataType::kInt32));
  args.push_back(s.IndexList({s.Pick<int64_t>({1, 8}), 64}));
  return s.TryOp("tile.random", args,
                 {{"dtype", AttrValue::DType(s.Coin() ? DataType::kUInt32 : DataType::kInt32)},
                  {"rounds", AttrValue::Int(s.Coin() ? 7 : 10)}}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tile.alloc", TileAlloc),
    PTO_RECIPE("tensor.alloc", TensorAlloc),
    PTO_RECIPE("tile.ci", TileCi),
    PTO_RECIPE("tile.get_block_idx", BlockIndex, "tile.get_block_idx"),
    PTO_RECIPE("tile.get_block_num", BlockIndex, "tile.get_block_num"),
    PTO_RECIPE("tile.get_subblock_idx", BlockIndex, "tile.get_subblock_idx"),
    PTO_RECIPE("tile.mgather", TileMgather),
    PTO_RECIPE("tile.move", TileMove),
    PTO_RECIPE("tile.mscatter", TileMscatter),
    PTO_RECIPE("tile.random", TileRandom),
    PTO_RECIPE("tile.read", TileRead),
    PTO_RECIPE("tile.tri", TileTri),
    PTO_RECIPE("tile.write", TileWrite),
};

}  // namespace

absl::Span<const OpRecipe> MemoryAccessRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
