// Op recipes for on-chip windows and rearrangements: tile.slice, reshape,
// assemble, extract, scatter_update and concat (ir/ops/tile_transform.cc).
// Internal to the program generator; see recipe_util.h.

#include <optional>
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

bool Static2D(const TileType* t) { return t->rank() == 2 && IsStatic(t); }

// A visible static 2-D tile, else a fresh Vec one.
const Var* Source(GenScope& s) {
  std::vector<int64_t> shape = Shape2D(s);
  return s.TileOr(Static2D, s.AnyDType(), shape);
}

bool TileSlice(GenScope& s) {
  const Var* t = Source(s);
  if (t == nullptr) return false;
  std::vector<int64_t> dims =
      StaticShape(TileOf(t)->shape()).value_or(std::vector<int64_t>{1, 1});
  std::vector<int64_t> window, offset;
  for (int64_t d : dims) {
    int64_t w = s.Pick<int64_t>({d, std::max<int64_t>(1, d / 2), 1});
    window.push_back(w);
    offset.push_back(s.Coin() ? 0 : d - w);
  }
  std::vector<const Expr*> args = {t, s.IndexList(window), s.IndexList(offset)};
  if (s.OneIn(3)) args.push_back(s.IndexList({std::max<int64_t>(1, window[0] / 2), window[1]}));
  std::vector<NamedAttr> kw;
  if (s.OneIn(4)) kw.push_back({"pad_value", AttrValue::Enum(ir::PadValue::kZero)});
  return s.TryOp("tile.slice", args, kw) != nullptr;
}

bool TileReshape(GenScope& s) {
  const Var* t = Source(s);
  if (t == nullptr) return false;
  std::vector<int64_t> dims =
      StaticShape(TileOf(t)->shape()).value_or(std::vector<int64_t>{1, 1});
  int64_t n = dims[0] * dims[1];
  int64_t rows = s.Pick<int64_t>({1, 2, dims[0], n});
  if (n % rows != 0) rows = 1;
  return s.TryOp("tile.reshape", {t, s.IndexList({rows, n / rows})}) != nullptr;
}

bool TileAssemble(GenScope& s) {
  const Var* target = Source(s);
  if (target == nullptr) return false;
  const TileType* tt = TileOf(target);
  std::vector<int64_t> dims = StaticShape(tt->shape()).value_or(std::vector<int64_t>{1, 1});
  std::vector<int64_t> part = {std::max<int64_t>(1, dims[0] / 2), dims[1]};
  const Var* source = s.FreshTile(tt->dtype(), part);
  if (source == nullptr) return false;
  int64_t row = s.Coin() ? 0 : dims[0] - part[0];
  return s.TryOp("tile.assemble", {target, source, s.IndexList({row, 0})}) != nullptr;
}

bool TileExtract(GenScope& s) {
  const Var* t = Source(s);
  if (t == nullptr) return false;
  std::vector<int64_t> dims =
      StaticShape(TileOf(t)->shape()).value_or(std::vector<int64_t>{1, 1});
  int64_t r = std::max<int64_t>(1, dims[0] / 2);
  int64_t c = std::max<int64_t>(1, dims[1] / 2);
  auto space = s.Pick<ir::MemorySpace>(
      {ir::MemorySpace::kVec, ir::MemorySpace::kLeft, ir::MemorySpace::kRight});
  return s.TryOp("tile.extract",
                 {t, IndexOperand(s, 0, dims[0] - r), IndexOperand(s, 0, dims[1] - c),
                  s.IndexList({r, c})},
                 {{"target_memory", AttrValue::Enum(space)}}) != nullptr;
}

bool TileScatterUpdate(GenScope& s) {
  DataType dtype = s.Pick<DataType>({DataType::kFP16, DataType::kFP32, DataType::kInt32});
  int64_t d = s.Pick<int64_t>({16, 32});
  const Var* input = s.FreshTile(dtype, {64, d});
  const Var* index = s.FreshTile(DataType::kInt32, {2, 4});
  const Var* src = s.FreshTile(dtype, {8, d});
  if (input == nullptr || index == nullptr || src == nullptr) return false;
  return s.TryOp("tile.scatter_update", {input, index, src},
                 {{"dim", AttrValue::Int(-2)}}) != nullptr;
}

bool TileConcat(GenScope& s) {
  DataType dtype = s.AnyDType();
  int64_t rows = s.Pick<int64_t>({1, 8, 16});
  const Var* a = s.FreshTile(dtype, {rows, s.Pick<int64_t>({16, 32})});
  const Var* b = s.FreshTile(dtype, {rows, s.Pick<int64_t>({16, 32})});
  return a != nullptr && b != nullptr && s.TryOp("tile.concat", {a, b}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tile.assemble", TileAssemble),
    PTO_RECIPE("tile.concat", TileConcat),
    PTO_RECIPE("tile.extract", TileExtract),
    PTO_RECIPE("tile.reshape", TileReshape),
    PTO_RECIPE("tile.scatter_update", TileScatterUpdate),
    PTO_RECIPE("tile.slice", TileSlice),
};

}  // namespace

absl::Span<const OpRecipe> TransformRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
