// The type rules of the verifier (verifier_internal.h): which argument and
// result types a callee's declared types accept.

#include "ir/analysis/verifier_internal.h"

namespace pto::ir::verifier_internal {
namespace {

// Does the expression mention a Var? (A symbolic dim of a callee's param.)
bool MentionsVar(const Expr* e, int depth) {
  if (e == nullptr || depth > kMaxDepth) return false;
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      return true;
    case NodeKind::kBinary:
      return MentionsVar(e->As<BinaryExpr>()->lhs(), depth + 1) ||
             MentionsVar(e->As<BinaryExpr>()->rhs(), depth + 1);
    case NodeKind::kUnary:
      return MentionsVar(e->As<UnaryExpr>()->operand(), depth + 1);
    default:
      return false;
  }
}

bool DimAccepts(const Expr* formal, const Expr* actual) {
  return ExprIdentical(formal, actual) || MentionsVar(formal, 0);
}

bool DimsAccept(ExprSpan formal, ExprSpan actual) {
  if (formal.size() != actual.size()) return false;
  for (size_t i = 0; i < formal.size(); ++i) {
    if (!DimAccepts(formal[i], actual[i])) return false;
  }
  return true;
}

}  // namespace

bool IsIndexLikeScalar(const Type* t) {
  const auto* s = t != nullptr ? t->As<ScalarType>() : nullptr;
  return s != nullptr && s->dtype().IsIndexLike();
}

// Does a call's result type `actual` fit the callee's declared return type
// `formal`? Exact, except that a formal dim mentioning a Var (a dynamic dim
// of the callee, bound by the arguments) accepts any dim. (Arguments and
// returned values follow FitsFunctionBoundary, ir/type_compat.h.)
bool TypeAccepts(const Type* formal, const Type* actual, int depth) {
  if (formal == actual) return true;
  if (formal == nullptr || actual == nullptr || formal->kind() != actual->kind() ||
      depth > kMaxDepth) {
    return false;
  }
  switch (formal->kind()) {
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* f = formal->As<TensorType>();
      const auto* a = actual->As<TensorType>();
      if (f->dtype() != a->dtype() || !DimsAccept(f->shape(), a->shape())) return false;
      const TensorView* fv = f->view();
      const TensorView* av = a->view();
      if (fv == nullptr || av == nullptr) return fv == av;
      return DimsAccept(fv->valid_shape, av->valid_shape) && DimsAccept(fv->stride, av->stride) &&
             fv->layout == av->layout && fv->pad == av->pad;
    }
    case TypeKind::kTile: {
      const auto* f = formal->As<TileType>();
      const auto* a = actual->As<TileType>();
      if (f->dtype() != a->dtype() || f->memory_space() != a->memory_space() ||
          !DimsAccept(f->shape(), a->shape())) {
        return false;
      }
      const TileView* fv = f->view();
      const TileView* av = a->view();
      if (fv == nullptr || av == nullptr) return fv == av;
      bool offsets = (fv->start_offset == nullptr || av->start_offset == nullptr)
                         ? fv->start_offset == av->start_offset
                         : DimAccepts(fv->start_offset, av->start_offset);
      return offsets && DimsAccept(fv->valid_shape, av->valid_shape) &&
             DimsAccept(fv->stride, av->stride) && fv->blayout == av->blayout &&
             fv->slayout == av->slayout && fv->fractal == av->fractal && fv->pad == av->pad &&
             fv->compact == av->compact;
    }
    case TypeKind::kTuple: {
      auto f = formal->As<TupleType>()->elements();
      auto a = actual->As<TupleType>()->elements();
      if (f.size() != a.size()) return false;
      for (size_t i = 0; i < f.size(); ++i) {
        if (!TypeAccepts(f[i], a[i], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;  // Scalars and singletons are interned: distinct means different.
  }
}

bool HoldsIdentifierElements(const Type* t, int depth) {
  if (t == nullptr || depth > kMaxDepth) return false;
  if (const auto* s = t->As<ShapedType>()) return s->dtype().IsIdentifier();
  if (const auto* tuple = t->As<TupleType>()) {
    for (const Type* e : tuple->elements()) {
      if (HoldsIdentifierElements(e, depth + 1)) return true;
    }
  }
  return false;
}

}  // namespace pto::ir::verifier_internal
