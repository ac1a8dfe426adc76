// Op recipes for compare and select: tile.cmp, tile.cmps, tile.sel, tile.sels
// and tile.select (ir/ops/tile_compare.cc, tile_select.cc).
// Internal to the program generator; see recipe_util.h.

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

constexpr DataType kSelsSrcDTypes[] = {DataType::kInt8,   DataType::kUInt8, DataType::kInt16,
                                       DataType::kUInt16, DataType::kInt32, DataType::kUInt32,
                                       DataType::kFP16,   DataType::kFP32};

std::vector<NamedAttr> CmpKwargs(GenScope& s) {
  if (s.OneIn(4)) return {};
  int64_t cmp = s.OneIn(16) ? s.Int(-1, 7) : s.Int(0, 5);
  return {{"cmp_type", AttrValue::Int(cmp)}};
}

bool TileCmp(GenScope& s) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  const Expr* args[] = {lhs, TilePartner(s, lhs)};
  return s.TryOp("tile.cmp", args, CmpKwargs(s)) != nullptr;
}

bool TileCmps(GenScope& s) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  const Expr* args[] = {lhs, ScalarOperand(s)};
  return s.TryOp("tile.cmps", args, CmpKwargs(s)) != nullptr;
}

// The packed predicate mask of `value` (tile.cmps / tile.cmp), or nullptr.
const Var* MaskOf(GenScope& s, const Var* value) {
  NamedAttr kw[] = {{"cmp_type", AttrValue::Int(s.Int(0, 5))}};
  if (s.Coin()) {
    const Expr* args[] = {value, value};
    if (const Var* m = s.TryOp("tile.cmp", args, kw)) return m;
  }
  const Expr* args[] = {value, s.ctx().Float(0.0)};
  return s.TryOp("tile.cmps", args, kw);
}

bool TileSel(GenScope& s) {
  const Var* lhs = s.AnyTile();
  if (lhs == nullptr) return false;
  const Var* mask = s.Coin() ? MaskOf(s, lhs) : s.AnyTile();
  const Expr* args[] = {mask, lhs, TilePartner(s, lhs), s.AnyTile()};
  return s.TryOp("tile.sel", args, {}) != nullptr;
}

DataType TselsScalar(DataType src) {
  switch (src.code()) {
    case DataType::kUInt8: return DataType::kInt8;
    case DataType::kUInt16: return DataType::kInt16;
    case DataType::kUInt32: return DataType::kInt32;
    default: return src;
  }
}

bool TileSels(GenScope& s) {
  DataType dt = s.Pick(absl::Span<const DataType>(kSelsSrcDTypes));
  std::vector<int64_t> shape = Shape2D(s);
  const Var* src = s.TileOr(
      [](const TileType* t) { return t->rank() == 2 && In(t->dtype(), kSelsSrcDTypes); }, dt,
      shape);
  if (src == nullptr) return false;
  const Var* mask = MaskOf(s, src);
  if (mask == nullptr) return false;
  const Var* tmp = s.TileOr([](const TileType* t) { return t->rank() == 2; }, DataType::kUInt8,
                            {1, 32});
  const Expr* args[] = {mask, src, tmp, s.Literal(TselsScalar(TileOf(src)->dtype()))};
  return s.TryOp("tile.sels", args, {}) != nullptr;
}

// A literal every numeric dtype can hold exactly (select's scalar branch).
const Expr* SmallIntegralLiteral(GenScope& s) {
  int v = s.Int(0, 3);
  if (s.Coin()) return s.ctx().Float(static_cast<double>(v));
  return s.ctx().Index(v);
}

bool TileSelect(GenScope& s) {
  DataType dtype =
      s.Pick({DataType(DataType::kFP32), DataType(DataType::kFP16), DataType(DataType::kInt32)});
  std::vector<int64_t> shape = s.Shape(1, 3);
  const Var* model = s.TileOr(
      [](const TileType* t) { return IsStatic(t) && !t->dtype().IsBool(); }, dtype, shape);
  if (model == nullptr) return false;
  const Var* mask = MaskOf(s, model);
  if (mask == nullptr) return false;
  const Expr* on_true = model;
  const Expr* on_false = model;
  switch (s.Int(0, 2)) {
    case 0:
      if (const Var* v = s.FindOfType(model->type())) on_false = v;
      break;
    case 1:
      on_false = SmallIntegralLiteral(s);
      break;
    default:
      on_true = SmallIntegralLiteral(s);
      break;
  }
  const Expr* args[] = {mask, on_true, on_false};
  return s.TryOp("tile.select", args, {}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tile.cmp", TileCmp),
    PTO_RECIPE("tile.cmps", TileCmps),
    PTO_RECIPE("tile.sel", TileSel),
    PTO_RECIPE("tile.select", TileSelect),
    PTO_RECIPE("tile.sels", TileSels),
};

}  // namespace

absl::Span<const OpRecipe> CompareSelectRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
