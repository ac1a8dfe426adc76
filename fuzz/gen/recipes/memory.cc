// Op recipes for memory: tile.create/full/load/store and
// tensor.create/full/read (ir/ops/tile_memory.cc, tensor_memory.cc,
// tensor_read.cc).
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

bool TileCreate(GenScope& s) {
  std::vector<int64_t> shape = s.Shape(1, 3);
  DataType dtype = s.AnyDType();
  std::vector<NamedAttr> kw = {{"dtype", AttrValue::DType(dtype)}};
  if (!s.OneIn(4)) {
    auto space = static_cast<ir::MemorySpace>(s.Int(0, ir::EnumSize<ir::MemorySpace>() - 1));
    if (s.Coin()) space = ir::MemorySpace::kVec;
    kw.push_back({"target_memory", AttrValue::Enum(space)});
    if (space == ir::MemorySpace::kMat && s.OneIn(3)) {
      kw.push_back({s.Coin() ? "transpose" : "flat_layout", AttrValue::Bool(true)});
    }
  }
  return s.TryOp("tile.create", {s.IndexList(shape)}, kw) != nullptr;
}

bool TileFull(GenScope& s) {
  std::vector<int64_t> shape = s.Shape(1, 3);
  DataType dtype = s.AnyDType();
  const Expr* value = s.Coin() ? s.Literal(DataType::kFP32) : s.Literal(DataType::kIndex);
  if (s.OneIn(5)) value = s.Literal(s.AnyDType());
  const Expr* args[] = {s.IndexList(shape), value};
  NamedAttr kw[] = {{"dtype", AttrValue::DType(dtype)}};
  return s.TryOp("tile.full", args, kw) != nullptr;
}

bool TileLoad(GenScope& s) {
  const Var* x = s.AnyTensor();
  if (x == nullptr) return false;
  const TensorType* tt = TensorOf(x);
  ir::Context& ctx = s.ctx();
  size_t rank = tt->rank();
  if (rank == 0) return false;
  size_t wrank = s.OneIn(6) ? static_cast<size_t>(s.Int(1, static_cast<int>(rank))) : rank;
  std::vector<const Expr*> offsets, shapes, valid;
  for (size_t i = 0; i < wrank; ++i) {
    std::optional<int64_t> dim = ir::AsConstInt(tt->shape()[rank - wrank + i]);
    int64_t extent = s.Extent();
    if (dim && *dim > 0 && !s.OneIn(6)) {
      extent = s.Pick({*dim, std::max<int64_t>(1, *dim / 2), std::min<int64_t>(*dim, 16),
                       int64_t{1}});
    }
    if (tt->dtype() == DataType::kFP4 && i + 1 == wrank && extent % 2 != 0) ++extent;
    const Expr* offset = ctx.Index(0);
    if (dim && *dim > extent && s.OneIn(3)) {
      offset = ctx.Index(s.Int64(0, *dim - extent));
    } else if (s.OneIn(6)) {
      offset = IndexOperand(s, 0, 0);
    }
    offsets.push_back(offset);
    shapes.push_back(ctx.Index(extent));
    valid.push_back(s.OneIn(3) ? IndexOperand(s, 1, extent) : ctx.Index(extent));
  }
  std::vector<NamedAttr> kw;
  ir::TensorLayout layout = tt->EffectiveView().layout;
  bool mx = layout == ir::TensorLayout::kMxAZZ || layout == ir::TensorLayout::kMxBNN;
  if (mx || s.OneIn(4)) {
    kw.push_back({"target_memory", AttrValue::Enum(mx || s.Coin() ? ir::MemorySpace::kMat
                                                                   : ir::MemorySpace::kVec)});
  }
  if (s.OneIn(4)) kw.push_back({"clamp", AttrValue::Bool(s.Coin())});
  const Expr* args[] = {x, ctx.NewMakeTuple(ctx.Save<const Expr*>(offsets)),
                        ctx.NewMakeTuple(ctx.Save<const Expr*>(shapes)),
                        ctx.NewMakeTuple(ctx.Save<const Expr*>(valid))};
  return s.TryOp("tile.load", args, kw) != nullptr;
}

bool TileStore(GenScope& s) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  const TileType* tt = TileOf(t);
  const Var* out = s.FindTensor([&](const TensorType* o) { return o->rank() == tt->rank(); });
  if (out == nullptr) {
    if (std::optional<std::vector<int64_t>> shape = StaticShape(tt->shape())) {
      out = s.FreshTensor(tt->dtype(), *shape);
    }
  }
  if (out == nullptr) return false;
  const TensorType* ot = TensorOf(out);
  ir::Context& ctx = s.ctx();
  std::vector<const Expr*> offsets;
  std::optional<std::vector<int64_t>> valid = StaticShape(tt->ValidShape());
  for (size_t i = 0; i < ot->rank(); ++i) {
    std::optional<int64_t> dim = ir::AsConstInt(ot->shape()[i]);
    int64_t room = dim && valid ? *dim - (*valid)[i] : 0;
    offsets.push_back(room > 0 && s.OneIn(4) ? ctx.Index(s.Int64(0, room)) : ctx.Index(0));
  }
  std::vector<const Expr*> args = {t, ctx.NewMakeTuple(ctx.Save<const Expr*>(offsets)), out};
  if (s.OneIn(8)) {
    std::vector<int64_t> shapes(offsets.size(), 1);
    if (valid) shapes = *valid;
    for (int64_t& d : shapes) d = std::max<int64_t>(d, 1);
    args.push_back(s.IndexList(shapes));
  }
  std::vector<NamedAttr> kw;
  if (s.OneIn(4)) {
    kw.push_back({"atomic", AttrValue::Enum(s.Coin() ? ir::AtomicType::kAdd
                                                     : ir::AtomicType::kNone)});
  }
  if (s.OneIn(6)) {
    // A store kept for its effect alone.
    const ir::Call* call = s.TryCall("tile.store", args, kw);
    if (call == nullptr) return false;
    s.Emit(ctx.NewEval(call));
    return true;
  }
  return s.TryOp("tile.store", args, kw) != nullptr;
}

bool TensorCreate(GenScope& s) {
  std::vector<int64_t> shape = s.Shape(1, 3);
  std::vector<const Expr*> dims;
  for (int64_t d : shape) {
    const Expr* dim = s.ctx().Index(d);
    if (s.OneIn(5)) {
      if (const Var* v = ExtentScalar(s)) dim = v;
    }
    dims.push_back(dim);
  }
  std::vector<NamedAttr> kw = {{"dtype", AttrValue::DType(s.AnyDType())}};
  if (s.OneIn(3)) {
    auto layout = s.OneIn(4) ? static_cast<ir::TensorLayout>(
                                   s.Int(0, ir::EnumSize<ir::TensorLayout>() - 1))
                             : ir::TensorLayout::kDN;
    kw.push_back({"layout", AttrValue::Enum(layout)});
  }
  if (s.OneIn(4)) kw.push_back({"manual_dep", AttrValue::Bool(s.Coin())});
  if (s.OneIn(4)) kw.push_back({"init_value", AttrValue::Float(s.Pick({0.0, 1.5, -3.0}))});
  const Expr* args[] = {s.ctx().NewMakeTuple(s.ctx().Save<const Expr*>(dims))};
  return s.TryOp("tensor.create", args, kw) != nullptr;
}

bool TensorFull(GenScope& s) {
  const Expr* value = s.Coin() ? s.Literal(DataType::kFP32) : s.Literal(DataType::kIndex);
  const Expr* args[] = {s.IndexList(s.Shape(1, 3)), value};
  NamedAttr kw[] = {{"dtype", AttrValue::DType(s.AnyDType())}};
  return s.TryOp("tensor.full", args, kw) != nullptr;
}

bool TensorRead(GenScope& s) {
  const Var* t = s.FindTensor([](const TensorType* t) { return t->rank() >= 1; });
  if (t == nullptr) return false;
  const Expr* args[] = {t, Coordinates(s, TensorOf(t))};
  return s.TryOp("tensor.read", args, {}) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("tensor.create", TensorCreate),
    PTO_RECIPE("tensor.full", TensorFull),
    PTO_RECIPE("tensor.read", TensorRead),
    PTO_RECIPE("tile.create", TileCreate),
    PTO_RECIPE("tile.full", TileFull),
    PTO_RECIPE("tile.load", TileLoad),
    PTO_RECIPE("tile.store", TileStore),
};

}  // namespace

absl::Span<const OpRecipe> MemoryRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
