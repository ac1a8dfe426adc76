#include "ir/ops/type_inference.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/check.h"
#include "ir/status_macros.h"

namespace pto::ir {

// --- Diagnostics -------------------------------------------------------------

absl::string_view TypeKindName(const Type* type) {
  switch (type->kind()) {
    case TypeKind::kUnknown: return "UnknownType";
    case TypeKind::kScalar: return "ScalarType";
    case TypeKind::kTensor: return "TensorType";
    case TypeKind::kDistributedTensor: return "DistributedTensorType";
    case TypeKind::kTile: return "TileType";
    case TypeKind::kTuple: return "TupleType";
    case TypeKind::kCommCtx: return "CommCtxType";
    case TypeKind::kHandle: return "HandleType";
    case TypeKind::kArray: return "ArrayType";
  }
  return "?";
}

std::string FormatDTypes(absl::Span<const DataType> dtypes) {
  return absl::StrCat(
      "{",
      absl::StrJoin(dtypes, ", ",
                    [](std::string* out, DataType t) { absl::StrAppend(out, t.name()); }),
      "}");
}

// --- Argument expectations ----------------------------------------------------

namespace {

absl::string_view ArgName(const DeduceContext& dc, size_t i) {
  absl::Span<const ArgSpec> specs = dc.op().args();
  return i < specs.size() ? specs[i].name : "argument";
}

absl::Status WrongArg(const DeduceContext& dc, size_t i, absl::string_view expected) {
  return dc.Error(absl::StrCat(ArgName(dc, i), " must be ", expected, ", got ",
                               TypeKindName(dc.arg(i)->type())));
}

}  // namespace

// Deducers index valid shapes by the shape's dims, so a view whose valid
// shape has another rank (which a hand-written type annotation can spell) is
// rejected here rather than read out of bounds.
absl::Status CheckValidRank(const DeduceContext& dc, size_t i, ExprSpan shape, ExprSpan valid) {
  if (valid.size() == shape.size()) return absl::OkStatus();
  return dc.Error(absl::StrCat(ArgName(dc, i), " has a valid_shape of rank ", valid.size(),
                               " for a shape of rank ", shape.size()));
}

absl::StatusOr<const TileType*> ExpectTile(const DeduceContext& dc, size_t i) {
  PTO_CHECK(i < dc.num_args());
  const auto* t = dc.arg(i)->type()->As<TileType>();
  if (t == nullptr) return WrongArg(dc, i, "a TileType");
  PTO_RETURN_IF_ERROR(CheckValidRank(dc, i, t->shape(), t->ValidShape()));
  return t;
}

absl::StatusOr<const TensorType*> ExpectTensor(const DeduceContext& dc, size_t i) {
  PTO_CHECK(i < dc.num_args());
  const auto* t = dc.arg(i)->type()->As<TensorType>();
  if (t == nullptr) return WrongArg(dc, i, "a TensorType or DistributedTensorType");
  PTO_RETURN_IF_ERROR(CheckValidRank(dc, i, t->shape(), t->ValidShape()));
  if (const TensorView* v = t->view()) {
    if (!v->stride.empty() && v->stride.size() != t->rank()) {
      return dc.Error(absl::StrCat(ArgName(dc, i), " has a stride of rank ", v->stride.size(),
                                   " for a shape of rank ", t->rank()));
    }
    if (v->layout == TensorLayout::kDN && t->rank() < 2) {
      return dc.Error(absl::StrCat(ArgName(dc, i), " has layout DN but rank ", t->rank()));
    }
  }
  return t;
}

absl::StatusOr<const ScalarType*> ExpectScalar(const DeduceContext& dc, size_t i) {
  PTO_CHECK(i < dc.num_args());
  if (const auto* t = dc.arg(i)->type()->As<ScalarType>()) return t;
  return WrongArg(dc, i, "a ScalarType");
}

absl::StatusOr<ExprSpan> ExpectTuple(const DeduceContext& dc, size_t i) {
  PTO_CHECK(i < dc.num_args());
  if (const auto* t = dc.arg(i)->As<MakeTuple>()) return t->elements();
  return dc.Error(absl::StrCat(ArgName(dc, i), " must be a list (MakeTuple), got a ",
                               TypeKindName(dc.arg(i)->type()), " expression"));
}

absl::StatusOr<DimVec> ExpectStaticShape(const DeduceContext& dc, size_t i) {
  PTO_ASSIGN_OR_RETURN(ExprSpan elements, ExpectTuple(dc, i));
  absl::string_view name = ArgName(dc, i);
  if (elements.empty()) return dc.Error(absl::StrCat(name, " must not be empty"));
  DimVec dims;
  for (size_t d = 0; d < elements.size(); ++d) {
    const auto* c = elements[d]->As<ConstInt>();
    if (c == nullptr) {
      return dc.Error(absl::StrCat(name, " element ", d,
                                   " must be a compile-time integer constant, got ",
                                   FormatExpr(elements[d])));
    }
    if (c->value() <= 0) {
      return dc.Error(
          absl::StrCat(name, " element ", d, " must be positive, got ", c->value()));
    }
    dims.push_back(dc.ctx().Index(c->value()));
  }
  return dims;
}

absl::Status ExpectIntegerScalars(const DeduceContext& dc, ExprSpan elements,
                                  absl::string_view what) {
  for (size_t d = 0; d < elements.size(); ++d) {
    const auto* s = elements[d]->type()->As<ScalarType>();
    if (s == nullptr || !s->dtype().IsInt()) {
      std::string got = s ? absl::StrCat("a ", s->dtype().name(), " scalar")
                          : std::string(TypeKindName(elements[d]->type()));
      return dc.Error(absl::StrCat(what, " element ", d, " must be an integer scalar, got ", got));
    }
  }
  return absl::OkStatus();
}

absl::Status ExpectDType(const DeduceContext& dc, DataType dtype,
                         absl::Span<const DataType> allowed, absl::string_view what) {
  if (std::find(allowed.begin(), allowed.end(), dtype) != allowed.end()) {
    return absl::OkStatus();
  }
  return dc.Error(absl::StrCat(what, " must be one of ", FormatDTypes(allowed), ", got ",
                               dtype.name()));
}

absl::StatusOr<DataType> RequireDTypeKwarg(const DeduceContext& dc, absl::string_view name) {
  const AttrValue* v = dc.FindKwarg(name);
  if (v == nullptr) return dc.Error(absl::StrCat("requires a '", name, "' kwarg"));
  return v->dtype();
}

// --- Shapes and dtypes ----------------------------------------------------------

absl::StatusOr<DimVec> BroadcastShapes(ExprSpan lhs, ExprSpan rhs) {
  size_t rank = std::max(lhs.size(), rhs.size());
  DimVec out(rank, nullptr);
  for (size_t k = 0; k < rank; ++k) {
    // k counts from the right.
    const Expr* a = k < lhs.size() ? lhs[lhs.size() - 1 - k] : nullptr;
    const Expr* b = k < rhs.size() ? rhs[rhs.size() - 1 - k] : nullptr;
    const Expr* r;
    if (a == nullptr) {
      r = b;
    } else if (b == nullptr || ExprIdentical(a, b)) {
      r = a;
    } else if (AsConstInt(a) == 1) {
      r = b;
    } else if (AsConstInt(b) == 1) {
      r = a;
    } else {
      return absl::InvalidArgumentError(absl::StrCat(
          "cannot broadcast shapes ", FormatShape(lhs), " and ", FormatShape(rhs), ": dim ",
          FormatExpr(a), " vs ", FormatExpr(b), " (dimension ", rank - 1 - k, " of the result)"));
    }
    out[rank - 1 - k] = r;
  }
  return out;
}

DataType PromoteDataTypes(DataType a, DataType b) {
  if (a == b) return a;
  if (a.IsFloat() != b.IsFloat()) return a.IsFloat() ? a : b;
  if (a.bits() != b.bits()) return a.bits() > b.bits() ? a : b;
  if (!a.IsFloat() && a.IsSignedInt()) return a;
  if (!b.IsFloat() && b.IsSignedInt()) return b;
  return a;
}

absl::Status CheckShapeForDType(DataType dtype, ExprSpan shape) {
  if (dtype.IsIdentifier()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a ", dtype.name(), " is a scalar-only dtype; no tensor or tile holds it"));
  }
  if (dtype != DataType::kFP4) return absl::OkStatus();
  if (shape.empty()) {
    return absl::InvalidArgumentError("an FP4 tensor or tile needs rank >= 1");
  }
  if (std::optional<int64_t> last = AsConstInt(shape.back())) {
    if (*last <= 0 || *last % 2 != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "an FP4 tensor or tile needs a positive even last dim (two values per byte), got ",
          *last));
    }
  }
  return absl::OkStatus();
}

// --- Result construction ------------------------------------------------------------

TileView InheritedView(const TileType* src) {
  TileView src_view = src->EffectiveView();
  TileView view;
  view.valid_shape = src->ValidShape();
  view.blayout = src_view.blayout;
  view.slayout = src_view.slayout;
  view.pad = src_view.pad;
  view.compact = src_view.compact;
  return view;
}

TileView InheritedView(Context& ctx, const TileType* src, ExprSpan result_shape) {
  TileView view = InheritedView(src);
  ExprSpan valid = view.valid_shape;
  if (valid.size() == result_shape.size()) return view;
  DimVec aligned(result_shape.begin(), result_shape.end());
  size_t n = std::min(valid.size(), aligned.size());
  for (size_t k = 0; k < n; ++k) {
    aligned[aligned.size() - 1 - k] = valid[valid.size() - 1 - k];
  }
  view.valid_shape = ctx.Save<const Expr*>(aligned);
  return view;
}

absl::StatusOr<const TileType*> MakeTile(const DeduceContext& dc, DataType dtype,
                                         ExprSpan shape, std::optional<MemorySpace> space,
                                         const TileView& view) {
  if (absl::Status s = CheckShapeForDType(dtype, shape); !s.ok()) return dc.Error(s.message());
  return dc.ctx().GetTileType(dtype, shape, space, &view);
}

absl::StatusOr<const TileType*> MakeTile(const DeduceContext& dc, DataType dtype,
                                         ExprSpan shape, std::optional<MemorySpace> space) {
  if (absl::Status s = CheckShapeForDType(dtype, shape); !s.ok()) return dc.Error(s.message());
  return dc.ctx().GetTileType(dtype, shape, space);
}

absl::StatusOr<const TensorType*> MakeTensor(const DeduceContext& dc, DataType dtype,
                                             ExprSpan shape, const TensorView& view,
                                             bool distributed) {
  if (absl::Status s = CheckShapeForDType(dtype, shape); !s.ok()) return dc.Error(s.message());
  if (distributed) return dc.ctx().GetDistributedTensorType(dtype, shape, view);
  return dc.ctx().GetTensorType(dtype, shape, view);
}

absl::StatusOr<const TensorType*> MakeFreshTensor(const DeduceContext& dc, DataType dtype,
                                                  ExprSpan shape, const TensorType* src) {
  TensorView view;
  view.valid_shape = src->ValidShape();
  return MakeTensor(dc, dtype, shape, view);
}

// --- Packed predicate masks ------------------------------------------------------------

absl::StatusOr<const TileType*> PackedPredicateMaskType(const DeduceContext& dc,
                                                        const TileType* value) {
  return PackedPredicateMaskType(dc, value->shape(), value);
}

absl::StatusOr<const TileType*> PackedPredicateMaskType(const DeduceContext& dc,
                                                        ExprSpan logical_shape,
                                                        const TileType* lhs) {
  if (logical_shape.empty()) {
    return dc.Error("a packed predicate mask needs a tile of rank >= 1");
  }
  Context& ctx = dc.ctx();
  DimVec shape(logical_shape.begin(), logical_shape.end());
  shape.back() = RoundUpExtent(ctx, CeilDivExtent(ctx, shape.back(), kMaskBitsPerByte),
                               kMaskColumnAlignment);
  TileView view = InheritedView(ctx, lhs, logical_shape);
  DimVec valid(view.valid_shape.begin(), view.valid_shape.end());
  valid.back() = CeilDivExtent(ctx, valid.back(), kMaskBitsPerByte);
  view.valid_shape = valid;
  return MakeTile(dc, DataType::kUInt8, shape, MemorySpace::kVec, view);
}

namespace {

bool IsIndexConst(const Expr* e, int64_t value) { return AsConstInt(e) == value; }

// Whether `e` is CeilDivExtent(x, d) for an `x` accepted by `inner`, where
// `inner_const` is x's value when x folds to a constant.
template <typename InnerMatch>
bool MatchesCeilDiv(const Expr* e, std::optional<int64_t> inner_const, int64_t d,
                    InnerMatch inner) {
  if (inner_const) return IsIndexConst(e, (*inner_const + d - 1) / d);
  const auto* div = e->As<BinaryExpr>();
  if (div == nullptr || div->op() != BinaryOp::kFloorDiv || !IsIndexConst(div->rhs(), d)) {
    return false;
  }
  const auto* add = div->lhs()->As<BinaryExpr>();
  return add != nullptr && add->op() == BinaryOp::kAdd && IsIndexConst(add->rhs(), d - 1) &&
         inner(add->lhs());
}

}  // namespace

bool IsPackedPredicateMask(const TileType* mask, const TileType* value) {
  if (mask->dtype() != DataType::kUInt8 || value->rank() == 0 ||
      mask->rank() != value->rank()) {
    return false;
  }
  size_t last = value->rank() - 1;
  ExprSpan mask_shape = mask->shape();
  ExprSpan mask_valid = mask->ValidShape();
  ExprSpan value_shape = value->shape();
  ExprSpan value_valid = value->ValidShape();
  for (size_t d = 0; d < last; ++d) {
    if (!ExprIdentical(mask_shape[d], value_shape[d]) ||
        !ExprIdentical(mask_valid[d], value_valid[d])) {
      return false;
    }
  }
  // Last dim: round_up(ceil(N / 8), 32) = ceil(ceil(N / 8) / 32) * 32.
  const Expr* n = value_shape[last];
  std::optional<int64_t> n_const = AsConstInt(n);
  std::optional<int64_t> bytes_const;
  if (n_const) bytes_const = (*n_const + kMaskBitsPerByte - 1) / kMaskBitsPerByte;
  auto is_bytes = [&](const Expr* x) {
    return MatchesCeilDiv(x, n_const, kMaskBitsPerByte,
                          [&](const Expr* y) { return ExprIdentical(y, n); });
  };
  const Expr* cols = mask_shape[last];
  bool cols_ok;
  if (bytes_const) {
    int64_t rounded =
        (*bytes_const + kMaskColumnAlignment - 1) / kMaskColumnAlignment * kMaskColumnAlignment;
    cols_ok = IsIndexConst(cols, rounded);
  } else {
    const auto* mul = cols->As<BinaryExpr>();
    cols_ok = mul != nullptr && mul->op() == BinaryOp::kMul &&
              IsIndexConst(mul->rhs(), kMaskColumnAlignment) &&
              MatchesCeilDiv(mul->lhs(), std::nullopt, kMaskColumnAlignment, is_bytes);
  }
  if (!cols_ok) return false;
  const Expr* vn = value_valid[last];
  return MatchesCeilDiv(mask_valid[last], AsConstInt(vn), kMaskBitsPerByte,
                        [&](const Expr* y) { return ExprIdentical(y, vn); });
}

// --- Extent arithmetic ------------------------------------------------------------------

namespace {

bool IsOperandOf(const Expr* e, BinaryOp op, const Expr* operand) {
  const auto* b = e->As<BinaryExpr>();
  return b != nullptr && b->op() == op &&
         (ExprIdentical(b->lhs(), operand) || ExprIdentical(b->rhs(), operand));
}

}  // namespace

Proof ProveLessEqual(const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (x && y) return *x <= *y ? Proof::kTrue : Proof::kFalse;
  if (ExprIdentical(a, b)) return Proof::kTrue;
  // min(b, _) <= b and a <= max(a, _).
  if (IsOperandOf(a, BinaryOp::kMin, b) || IsOperandOf(b, BinaryOp::kMax, a)) return Proof::kTrue;
  return Proof::kUnknown;
}

Proof ProveEqual(const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (x && y) return *x == *y ? Proof::kTrue : Proof::kFalse;
  if (ExprIdentical(a, b)) return Proof::kTrue;
  return Proof::kUnknown;
}

namespace {

DataType ScalarDTypeOf(const Expr* e) {
  const auto* s = e->type()->As<ScalarType>();
  return s != nullptr ? s->dtype() : DataType(DataType::kIndex);
}

// `a op b` typed (and cast) the way the parser builds it from text, so that
// a deduced extent prints and parses back to the same expression.
const Expr* Extent(Context& ctx, BinaryOp op, const Expr* a, const Expr* b) {
  DataType ta = ScalarDTypeOf(a);
  DataType tb = ScalarDTypeOf(b);
  DataType t = PromoteScalarDTypes(ta, tb);
  if (ScalarNeedsCast(ta, t)) a = ctx.NewUnary(UnaryOp::kCast, a, t);
  if (ScalarNeedsCast(tb, t)) b = ctx.NewUnary(UnaryOp::kCast, b, t);
  return ctx.NewBinary(op, a, b, t);
}

}  // namespace

const Expr* AddExtent(Context& ctx, const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (x && y) return ctx.Index(*x + *y);
  if (x == 0) return b;
  if (y == 0) return a;
  return Extent(ctx, BinaryOp::kAdd, a, b);
}

const Expr* SubExtent(Context& ctx, const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (x && y) return ctx.Index(*x - *y);
  if (y == 0) return a;
  if (ExprIdentical(a, b)) return ctx.Index(0);
  return Extent(ctx, BinaryOp::kSub, a, b);
}

const Expr* MulExtent(Context& ctx, const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (x && y) return ctx.Index(*x * *y);
  if (x == 1) return b;
  if (y == 1) return a;
  return Extent(ctx, BinaryOp::kMul, a, b);
}

const Expr* MinExtent(Context& ctx, const Expr* a, const Expr* b) {
  if (ProveLessEqual(a, b) == Proof::kTrue) return a;
  if (ProveLessEqual(b, a) == Proof::kTrue) return b;
  return Extent(ctx, BinaryOp::kMin, a, b);
}

const Expr* MaxExtent(Context& ctx, const Expr* a, const Expr* b) {
  if (ProveLessEqual(a, b) == Proof::kTrue) return b;
  if (ProveLessEqual(b, a) == Proof::kTrue) return a;
  return Extent(ctx, BinaryOp::kMax, a, b);
}

const Expr* CeilDivExtent(Context& ctx, const Expr* a, int64_t d) {
  PTO_CHECK(d > 0);
  if (std::optional<int64_t> x = AsConstInt(a)) return ctx.Index((*x + d - 1) / d);
  const Expr* sum = Extent(ctx, BinaryOp::kAdd, a, ctx.Index(d - 1));
  return Extent(ctx, BinaryOp::kFloorDiv, sum, ctx.Index(d));
}

const Expr* FloorDivExtent(Context& ctx, const Expr* a, int64_t d) {
  PTO_CHECK(d > 0);
  if (std::optional<int64_t> x = AsConstInt(a)) return ctx.Index(*x / d);
  return Extent(ctx, BinaryOp::kFloorDiv, a, ctx.Index(d));
}

const Expr* RoundUpExtent(Context& ctx, const Expr* a, int64_t d) {
  if (std::optional<int64_t> x = AsConstInt(a)) return ctx.Index((*x + d - 1) / d * d);
  return Extent(ctx, BinaryOp::kMul, CeilDivExtent(ctx, a, d), ctx.Index(d));
}

// --- Element-wise tile results ---------------------------------------------------

absl::Status ExpectIntDType(const DeduceContext& dc, DataType dtype, absl::string_view what) {
  if (dtype.IsInt()) return absl::OkStatus();
  return dc.Error(absl::StrCat(what, " must be an integer type, got ", dtype.name()));
}

absl::StatusOr<const TileType*> BroadcastTileResult(const DeduceContext& dc, const TileType* lhs,
                                                    const TileType* rhs, DataType dtype) {
  // Identical shapes broadcast to lhs's own dims (the common case).
  if (ExprListIdentical(lhs->shape(), rhs->shape())) return SameShapeTileResult(dc, lhs, dtype);
  absl::StatusOr<DimVec> shape = BroadcastShapes(lhs->shape(), rhs->shape());
  if (!shape.ok()) return dc.Error(shape.status().message());
  return MakeTile(dc, dtype, *shape, MemorySpace::kVec, InheritedView(dc.ctx(), lhs, *shape));
}

absl::StatusOr<const TileType*> SameShapeTileResult(const DeduceContext& dc, const TileType* src,
                                                    DataType dtype) {
  // A Vec tile with its space's implicit view passes on that same implicit
  // view, and types are interned: the result of keeping its dtype is `src`.
  // Saves building and probing a view in element-wise chains, which deduce
  // once when built and again at every verification.
  if (dtype == src->dtype() && src->view() == nullptr &&
      src->memory_space() == MemorySpace::kVec) {
    if (absl::Status s = CheckShapeForDType(dtype, src->shape()); !s.ok()) {
      return dc.Error(s.message());
    }
    return src;
  }
  return MakeTile(dc, dtype, src->shape(), MemorySpace::kVec, InheritedView(src));
}

// --- Fresh tiles with a valid region ---------------------------------------------

absl::StatusOr<const TileType*> MakeTileWithValid(const DeduceContext& dc, DataType dtype,
                                                  ExprSpan shape,
                                                  std::optional<MemorySpace> space,
                                                  ExprSpan valid) {
  PTO_ASSIGN_OR_RETURN(const TileType* plain, MakeTile(dc, dtype, shape, space));
  if (valid.empty()) return plain;
  TileView view = plain->EffectiveView();
  view.valid_shape = valid;
  return MakeTile(dc, dtype, shape, space, view);
}

absl::StatusOr<const TileType*> MakeRowMajorTile(const DeduceContext& dc, DataType dtype,
                                                 ExprSpan shape, MemorySpace space,
                                                 ExprSpan valid) {
  TileView view = ImplicitTileView(space, TileLayout::kRowMajor);
  view.valid_shape = valid;
  return MakeTile(dc, dtype, shape, space, view);
}

// --- Allocations ------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceAllocation(const DeduceContext& dc,
                                             bool (*space_ok)(MemorySpace),
                                             absl::string_view spaces) {
  PTO_ASSIGN_OR_RETURN(const ScalarType* space, ExpectScalar(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* size, ExpectScalar(dc, 1));
  if (!space->dtype().IsInt() || !size->dtype().IsInt()) {
    return dc.Error("memory_space and size must be integer scalars");
  }
  if (const auto* c = dc.arg(0)->As<ConstInt>()) {
    const int64_t code = c->value();
    if (code < 0 || code > static_cast<int64_t>(MemorySpace::kRightScale) ||
        !space_ok(static_cast<MemorySpace>(code))) {
      return dc.Error(absl::StrCat("memory_space ", code, " is not ", spaces));
    }
  }
  if (const auto* c = dc.arg(1)->As<ConstInt>(); c != nullptr && c->value() <= 0) {
    return dc.Error(absl::StrCat("size must be a positive byte count, got ", c->value()));
  }
  return dc.ctx().GetHandleType(HandleKind::kPtr);
}

}  // namespace pto::ir
