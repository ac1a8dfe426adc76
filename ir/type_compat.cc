#include "ir/type_compat.h"

#include "ir/context.h"
#include "ir/depth_guard.h"

namespace pto::ir {
namespace {

bool DimsEqual(ExprSpan a, ExprSpan b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!ExprIdentical(a[i], b[i])) return false;
  }
  return true;
}

bool FitsAt(const Type* declared, const Type* actual, int depth) {
  if (declared == actual) return true;
  if (declared == nullptr || actual == nullptr || depth > kMaxIrDepth) return false;
  if (actual->Is<UnknownType>()) return true;
  if (const auto* d = declared->As<ScalarType>()) {
    const auto* a = actual->As<ScalarType>();
    // Any integer scalar converts to another where the call is emitted (a
    // pld.world_size() INT64 into an INT32 parameter).
    if (a != nullptr) {
      auto integer = [](DataType t) { return t.IsInt() || t == DataType::kIndex; };
      return DtypesMeet(d->dtype(), a->dtype()) || (integer(d->dtype()) && integer(a->dtype()));
    }
  }
  if (const auto* d = declared->As<ShapedType>()) {
    const auto* a = actual->As<ShapedType>();
    if (a != nullptr) return DtypesMeet(d->dtype(), a->dtype());
  }
  const auto* at = actual->As<TupleType>();
  if (const auto* dt = declared->As<TupleType>()) {
    if (at == nullptr || at->elements().size() != dt->elements().size()) return false;
    for (size_t i = 0; i < dt->elements().size(); ++i) {
      if (!FitsAt(dt->elements()[i], at->elements()[i], depth + 1)) return false;
    }
    return true;
  }
  return at != nullptr && at->elements().size() == 1 &&
         FitsAt(declared, at->elements()[0], depth + 1);
}

bool TileViewMetadataEqual(const TileView& a, const TileView& b) {
  bool offsets = (a.start_offset == nullptr || b.start_offset == nullptr)
                     ? a.start_offset == b.start_offset
                     : ExprIdentical(a.start_offset, b.start_offset);
  return offsets && DimsEqual(a.stride, b.stride) && a.blayout == b.blayout &&
         a.slayout == b.slayout && a.fractal == b.fractal && a.pad == b.pad &&
         a.compact == b.compact;
}

bool Agree(const Type* a, const Type* b, int depth) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr || a->kind() != b->kind() || depth > kMaxIrDepth) {
    return false;
  }
  if (const auto* ta = a->As<TupleType>()) {
    auto x = ta->elements();
    auto y = b->As<TupleType>()->elements();
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (!Agree(x[i], y[i], depth + 1)) return false;
    }
    return true;
  }
  if (const auto* sa = a->As<ScalarType>()) return sa->dtype() == b->As<ScalarType>()->dtype();
  const auto* sa = a->As<ShapedType>();
  const auto* sb = b->As<ShapedType>();
  if (sa == nullptr || sb == nullptr) return false;  // interned singletons: distinct differ
  if (sa->dtype() != sb->dtype() || !DimsEqual(sa->shape(), sb->shape())) return false;
  if (const auto* ta = a->As<TensorType>()) {
    const auto* tb = b->As<TensorType>();
    return DimsEqual(ta->ValidShape(), tb->ValidShape()) &&
           ta->EffectiveView().pad == tb->EffectiveView().pad;
  }
  const auto* ta = a->As<TileType>();
  const auto* tb = b->As<TileType>();
  if (ta == nullptr || tb == nullptr) return false;
  if (!DimsEqual(ta->ValidShape(), tb->ValidShape())) return false;
  // An omitted view may still be settled by a later pass (upstream's rule).
  if (ta->view() == nullptr || tb->view() == nullptr) return true;
  return TileViewMetadataEqual(*ta->view(), *tb->view());
}

}  // namespace

bool DtypesMeet(DataType a, DataType b) {
  return a == b || (a == DataType::kIndex && b.IsInt()) || (b == DataType::kIndex && a.IsInt());
}

bool FitsFunctionBoundary(const Type* declared, const Type* actual) {
  return FitsAt(declared, actual, 0);
}

bool CarriedTypesAgree(const Type* a, const Type* b) { return Agree(a, b, 0); }

void CallDimBindings::BindDim(const Expr* pattern, const Expr* value, size_t index) {
  if (pattern == nullptr || value == nullptr || !pattern->Is<Var>()) return;
  const Var* var = pattern->As<Var>();
  auto [it, inserted] = map_.emplace(var, value);
  if (!inserted && !ExprIdentical(it->second, value)) {
    repeats_.push_back(Clash{var, it->second, value, index});
  }
}

void CallDimBindings::BindDims(ExprSpan pattern, ExprSpan value, size_t index) {
  for (size_t i = 0; i < pattern.size() && i < value.size(); ++i) {
    BindDim(pattern[i], value[i], index);
  }
}

void CallDimBindings::Collect(const Type* param, const Type* arg, size_t index) {
  if (param == nullptr || arg == nullptr) return;
  if (const auto* pt = param->As<TupleType>()) {
    const auto* at = arg->As<TupleType>();
    if (at == nullptr) return;
    for (size_t i = 0; i < pt->elements().size() && i < at->elements().size(); ++i) {
      Collect(pt->elements()[i], at->elements()[i], index);
    }
    return;
  }
  if (const auto* pt = param->As<TensorType>()) {
    const auto* at = arg->As<TensorType>();
    if (at == nullptr) return;
    BindDims(pt->shape(), at->shape(), index);
    BindDims(pt->ValidShape(), at->ValidShape(), index);
    if (pt->view() != nullptr && at->view() != nullptr) {
      BindDims(pt->view()->stride, at->view()->stride, index);
    }
    return;
  }
  const auto* pt = param->As<TileType>();
  const auto* at = arg->As<TileType>();
  if (pt == nullptr || at == nullptr) return;
  BindDims(pt->shape(), at->shape(), index);
  BindDims(pt->ValidShape(), at->ValidShape(), index);
  if (pt->view() != nullptr && at->view() != nullptr) {
    BindDims(pt->view()->stride, at->view()->stride, index);
    BindDim(pt->view()->start_offset, at->view()->start_offset, index);
  }
}

std::optional<CallDimBindings::Clash> CallDimBindings::Conflict(Context& ctx) const {
  for (const Clash& c : repeats_) {
    // A dim may name another placeholder that a later argument binds. Only
    // two different static extents are a sure conflict: symbolic dims that
    // differ in spelling may still be equal (upstream proves what it can).
    const auto* a = SubstituteDimVars(ctx, c.first, map_)->As<ConstInt>();
    const auto* b = SubstituteDimVars(ctx, c.second, map_)->As<ConstInt>();
    if (a != nullptr && b != nullptr && a->value() != b->value()) return c;
  }
  return std::nullopt;
}

}  // namespace pto::ir
