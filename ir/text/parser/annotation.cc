// Annotated assignments `x: T = value`: which type the name takes when the
// annotation and the value's deduced type differ, by upstream PyPTO's rules
// (its parser checks kind, dtype, rank and static dims, then lets the
// annotation override the deduced type in a few cases):
//
//   e: pl.Tile[[16, 64], pl.FP32] = pl.tile.tpop_from_aiv(split=0)  # Unknown -> the annotation
//   a: pl.Tile[[16, 256], pl.BF16, pl.Mem.Left] = pl.tile.extract(...)  # keeps the deduced view
//   v: pl.Tile[[8, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[4, 8])] = pl.tile.add(a, b)
//   y: pl.Scalar[pl.INT64] = i   # an INDEX `i`: y is INT64, the value stays INDEX
//
// An op call whose type the annotation overrides is rebuilt with that type
// (the verifier accepts exactly AnnotationMayRetype's deviations); an INDEX
// literal is restamped to the annotated dtype.

#include "ir/flattened_tile.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

namespace {

// The op a value calls; empty for anything else.
absl::string_view OpName(const Expr* value) {
  const auto* call = value->As<Call>();
  return call != nullptr && call->op() != nullptr ? call->op()->name() : absl::string_view();
}

// upstream's annotation-vs-value check: same kind, compatible dtype (INDEX is
// compatible with any integer dtype), same rank, equal static dims.
bool AnnotationConsistent(const Type* annotation, const Type* deduced) {
  if (annotation->kind() != deduced->kind()) return false;
  std::optional<DataType> a = ElementType(annotation);
  std::optional<DataType> d = ElementType(deduced);
  if (a && d && *a != *d) {
    bool index_int = (*a == DataType::kIndex && d->IsInt()) ||
                     (*d == DataType::kIndex && a->IsInt());
    if (!index_int) return false;
  }
  const auto* as = annotation->As<ShapedType>();
  const auto* ds = deduced->As<ShapedType>();
  if (as == nullptr || ds == nullptr) return annotation->Is<ScalarType>();
  if (as->rank() != ds->rank()) return false;
  for (size_t i = 0; i < as->rank(); ++i) {
    std::optional<int64_t> x = AsConstInt(as->shape()[i]);
    std::optional<int64_t> y = AsConstInt(ds->shape()[i]);
    if (x && y && *x != *y) return false;
  }
  return true;
}

}  // namespace

// The deduced type to hold an annotation against: for an N-D tile.load /
// tile.create annotated with a flattened shape (ir/flattened_tile.h), the
// deduced tile at the annotation's shape without the N-D view; otherwise the
// deduced type.
const Type* Parser::FlattenedDeduced(const Type* annotation, const Expr* value) {
  const Type* deduced = value->type();
  const auto* at = annotation->As<TileType>();
  if (at == nullptr || !FlattenedTileRetype(OpName(value), deduced, at)) return deduced;
  const auto* dt = deduced->As<TileType>();
  return ctx_.GetTileType(dt->dtype(), at->shape(), dt->memory_space());
}

// The type upstream gives the name: the annotation where it overrides the
// deduced type, else the deduced type; nullptr when they conflict.
const Type* Parser::AnnotatedType(const Type* annotation, const Type* deduced) {
  if (annotation == deduced) return deduced;
  if (deduced->Is<UnknownType>()) return annotation;
  if (!AnnotationConsistent(annotation, deduced)) return nullptr;
  if (const auto* shaped = annotation->As<ShapedType>(); shaped && shaped->memref() != nullptr) {
    // The annotation's MemRef places the name's value (ir/memref.h): the
    // type the rules below give, carrying it.
    const Type* type = AnnotatedType(shaped->bare(), deduced);
    return type != nullptr && type->Is<ShapedType>() ? ctx_.WithMemRef(type, shaped->memref())
                                                     : type;
  }
  if (const auto* at = annotation->As<TileType>()) {
    // The annotation's memory space and view, the deduced ones where it
    // names none.
    const auto* dt = deduced->As<TileType>();
    std::optional<MemorySpace> space = at->memory_space() ? at->memory_space()
                                                          : dt->memory_space();
    const TileView* view = at->view() != nullptr ? at->view() : dt->view();
    return ctx_.GetTileType(dt->dtype(), dt->shape(), space, view);
  }
  if (const auto* at = annotation->As<TensorType>()) {
    if (at->view() == nullptr) return deduced;
    const auto* dt = deduced->As<TensorType>();
    return dt->IsDistributed() ? static_cast<const Type*>(ctx_.GetDistributedTensorType(
                                     dt->dtype(), dt->shape(), *at->view()))
                               : ctx_.GetTensorType(dt->dtype(), dt->shape(), *at->view());
  }
  if (const auto* st = deduced->As<ScalarType>(); st != nullptr && st->dtype() == DataType::kIndex) {
    return annotation;
  }
  return deduced;
}

bool Parser::ApplyAnnotation(const Token& at, const Type* annotation, Value* v,
                             const Type** var_type) {
  const Type* deduced = v->expr->type();
  *var_type = deduced;
  if (annotation == nullptr || annotation == deduced) return true;
  const Type* type = AnnotatedType(annotation, FlattenedDeduced(annotation, v->expr));
  if (type == nullptr || !(AnnotationMayRetype(deduced, type) ||
                           FlattenedTileRetype(OpName(v->expr), deduced, type))) {
    return CheckAnnotation(at, annotation, deduced);
  }
  *var_type = type;
  if (type == deduced) return true;
  if (const auto* lit = v->expr->As<ConstInt>(); lit != nullptr && type->Is<ScalarType>()) {
    v->expr = ctx_.Int(lit->value(), type->As<ScalarType>()->dtype(), lit->loc());
    return true;
  }
  const auto* call = v->expr->As<Call>();
  if (call != nullptr && call->op() != nullptr) {
    v->expr = ctx_.NewOpCall(call->op(), call->args(), call->kwargs(), type, call->loc());
    return true;
  }
  // Any other value (a variable): upstream binds the annotated name to it
  // as it is, typed by the annotation (an INDEX scalar as an integer, a
  // tensor with the annotation's view, a tile with its memory space); the
  // verifier accepts exactly these bindings (AnnotationMayRetype).
  return true;
}

}  // namespace pto::ir::parser_impl
