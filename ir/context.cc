// Interning: the Context's canonical types and constants, and the
// structural identity of expressions they are keyed by (node factories are
// in context_nodes.cc).

#include "ir/context.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "absl/container/flat_hash_set.h"
#include "absl/container/inlined_vector.h"
#include "absl/hash/hash.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/op.h"

namespace pto::ir {

// --- Expression identity -----------------------------------------------------

bool ExprIdentical(const Expr* a, const Expr* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr || a->kind() != b->kind()) return false;
  switch (a->kind()) {
    case NodeKind::kConstInt: {
      const auto* x = a->As<ConstInt>();
      const auto* y = b->As<ConstInt>();
      return x->value() == y->value() && x->dtype() == y->dtype();
    }
    case NodeKind::kConstFloat: {
      const auto* x = a->As<ConstFloat>();
      const auto* y = b->As<ConstFloat>();
      return x->dtype() == y->dtype() &&
             AttrValue::Float(x->value()) == AttrValue::Float(y->value());
    }
    case NodeKind::kConstBool:
      return a->As<ConstBool>()->value() == b->As<ConstBool>()->value();
    case NodeKind::kBinary: {
      const auto* x = a->As<BinaryExpr>();
      const auto* y = b->As<BinaryExpr>();
      return x->op() == y->op() && x->dtype() == y->dtype() &&
             ExprIdentical(x->lhs(), y->lhs()) && ExprIdentical(x->rhs(), y->rhs());
    }
    case NodeKind::kUnary: {
      const auto* x = a->As<UnaryExpr>();
      const auto* y = b->As<UnaryExpr>();
      return x->op() == y->op() && x->dtype() == y->dtype() &&
             ExprIdentical(x->operand(), y->operand());
    }
    case NodeKind::kCall: {
      // A pure op call with identical operands (pld.system.world_size() in
      // a shape): every spelling of it is one value. Function calls, calls
      // with side effects or a call site are identity only.
      const auto* x = a->As<Call>();
      const auto* y = b->As<Call>();
      if (x->op() == nullptr || x->op() != y->op() || x->op()->has_side_effects() ||
          x->site() != nullptr || y->site() != nullptr ||
          x->kwargs().size() != y->kwargs().size() ||
          !ExprListIdentical(x->args(), y->args())) {
        return false;
      }
      for (size_t i = 0; i < x->kwargs().size(); ++i) {
        if (x->kwargs()[i].key != y->kwargs()[i].key ||
            !(x->kwargs()[i].value == y->kwargs()[i].value)) {
          return false;
        }
      }
      return true;
    }
    default:
      return false;  // Vars and everything else: identity only.
  }
}

bool ExprListIdentical(ExprSpan a, ExprSpan b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!ExprIdentical(a[i], b[i])) return false;
  }
  return true;
}

size_t ExprIdenticalHash(const Expr* e) {
  if (e == nullptr) return 0;
  switch (e->kind()) {
    case NodeKind::kConstInt: {
      const auto* c = e->As<ConstInt>();
      return absl::HashOf(1, c->value(), c->dtype());
    }
    case NodeKind::kConstFloat: {
      const auto* c = e->As<ConstFloat>();
      return absl::HashOf(2, c->value(), c->dtype());
    }
    case NodeKind::kConstBool:
      return absl::HashOf(3, e->As<ConstBool>()->value());
    case NodeKind::kBinary: {
      const auto* b = e->As<BinaryExpr>();
      return absl::HashOf(4, b->op(), ExprIdenticalHash(b->lhs()), ExprIdenticalHash(b->rhs()));
    }
    case NodeKind::kUnary: {
      const auto* u = e->As<UnaryExpr>();
      return absl::HashOf(5, u->op(), ExprIdenticalHash(u->operand()));
    }
    case NodeKind::kCall: {
      const auto* c = e->As<Call>();
      if (c->op() == nullptr || c->op()->has_side_effects() || c->site() != nullptr) {
        return absl::HashOf(e);
      }
      size_t h = absl::HashOf(6, c->op(), c->args().size());
      for (const Expr* a : c->args()) h = absl::HashOf(h, ExprIdenticalHash(a));
      return h;
    }
    default:
      return absl::HashOf(e);
  }
}

namespace {

size_t HashDims(size_t h, ExprSpan dims) {
  h = absl::HashOf(h, dims.size());
  for (const Expr* d : dims) h = absl::HashOf(h, ExprIdenticalHash(d));
  return h;
}

bool SameTensorView(const TensorView* a, const TensorView* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return a->layout == b->layout && a->pad == b->pad &&
         ExprListIdentical(a->valid_shape, b->valid_shape) &&
         ExprListIdentical(a->stride, b->stride);
}

bool SameTileView(const TileView* a, const TileView* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return a->blayout == b->blayout && a->slayout == b->slayout && a->fractal == b->fractal &&
         a->pad == b->pad && a->compact == b->compact &&
         ExprIdentical(a->start_offset, b->start_offset) &&
         ExprListIdentical(a->valid_shape, b->valid_shape) &&
         ExprListIdentical(a->stride, b->stride);
}

}  // namespace

size_t Context::TypeHash::operator()(const Type* t) const {
  size_t h = absl::HashOf(t->kind());
  switch (t->kind()) {
    case TypeKind::kScalar:
      return absl::HashOf(h, t->As<ScalarType>()->dtype());
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* tt = t->As<TensorType>();
      h = HashDims(absl::HashOf(h, tt->dtype(), tt->memref()), tt->shape());
      if (const TensorView* v = tt->view()) {
        h = HashDims(absl::HashOf(h, v->layout, v->pad), v->valid_shape);
      }
      return h;
    }
    case TypeKind::kTile: {
      const auto* tt = t->As<TileType>();
      h = HashDims(absl::HashOf(h, tt->dtype(), tt->memory_space(), tt->memref()), tt->shape());
      if (const TileView* v = tt->view()) {
        h = HashDims(absl::HashOf(h, v->blayout, v->slayout, v->fractal, v->pad), v->valid_shape);
      }
      return h;
    }
    case TypeKind::kTuple: {
      for (const Type* e : t->As<TupleType>()->elements()) h = absl::HashOf(h, e);
      return h;
    }
    case TypeKind::kArray: {
      const auto* at = t->As<ArrayType>();
      return absl::HashOf(h, at->dtype(), at->extent());
    }
    default:
      return h;
  }
}

bool Context::TypeEq::operator()(const Type* a, const Type* b) const {
  if (a == b) return true;
  if (a->kind() != b->kind()) return false;
  switch (a->kind()) {
    case TypeKind::kScalar:
      return a->As<ScalarType>()->dtype() == b->As<ScalarType>()->dtype();
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* x = a->As<TensorType>();
      const auto* y = b->As<TensorType>();
      return x->dtype() == y->dtype() && x->memref() == y->memref() &&
             ExprListIdentical(x->shape(), y->shape()) && SameTensorView(x->view(), y->view());
    }
    case TypeKind::kTile: {
      const auto* x = a->As<TileType>();
      const auto* y = b->As<TileType>();
      return x->dtype() == y->dtype() && x->memory_space() == y->memory_space() &&
             x->memref() == y->memref() && ExprListIdentical(x->shape(), y->shape()) &&
             SameTileView(x->view(), y->view());
    }
    case TypeKind::kTuple: {
      auto x = a->As<TupleType>()->elements();
      auto y = b->As<TupleType>()->elements();
      return std::equal(x.begin(), x.end(), y.begin(), y.end());
    }
    case TypeKind::kArray: {
      const auto* x = a->As<ArrayType>();
      const auto* y = b->As<ArrayType>();
      return x->dtype() == y->dtype() && x->extent() == y->extent();
    }
    case TypeKind::kHandle:
      return a->As<HandleType>()->handle_kind() == b->As<HandleType>()->handle_kind();
    default:
      return true;
  }
}

// --- Context -----------------------------------------------------------------

Context::Context() {
  unknown_type_ = Make<UnknownType>();
  comm_ctx_type_ = Make<CommCtxType>();
  for (DataType t : DataType::AllScalar()) scalar_types_[t.code()] = Make<ScalarType>(t);
  for (int k = 0; k < kNumHandleKinds; ++k) {
    handle_types_[k] = Make<HandleType>(static_cast<HandleKind>(k));
  }
  true_ = Make<ConstBool>(SourceLoc{}, GetScalarType(DataType::kBool), true);
  false_ = Make<ConstBool>(SourceLoc{}, GetScalarType(DataType::kBool), false);
}

Context::~Context() = default;

const Op* Context::GetUnregisteredOp(
    absl::string_view name, size_t num_args,
    absl::Span<const std::pair<absl::string_view, AttrKind>> kwargs) {
  std::string key = absl::StrCat(name, "/", num_args);
  for (const auto& [kwarg, kind] : kwargs) {
    absl::StrAppend(&key, "/", kwarg, ":", static_cast<int>(kind));
  }
  auto [it, inserted] = unregistered_ops_.try_emplace(key, nullptr);
  if (!inserted) return it->second.get();
  auto op = std::unique_ptr<Op>(new Op(std::string(name)));
  op->unregistered_ = true;
  // Unknown effects: never dropped as dead, never moved past a write.
  op->side_effects_ = true;
  if (absl::StartsWith(name, "tensor.")) {
    op->category_ = OpCategory::kTensor;
  } else if (!absl::StartsWith(name, "tile.")) {
    op->category_ = OpCategory::kSystem;
  }
  for (size_t i = 0; i < num_args; ++i) {
    op->args_.push_back({SaveString(absl::StrCat("arg", i)), false, false});
  }
  for (const auto& [kwarg, kind] : kwargs) {
    op->kwargs_.push_back({SaveString(kwarg), kind, KwargSpec::Presence::kRequired, std::nullopt});
  }
  it->second = std::move(op);
  return it->second.get();
}

const Type* Context::Intern(const Type* candidate) {
  auto it = types_.find(candidate);
  return it == types_.end() ? nullptr : *it;
}

ExprSpan Context::CanonicalDims(ExprSpan dims) {
  // Located INDEX literals from the parser become the shared, location-free
  // constants, so equal shapes share storage and hash alike.
  const Expr** out = arena_.AllocateArray<const Expr*>(dims.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    const Expr* d = dims[i];
    if (const auto* c = d->As<ConstInt>(); c && c->dtype() == DataType::kIndex) {
      d = Index(c->value());
    }
    out[i] = d;
  }
  return ExprSpan(out, dims.size());
}

const TensorType* Context::GetTensorType(DataType dtype, ExprSpan shape,
                                         const TensorView& view) {
  TensorView v = view;
  if (ExprListIdentical(v.valid_shape, shape)) v.valid_shape = {};
  bool trivial = v.stride.empty() && v.layout == TensorLayout::kND && v.valid_shape.empty() &&
                 v.pad == PadValue::kNull;
  TensorType probe(TypeKind::kTensor, dtype, shape, trivial ? nullptr : &v);
  if (const Type* t = Intern(&probe)) return t->As<TensorType>();
  const TensorView* stored = nullptr;
  if (!trivial) {
    v.valid_shape = CanonicalDims(v.valid_shape);
    v.stride = CanonicalDims(v.stride);
    stored = Make<TensorView>(v);
  }
  auto* t = Make<TensorType>(TypeKind::kTensor, dtype, CanonicalDims(shape), stored);
  types_.insert(t);
  return t;
}

const DistributedTensorType* Context::GetDistributedTensorType(DataType dtype, ExprSpan shape,
                                                               const TensorView& view) {
  TensorView v = view;
  if (ExprListIdentical(v.valid_shape, shape)) v.valid_shape = {};
  bool trivial = v.stride.empty() && v.layout == TensorLayout::kND && v.valid_shape.empty() &&
                 v.pad == PadValue::kNull;
  DistributedTensorType probe(dtype, shape, trivial ? nullptr : &v);
  if (const Type* t = Intern(&probe)) return t->As<DistributedTensorType>();
  const TensorView* stored = nullptr;
  if (!trivial) {
    v.valid_shape = CanonicalDims(v.valid_shape);
    v.stride = CanonicalDims(v.stride);
    stored = Make<TensorView>(v);
  }
  auto* t = Make<DistributedTensorType>(dtype, CanonicalDims(shape), stored);
  types_.insert(t);
  return t;
}

size_t Context::TileCacheSlot(DataType dtype, ExprSpan shape, std::optional<MemorySpace> space) {
  // Constants by value (a parsed dim is a fresh node equal to the shared
  // one), anything else by identity.
  uint64_t h = dtype.code() * 0x9E3779B97F4A7C15ull + (space ? static_cast<int>(*space) + 1 : 0);
  for (const Expr* d : shape) {
    const auto* c = d->As<ConstInt>();
    uint64_t part = c != nullptr ? static_cast<uint64_t>(c->value()) * 0xFF51AFD7ED558CCDull
                                 : reinterpret_cast<uintptr_t>(d) >> 4;
    h = (h ^ part) * 0xC4CEB9FE1A85EC53ull;
  }
  return static_cast<size_t>(h >> 58) % kTileCacheSize;
}

const TileType* Context::GetTileType(DataType dtype, ExprSpan shape,
                                     std::optional<MemorySpace> space, const TileView* view) {
  TileLayout shape_blayout = TileLayout::kRowMajor;
  if (shape.size() == 2) {
    const auto* rows = shape[0]->As<ConstInt>();
    const auto* cols = shape[1]->As<ConstInt>();
    if (rows && cols && cols->value() == 1 && rows->value() > 1) {
      shape_blayout = TileLayout::kColMajor;
    }
  }
  // Whether `view` is the implicit one (modulo a valid_shape equal to the
  // shape), tested without copying it: deducers pass a view for every call.
  bool implicit = true;
  if (view != nullptr) {
    implicit = view->stride.empty() && view->start_offset == nullptr &&
               view->pad == PadValue::kNull && view->compact == CompactMode::kNull &&
               (view->valid_shape.empty() || ExprListIdentical(view->valid_shape, shape));
    if (implicit) {
      TileView imp = ImplicitTileView(space, shape_blayout);
      implicit = view->blayout == imp.blayout && view->slayout == imp.slayout &&
                 view->fractal == imp.fractal;
    }
  }
  size_t slot = 0;
  if (implicit) {
    // The cached type has the same parts exactly when the probe below would
    // find it: dtype, space and identical dims (the layout follows from them).
    slot = TileCacheSlot(dtype, shape, space);
    const TileType* cached = tile_cache_[slot];
    if (cached != nullptr && cached->dtype() == dtype && cached->memory_space() == space &&
        cached->view() == nullptr && ExprListIdentical(cached->shape(), shape)) {
      return cached;
    }
  }
  TileView v;
  if (!implicit) {
    v = *view;
    if (ExprListIdentical(v.valid_shape, shape)) v.valid_shape = {};
  }
  TileType probe(dtype, shape, space, implicit ? nullptr : &v, shape_blayout);
  const TileType* t = nullptr;
  if (const Type* found = Intern(&probe)) {
    t = found->As<TileType>();
  } else {
    const TileView* stored = nullptr;
    if (!implicit) {
      v.valid_shape = CanonicalDims(v.valid_shape);
      v.stride = CanonicalDims(v.stride);
      stored = Make<TileView>(v);
    }
    auto* made = Make<TileType>(dtype, CanonicalDims(shape), space, stored, shape_blayout);
    types_.insert(made);
    t = made;
  }
  if (implicit) tile_cache_[slot] = t;
  return t;
}

const TupleType* Context::GetTupleType(absl::Span<const Type* const> elements) {
  TupleType probe(elements);
  if (const Type* t = Intern(&probe)) return t->As<TupleType>();
  auto* t = Make<TupleType>(arena_.Copy(elements));
  types_.insert(t);
  return t;
}

const HandleType* Context::FindHandleType(absl::string_view spelling) const {
  for (const HandleType* t : handle_types_) {
    if (HandleTypeSpelling(t->handle_kind()) == spelling) return t;
  }
  return nullptr;
}

const ArrayType* Context::GetArrayType(DataType dtype, int64_t extent) {
  ArrayType probe(dtype, extent);
  if (const Type* t = Intern(&probe)) return t->As<ArrayType>();
  auto* t = Make<ArrayType>(dtype, extent);
  types_.insert(t);
  return t;
}

const ConstInt* Context::Index(int64_t value) {
  auto [it, inserted] = index_constants_.try_emplace(value, nullptr);
  if (inserted) {
    it->second = Make<ConstInt>(SourceLoc{}, GetScalarType(DataType::kIndex), value);
  }
  return it->second;
}

const ConstInt* Context::Int(int64_t value, DataType dtype, SourceLoc loc) {
  return Make<ConstInt>(loc, GetScalarType(dtype), value);
}

const ConstFloat* Context::Float(double value, DataType dtype, SourceLoc loc) {
  // One NaN per sign: the text form spells NaN without a payload, so a
  // payload could not survive a print/parse round trip.
  if (std::isnan(value)) value = std::copysign(std::numeric_limits<double>::quiet_NaN(), value);
  if (loc.known()) return Make<ConstFloat>(loc, GetScalarType(dtype), value);
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if (last_float_ != nullptr && bits == last_float_bits_ && last_float_->dtype() == dtype) {
    return last_float_;
  }
  auto [it, inserted] =
      float_constants_.try_emplace(std::make_pair(bits, static_cast<uint8_t>(dtype.code())), nullptr);
  if (inserted) it->second = Make<ConstFloat>(loc, GetScalarType(dtype), value);
  last_float_ = it->second;
  last_float_bits_ = bits;
  return it->second;
}

const ConstBool* Context::Bool(bool value, SourceLoc loc) {
  if (!loc.known()) return value ? true_ : false_;
  return Make<ConstBool>(loc, GetScalarType(DataType::kBool), value);
}

ExprSpan Context::IndexList(absl::Span<const int64_t> values) {
  const Expr** out = arena_.AllocateArray<const Expr*>(values.size());
  for (size_t i = 0; i < values.size(); ++i) out[i] = Index(values[i]);
  return ExprSpan(out, values.size());
}

}  // namespace pto::ir
