// Op recipes for MX quantisation: tile.tquant_mx, tile.tquant_mx_raw and
// tile.tmov_x2zz (ir/ops/tile_quant_mx.cc).
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

constexpr DataType kQuantDTypes[] = {DataType::kFP16, DataType::kFP32, DataType::kBF16};

struct QuantSource {
  const Var* src;
  int64_t rows;
  int64_t cols;
  int axis;
};

// A 2-D FP16/FP32/BF16 tile of static shape that satisfies the MX rules.
std::optional<QuantSource> PickQuantSource(GenScope& s) {
  int axis = s.Int(0, 1);
  int64_t rows = axis == 1 ? s.Pick<int64_t>({16, 32, 48}) : s.Pick<int64_t>({32, 64});
  int64_t cols = s.Pick<int64_t>({64, 128});
  DataType dtype = s.Pick(absl::Span<const DataType>(kQuantDTypes));
  const Var* src = s.TileOr(
      [&](const TileType* t) {
        std::optional<std::vector<int64_t>> shape = StaticShape(t->shape());
        return shape && shape->size() == 2 && (*shape)[0] == rows && (*shape)[1] == cols &&
               In(t->dtype(), kQuantDTypes) && FullyValid(t);
      },
      dtype, {rows, cols});
  if (src == nullptr) return std::nullopt;
  return QuantSource{src, rows, cols, axis};
}

std::vector<NamedAttr> QuantKwargs(GenScope& s, int axis) {
  std::vector<NamedAttr> kw = {{"group_axis", AttrValue::Int(axis)}};
  if (s.OneIn(3)) kw.push_back({"dtype", AttrValue::DType(DataType::kFP8E4M3FN)});
  return kw;
}

// Binds the elements of the tuple `tuple` (sometimes).
void Unpack(GenScope& s, const Var* tuple) {
  if (tuple == nullptr) return;
  const auto* tt = tuple->type()->As<ir::TupleType>();
  for (size_t i = 0; i < tt->elements().size(); ++i) {
    if (s.Coin()) s.Bind(s.ctx().NewTupleGetItem(tuple, static_cast<int>(i)), "elt");
  }
}

bool TileQuantMx(GenScope& s) {
  std::optional<QuantSource> q = PickQuantSource(s);
  if (!q) return false;
  const Expr* args[] = {q->src};
  const Var* r = s.TryOp("tile.tquant_mx", args, QuantKwargs(s, q->axis));
  Unpack(s, r);
  return r != nullptr;
}

bool TileQuantMxRaw(GenScope& s) {
  std::optional<QuantSource> q = PickQuantSource(s);
  if (!q) return false;
  int64_t groups = q->axis == 0 ? q->rows / 32 * q->cols : q->rows * q->cols / 32;
  DataType dt = TileOf(q->src)->dtype();
  std::vector<int64_t> ws_shape = s.Coin() ? std::vector<int64_t>{1, groups}
                                           : std::vector<int64_t>{groups};
  const Var* max_ws = s.FreshTile(dt, ws_shape);
  const Var* scaling_ws = s.Coin() ? max_ws : s.FreshTile(dt, ws_shape);
  const Expr* args[] = {q->src, max_ws, scaling_ws};
  const Var* r = s.TryOp("tile.tquant_mx_raw", args, QuantKwargs(s, q->axis));
  Unpack(s, r);
  return r != nullptr;
}

bool TileTmovX2Zz(GenScope& s) {
  int axis = s.Int(0, 1);
  std::vector<int64_t> src_shape, tmp_shape;
  std::vector<NamedAttr> kw = {{"group_axis", AttrValue::Int(axis)}};
  if (axis == 1) {
    int64_t rows = s.Pick<int64_t>({16, 32});
    int64_t cols = s.Pick<int64_t>({2, 4});
    src_shape = s.Coin() ? std::vector<int64_t>{rows, cols} : std::vector<int64_t>{1, rows * cols};
    tmp_shape = {1, 64 + (rows / 16) * cols};
    kw.push_back({"dst_rows", AttrValue::Int(rows)});
    kw.push_back({"dst_cols", AttrValue::Int(cols)});
  } else {
    src_shape = {s.Pick<int64_t>({2, 4}), s.Pick<int64_t>({16, 32})};
    tmp_shape = {1, 32};
  }
  const Var* src = s.FreshTile(DataType::kUInt8, src_shape);
  const Var* tmp = s.FreshTile(DataType::kUInt8, tmp_shape);
  const Expr* args[] = {src, tmp};
  return s.TryOp("tile.tmov_x2zz", args, kw) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tile.tmov_x2zz", TileTmovX2Zz),
    PTO_RECIPE("tile.tquant_mx", TileQuantMx),
    PTO_RECIPE("tile.tquant_mx_raw", TileQuantMxRaw),
};

}  // namespace

absl::Span<const OpRecipe> QuantMxRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
