// Op recipes for views and transposes: tile.transpose_view,
// reinterpret_view, set_validshape, transpose; tensor.view and
// reinterpret_view (ir/ops/tile_view.cc, tile_transpose.cc, tensor_view.cc).
// Internal to the program generator; see recipe_util.h.

#include <algorithm>
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

constexpr DataType kReinterpretDTypes[] = {
    DataType::kInt8,  DataType::kInt16,  DataType::kInt32,  DataType::kInt64, DataType::kUInt8,
    DataType::kUInt16, DataType::kUInt32, DataType::kUInt64, DataType::kFP16,  DataType::kBF16,
    DataType::kFP32};

bool TileTransposeView(GenScope& s) {
  DataType dtype = s.AnyDType();
  std::vector<int64_t> shape = Shape2D(s);
  const Var* t = s.TileOr([](const TileType* t) { return t->rank() >= 2; }, dtype, shape);
  return t != nullptr && s.TryOp("tile.transpose_view", {t}) != nullptr;
}

bool FlatPackedTile(const TileType* t) {
  ir::TileView v = t->EffectiveView();
  return In(t->dtype(), kReinterpretDTypes) && t->rank() >= 1 &&
         v.slayout == ir::TileLayout::kNoneBox && v.blayout == ir::TileLayout::kRowMajor &&
         v.stride.empty() && (v.start_offset == nullptr || ir::AsConstInt(v.start_offset) == 0);
}

bool TileReinterpretView(GenScope& s) {
  DataType dtype = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
  int64_t rows = s.Extent();
  int64_t cols = s.Pick<int64_t>({16, 32, 64, 128});
  const Var* t = s.TileOr(FlatPackedTile, dtype, {rows, cols});
  if (t == nullptr) return false;
  const TileType* tt = TileOf(t);
  DataType target = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
  std::vector<const Expr*> args = {t};
  std::optional<std::vector<int64_t>> shape = StaticShape(tt->shape());
  if (shape && s.OneIn(3)) {
    int64_t bytes = tt->dtype().bytes();
    for (int64_t d : *shape) bytes *= d;
    if (bytes % target.bytes() == 0) args.push_back(s.IndexList({bytes / target.bytes()}));
  }
  NamedAttr kw[] = {{"dtype", AttrValue::DType(target)}};
  return s.TryOp("tile.reinterpret_view", args, kw) != nullptr;
}

bool TileSetValidShape(GenScope& s) {
  DataType dtype = s.AnyDType();
  std::vector<int64_t> shape = Shape2D(s);
  const Var* t = s.TileOr([](const TileType* t) { return t->rank() == 2; }, dtype, shape);
  if (t == nullptr) return false;
  const TileType* tt = TileOf(t);
  std::optional<int64_t> rows = ir::AsConstInt(tt->shape()[0]);
  std::optional<int64_t> cols = ir::AsConstInt(tt->shape()[1]);
  const Expr* args[] = {t, IndexOperand(s, 0, rows.value_or(1)),
                        IndexOperand(s, 0, cols.value_or(1))};
  return s.TryOp("tile.set_validshape", args, {}) != nullptr;
}

bool TileTranspose(GenScope& s) {
  DataType dtype = s.AnyDType();
  std::vector<int64_t> shape = s.Shape(2, 3);
  const Var* t = s.TileOr(
      [](const TileType* t) { return t->rank() >= 2 && t->dtype() != DataType::kFP4; }, dtype,
      shape);
  if (t == nullptr) return false;
  int rank = static_cast<int>(TileOf(t)->rank());
  int a = s.Int(-rank, rank - 1);
  int b = (a + rank + s.Int(1, rank - 1)) % rank;
  if (s.Coin()) b -= rank;
  std::vector<const Expr*> args = {t, s.ctx().Index(a), s.ctx().Index(b)};
  if (s.OneIn(4)) {
    const TileType* tt = TileOf(t);
    const Var* tmp = s.FindTile([&](const TileType* o) {
      return o->dtype() == tt->dtype() && o->rank() == tt->rank();
    });
    args.push_back(tmp != nullptr ? tmp : t);
  }
  return s.TryOp("tile.transpose", args, {}) != nullptr;
}

bool TensorView(GenScope& s) {
  const Var* t = s.AnyTensor();
  if (t == nullptr) return false;
  const TensorType* tt = TensorOf(t);
  std::vector<const Expr*> args = {t};
  std::vector<NamedAttr> kw;
  std::optional<std::vector<int64_t>> shape = StaticShape(tt->shape());
  switch (s.Int(0, 2)) {
    case 0: {  // a layout change only
      kw.push_back({"layout", AttrValue::Enum(s.Coin() ? ir::TensorLayout::kDN
                                                       : ir::TensorLayout::kND)});
      break;
    }
    case 1: {  // flatten or split the static element count
      if (!shape) {
        args.push_back(s.ctx().NewMakeTuple(tt->shape()));
        break;
      }
      int64_t n = 1;
      for (int64_t d : *shape) n *= d;
      int64_t split = s.Pick<int64_t>({1, 2, 4, 16});
      if (n % split == 0 && s.Coin()) {
        args.push_back(s.IndexList({split, n / split}));
      } else {
        args.push_back(s.IndexList({n}));
      }
      if (!tt->EffectiveView().valid_shape.empty() && s.Coin()) {
        args.push_back(s.ctx().NewMakeTuple(tt->ValidShape()));
      }
      break;
    }
    default: {  // the same shape, possibly with a layout
      args.push_back(s.ctx().NewMakeTuple(tt->shape()));
      if (s.Coin()) kw.push_back({"layout", AttrValue::Enum(ir::TensorLayout::kND)});
      break;
    }
  }
  return s.TryOp("tensor.view", args, kw) != nullptr;
}

bool TensorReinterpretView(GenScope& s) {
  const Var* t = s.FindTensor([](const TensorType* t) {
    return !t->IsDistributed() && In(t->dtype(), kReinterpretDTypes);
  });
  if (t == nullptr || s.OneIn(3)) {
    DataType dtype = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
    int64_t rows = s.Extent();
    int64_t cols = s.Pick<int64_t>({16, 32, 64});
    t = s.FreshTensor(dtype, {rows, cols});
  }
  if (t == nullptr) return false;
  DataType target = s.Pick(absl::Span<const DataType>(kReinterpretDTypes));
  std::vector<const Expr*> args = {t};
  if (std::optional<std::vector<int64_t>> shape = StaticShape(TensorOf(t)->shape());
      shape && s.OneIn(3)) {
    int64_t bytes = TensorOf(t)->dtype().bytes();
    for (int64_t d : *shape) bytes *= d;
    if (bytes % target.bytes() == 0) args.push_back(s.IndexList({bytes / target.bytes()}));
  }
  NamedAttr kw[] = {{"dtype", AttrValue::DType(target)}};
  return s.TryOp("tensor.reinterpret_view", args, kw) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tensor.reinterpret_view", TensorReinterpretView),
    PTO_RECIPE("tensor.view", TensorView),
    PTO_RECIPE("tile.reinterpret_view", TileReinterpretView),
    PTO_RECIPE("tile.set_validshape", TileSetValidShape),
    PTO_RECIPE("tile.transpose", TileTranspose),
    PTO_RECIPE("tile.transpose_view", TileTransposeView),
};

}  // namespace

absl::Span<const OpRecipe> ViewRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
