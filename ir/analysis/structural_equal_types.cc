// Structural equality of types and their tensor/tile views: EqualChecker's
// members for that IR level (see structural_equal_checker.h).

#include <string>

#include "absl/base/attributes.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/analysis/ir_format.h"
#include "ir/analysis/structural_common.h"
#include "ir/analysis/structural_equal_checker.h"
#include "ir/depth_guard.h"
#include "ir/dtype.h"

namespace pto::ir::structural {
namespace {

// Does the type mention a Var anywhere (shape or view dims)? Only a closed
// type may be taken as equal to itself without a look: an open one is equal
// to itself only if its Vars are paired with themselves.
bool IsClosedExpr(const Expr* e, int depth) {
  if (e == nullptr) return true;
  if (depth > kMaxDepth) return false;
  switch (e->kind()) {
    case NodeKind::kConstInt:
    case NodeKind::kConstFloat:
    case NodeKind::kConstBool:
      return true;
    case NodeKind::kBinary: {
      const auto* b = e->As<BinaryExpr>();
      return IsClosedExpr(b->lhs(), depth + 1) && IsClosedExpr(b->rhs(), depth + 1);
    }
    case NodeKind::kUnary:
      return IsClosedExpr(e->As<UnaryExpr>()->operand(), depth + 1);
    default:
      return false;  // Vars, and (conservatively) anything more exotic.
  }
}

bool IsClosedList(ExprSpan dims, int depth) {
  for (const Expr* d : dims) {
    if (!IsClosedExpr(d, depth)) return false;
  }
  return true;
}

bool IsClosedType(const Type* t, int depth) {
  if (depth > kMaxDepth) return false;
  switch (t->kind()) {
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* tt = t->As<TensorType>();
      if (!IsClosedList(tt->shape(), depth)) return false;
      const TensorView* v = tt->view();
      return v == nullptr ||
             (IsClosedList(v->valid_shape, depth) && IsClosedList(v->stride, depth));
    }
    case TypeKind::kTile: {
      const auto* tt = t->As<TileType>();
      if (!IsClosedList(tt->shape(), depth)) return false;
      const TileView* v = tt->view();
      return v == nullptr ||
             (IsClosedList(v->valid_shape, depth) && IsClosedList(v->stride, depth) &&
              IsClosedExpr(v->start_offset, depth));
    }
    case TypeKind::kTuple:
      for (const Type* e : t->As<TupleType>()->elements()) {
        if (e != nullptr && !IsClosedType(e, depth + 1)) return false;
      }
      return true;
    default:
      return true;
  }
}

}  // namespace

using diag::FormatDataType;
using diag::FormatEnum;
using diag::FormatExpr;
using diag::FormatType;

bool EqualChecker::SameDims(ExprSpan a, ExprSpan b, absl::string_view field) {
  if (a.size() != b.size()) {
    Fail([&] { return absl::StrCat("rank ", a.size(), " vs ", b.size()); });
    return Up([&] { return std::string(field); });
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (!SameExprs(a[i], b[i])) return Up([&] { return absl::StrCat(field, "[", i, "]"); });
  }
  return true;
}

// The views have one caller each, SameTypes; forced inline for the reason
// given at UseVar (structural_equal_exprs.cc).
ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool EqualChecker::SameTensorViews(const TensorView* a,
                                                                      const TensorView* b) {
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    Fail([&] { return Versus(a ? "present" : "absent", b ? "present" : "absent"); });
    return Up([] { return "view"; });
  }
  bool ok = SameDims(a->valid_shape, b->valid_shape, "valid_shape") &&
            SameDims(a->stride, b->stride, "stride");
  if (ok && a->layout != b->layout) {
    Fail([&] { return Versus(FormatEnum(a->layout), FormatEnum(b->layout)); });
    Up([] { return "layout"; });
    ok = false;
  }
  if (ok && a->pad != b->pad) {
    Fail([&] { return Versus(FormatEnum(a->pad), FormatEnum(b->pad)); });
    Up([] { return "pad"; });
    ok = false;
  }
  return ok || Up([] { return "view"; });
}

ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool EqualChecker::SameTileViews(const TileView* a,
                                                                    const TileView* b) {
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    Fail([&] { return Versus(a ? "present" : "absent", b ? "present" : "absent"); });
    return Up([] { return "view"; });
  }
  bool ok = SameDims(a->valid_shape, b->valid_shape, "valid_shape") &&
            SameDims(a->stride, b->stride, "stride");
  if (ok && (a->start_offset == nullptr) != (b->start_offset == nullptr)) {
    Fail([&] {
      return Versus(a->start_offset ? FormatExpr(a->start_offset) : "absent",
                    b->start_offset ? FormatExpr(b->start_offset) : "absent");
    });
    Up([] { return "start_offset"; });
    ok = false;
  }
  if (ok && a->start_offset != nullptr && !SameExprs(a->start_offset, b->start_offset)) {
    Up([] { return "start_offset"; });
    ok = false;
  }
  auto field = [&](bool differs, absl::string_view name, auto value_a, auto value_b) {
    if (!ok || !differs) return;
    Fail([&] { return Versus(value_a(), value_b()); });
    Up([&] { return std::string(name); });
    ok = false;
  };
  field(a->blayout != b->blayout, "blayout", [&] { return FormatEnum(a->blayout); },
        [&] { return FormatEnum(b->blayout); });
  field(a->slayout != b->slayout, "slayout", [&] { return FormatEnum(a->slayout); },
        [&] { return FormatEnum(b->slayout); });
  field(a->fractal != b->fractal, "fractal", [&] { return absl::StrCat(a->fractal); },
        [&] { return absl::StrCat(b->fractal); });
  field(a->pad != b->pad, "pad", [&] { return FormatEnum(a->pad); },
        [&] { return FormatEnum(b->pad); });
  field(a->compact != b->compact, "compact", [&] { return FormatEnum(a->compact); },
        [&] { return FormatEnum(b->compact); });
  return ok || Up([] { return "view"; });
}

bool EqualChecker::SameTypes(const Type* a, const Type* b, bool fold_int64) {
  // Interned: the same pointer is the same type, but only a closed type is
  // therefore structurally equal to itself; Vars in its dims must still pair.
  if (a == b && (a == nullptr || IsClosedType(a, 0))) return true;
  if (a == nullptr || b == nullptr || a->kind() != b->kind()) {
    return Fail([&] { return Versus(FormatType(a), FormatType(b)); });
  }
  DepthGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  switch (a->kind()) {
    case TypeKind::kScalar: {
      DataType da = a->As<ScalarType>()->dtype();
      DataType db = b->As<ScalarType>()->dtype();
      if (fold_int64 ? FoldInt64(da) == FoldInt64(db) : da == db) return true;
      return Fail([&] { return Versus(FormatType(a), FormatType(b)); });
    }
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* x = a->As<TensorType>();
      const auto* y = b->As<TensorType>();
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      return SameDims(x->shape(), y->shape(), "shape") && SameTensorViews(x->view(), y->view());
    }
    case TypeKind::kTile: {
      const auto* x = a->As<TileType>();
      const auto* y = b->As<TileType>();
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      if (!SameDims(x->shape(), y->shape(), "shape")) return false;
      if (x->memory_space() != y->memory_space()) {
        Fail([&] {
          return Versus(x->memory_space() ? FormatEnum(*x->memory_space()) : "none",
                        y->memory_space() ? FormatEnum(*y->memory_space()) : "none");
        });
        return Up([] { return "memory_space"; });
      }
      return SameTileViews(x->view(), y->view());
    }
    case TypeKind::kTuple: {
      auto ea = a->As<TupleType>()->elements();
      auto eb = b->As<TupleType>()->elements();
      if (ea.size() != eb.size()) {
        Fail([&] { return Versus(absl::StrCat(ea.size()), absl::StrCat(eb.size())); });
        return Up([] { return "elements"; });
      }
      for (size_t i = 0; i < ea.size(); ++i) {
        if (!SameTypes(ea[i], eb[i])) return Up([&] { return absl::StrCat("element[", i, "]"); });
      }
      return true;
    }
    case TypeKind::kHandle:
      if (a->As<HandleType>()->handle_kind() == b->As<HandleType>()->handle_kind()) return true;
      break;
    case TypeKind::kArray: {
      const auto* x = a->As<ArrayType>();
      const auto* y = b->As<ArrayType>();
      if (x->dtype() == y->dtype() && x->extent() == y->extent()) return true;
      break;
    }
    case TypeKind::kUnknown:
    case TypeKind::kCommCtx:
      return true;
  }
  return Fail([&] { return Versus(FormatType(a), FormatType(b)); });
}

}  // namespace pto::ir::structural
