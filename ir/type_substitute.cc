#include "ir/type_substitute.h"

#include <vector>

namespace pto::ir {
namespace {

// Substitutes each dim of `in` into `out`; true when any changed.
bool SubstituteList(Context& ctx, ExprSpan in, const DimVarMap& map,
                    std::vector<const Expr*>& out) {
  out.clear();
  bool changed = false;
  for (const Expr* d : in) {
    out.push_back(SubstituteDimVars(ctx, d, map));
    changed = changed || out.back() != d;
  }
  return changed;
}

}  // namespace

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
  std::vector<const Expr*> shape, valid, stride;
  if (const auto* t = type->As<TensorType>()) {
    bool changed = SubstituteList(ctx, t->shape(), map, shape);
    TensorView view = t->EffectiveView();
    changed |= SubstituteList(ctx, view.valid_shape, map, valid);
    changed |= SubstituteList(ctx, view.stride, map, stride);
    if (!changed) return type;
    view.valid_shape = valid;
    view.stride = stride;
    if (t->IsDistributed()) return ctx.GetDistributedTensorType(t->dtype(), shape, view);
    return ctx.GetTensorType(t->dtype(), shape, view);
  }
  if (const auto* t = type->As<TileType>()) {
    bool changed = SubstituteList(ctx, t->shape(), map, shape);
    if (t->view() == nullptr) {
      return changed ? ctx.GetTileType(t->dtype(), shape, t->memory_space()) : type;
    }
    TileView view = *t->view();
    changed |= SubstituteList(ctx, view.valid_shape, map, valid);
    changed |= SubstituteList(ctx, view.stride, map, stride);
    const Expr* offset = SubstituteDimVars(ctx, view.start_offset, map);
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
      elements.push_back(SubstituteDimVars(ctx, e, map));
      changed = changed || elements.back() != e;
    }
    return changed ? ctx.GetTupleType(elements) : type;
  }
  return type;  // scalars and the rest have no dims
}

}  // namespace pto::ir
