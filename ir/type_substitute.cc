#include "ir/type_substitute.h"

#include <vector>

namespace pto::ir {
namespace {

using DimFn = absl::FunctionRef<const Expr*(const Expr*)>;

// Maps each dim of `in` into `out`; true when any changed.
bool MapList(ExprSpan in, DimFn f, std::vector<const Expr*>& out) {
  out.clear();
  bool changed = false;
  for (const Expr* d : in) {
    out.push_back(f(d));
    changed = changed || out.back() != d;
  }
  return changed;
}

}  // namespace

const Type* MapTypeDims(Context& ctx, const Type* type, DimFn f) {
  if (type == nullptr) return type;
  std::vector<const Expr*> shape, valid, stride;
  if (const auto* t = type->As<TensorType>()) {
    bool changed = MapList(t->shape(), f, shape);
    TensorView view = t->EffectiveView();
    changed |= MapList(view.valid_shape, f, valid);
    changed |= MapList(view.stride, f, stride);
    if (!changed) return type;
    view.valid_shape = valid;
    view.stride = stride;
    if (t->IsDistributed()) return ctx.GetDistributedTensorType(t->dtype(), shape, view);
    return ctx.GetTensorType(t->dtype(), shape, view);
  }
  if (const auto* t = type->As<TileType>()) {
    bool changed = MapList(t->shape(), f, shape);
    if (t->view() == nullptr) {
      return changed ? ctx.GetTileType(t->dtype(), shape, t->memory_space()) : type;
    }
    TileView view = *t->view();
    changed |= MapList(view.valid_shape, f, valid);
    changed |= MapList(view.stride, f, stride);
    const Expr* offset = view.start_offset == nullptr ? nullptr : f(view.start_offset);
    changed |= offset != view.start_offset;
    if (!changed) return type;
    view.valid_shape = valid;
    view.stride = stride;
    view.start_offset = offset;
    return ctx.GetTileType(t->dtype(), shape, t->memory_space(), &view);
  }
  if (const auto* t = type->As<TupleType>()) {
    std::vector<const Type*> elements;
    bool changed = false;
    for (const Type* e : t->elements()) {
      elements.push_back(MapTypeDims(ctx, e, f));
      changed = changed || elements.back() != e;
    }
    return changed ? ctx.GetTupleType(elements) : type;
  }
  return type;  // scalars and the rest have no dims
}

void ForEachTypeDim(const Type* type, absl::FunctionRef<void(const Expr*)> f) {
  if (type == nullptr) return;
  auto each = [&](ExprSpan dims) {
    for (const Expr* d : dims) f(d);
  };
  if (const auto* t = type->As<TensorType>()) {
    each(t->shape());
    const TensorView view = t->EffectiveView();
    each(view.valid_shape);
    each(view.stride);
  } else if (const auto* t = type->As<TileType>()) {
    each(t->shape());
    if (const TileView* view = t->view()) {
      each(view->valid_shape);
      each(view->stride);
      if (view->start_offset != nullptr) f(view->start_offset);
    }
  } else if (const auto* t = type->As<TupleType>()) {
    for (const Type* e : t->elements()) ForEachTypeDim(e, f);
  }
}

const Expr* SubstituteDimVars(Context& ctx, const Expr* dim, const DimVarMap& map) {
  if (dim == nullptr || map.empty()) return dim;
  if (const auto* v = dim->As<Var>()) {
    auto it = map.find(v);
    return it == map.end() ? dim : it->second;
  }
  if (const auto* b = dim->As<BinaryExpr>()) {
    const Expr* lhs = SubstituteDimVars(ctx, b->lhs(), map);
    const Expr* rhs = SubstituteDimVars(ctx, b->rhs(), map);
    if (lhs == b->lhs() && rhs == b->rhs()) return dim;
    return ctx.NewBinary(b->op(), lhs, rhs, b->dtype(), b->loc());
  }
  if (const auto* u = dim->As<UnaryExpr>()) {
    const Expr* operand = SubstituteDimVars(ctx, u->operand(), map);
    if (operand == u->operand()) return dim;
    return ctx.NewUnary(u->op(), operand, u->dtype(), u->loc());
  }
  return dim;  // constants; dims hold nothing else
}

const Type* SubstituteDimVars(Context& ctx, const Type* type, const DimVarMap& map) {
  if (type == nullptr || map.empty()) return type;
  return MapTypeDims(ctx, type, [&](const Expr* d) { return SubstituteDimVars(ctx, d, map); });
}

}  // namespace pto::ir
