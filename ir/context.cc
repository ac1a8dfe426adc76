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

class ProgramNode {
 public:
  ProgramNode(Context* ctx, absl::string_view name, absl::Span<const Function* const> functions)
      : ctx_(ctx), name_(name), functions_(functions) {}
  Context* ctx_;
  absl::string_view name_;
  absl::Span<const Function* const> functions_;
};

Context& Program::context() const { return *node_->ctx_; }
absl::string_view Program::name() const { return node_->name_; }
absl::Span<const Function* const> Program::functions() const { return node_->functions_; }
const Function* Program::FindFunction(absl::string_view name) const {
  for (const Function* f : node_->functions_) {
    if (f->name() == name) return f;
  }
  return nullptr;
}

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

const Var* Context::NewVar(absl::string_view name, const Type* type, SourceLoc loc) {
  PTO_CHECK(type != nullptr);
  return Make<Var>(NodeKind::kVar, loc, type, PackedString::Copy(arena_, name), next_var_id_++);
}

const IterArg* Context::NewIterArg(absl::string_view name, const Type* type, const Expr* init,
                                   SourceLoc loc) {
  PTO_CHECK(type != nullptr && init != nullptr);
  return Make<IterArg>(loc, type, PackedString::Copy(arena_, name), next_var_id_++, init);
}

const Call* Context::NewOpCall(const Op* op, ExprSpan args, absl::Span<const Kwarg> kwargs,
                               const Type* type, SourceLoc loc) {
  PTO_CHECK(op != nullptr && type != nullptr);
  for (size_t i = 1; i < kwargs.size(); ++i) PTO_DCHECK(kwargs[i - 1].key < kwargs[i].key);
  return MakeCall(loc, type, op, nullptr, args, kwargs);
}

const Call* Context::WithOpCallSite(const Call* c, const CallSite* site) {
  PTO_CHECK(c != nullptr && c->op() != nullptr);
  if (site != nullptr && site->empty()) site = nullptr;
  return MakeCall(c->loc(), c->type(), c->op(), nullptr, c->args(), c->kwargs(), site);
}

absl::Span<const CallAttr> Context::SaveCallAttrs(absl::Span<const CallAttr> attrs) {
  if (attrs.empty()) return {};
  CallAttr* out = arena_.AllocateArray<CallAttr>(attrs.size());
  for (size_t i = 0; i < attrs.size(); ++i) {
    new (&out[i]) CallAttr{SaveString(attrs[i].key), attrs[i].is_list, {}};
    absl::Span<const CallAttrItem> items = attrs[i].items;
    if (items.empty()) continue;
    CallAttrItem* copy = arena_.AllocateArray<CallAttrItem>(items.size());
    for (size_t j = 0; j < items.size(); ++j) {
      new (&copy[j]) CallAttrItem(items[j]);
      if (items[j].kind == CallAttrItem::Kind::kValue &&
          items[j].value.kind() == AttrKind::kString) {
        copy[j].value = AttrValue::String(SaveString(items[j].value.string_value()));
      }
    }
    out[i].items = absl::Span<const CallAttrItem>(copy, items.size());
  }
  return absl::Span<const CallAttr>(out, attrs.size());
}

const Call* Context::NewFunctionCall(const GlobalVar* callee, ExprSpan args, const Type* type,
                                     SourceLoc loc, const CallSite* site) {
  PTO_CHECK(callee != nullptr && type != nullptr);
  if (site != nullptr && site->empty()) site = nullptr;
  return MakeCall(loc, type, nullptr, callee, args, {}, site);
}

const Call* Context::MakeCall(SourceLoc loc, const Type* type, const Op* op,
                              const GlobalVar* callee, ExprSpan args,
                              absl::Span<const Kwarg> kwargs) {
  return MakeCall(loc, type, op, callee, args, kwargs, nullptr);
}

const Call* Context::MakeCall(SourceLoc loc, const Type* type, const Op* op,
                              const GlobalVar* callee, ExprSpan args,
                              absl::Span<const Kwarg> kwargs, const CallSite* site) {
  PTO_CHECK(args.size() <= UINT32_MAX && kwargs.size() <= UINT16_MAX);
  PTO_CHECK(site == nullptr || op != nullptr || kwargs.empty());
  size_t arg_bytes = sizeof(const Expr*) * args.size();
  size_t kwarg_bytes = sizeof(Kwarg) * kwargs.size();
  size_t site_bytes = site != nullptr ? sizeof(const CallSite*) : 0;
  void* storage =
      arena_.Allocate(sizeof(Call) + arg_bytes + kwarg_bytes + site_bytes, alignof(Call));
  auto* call =
      new (storage) Call(loc, type, op, callee, args.size(), kwargs.size(), site != nullptr);
  char* trailing = reinterpret_cast<char*>(call + 1);
  if (!args.empty()) std::memcpy(trailing, args.data(), arg_bytes);
  if (!kwargs.empty()) std::memcpy(trailing + arg_bytes, kwargs.data(), kwarg_bytes);
  if (site != nullptr) {
    auto* copy = new (arena_.Allocate(sizeof(CallSite), alignof(CallSite))) CallSite(*site);
    copy->attrs = SaveCallAttrs(site->attrs);
    if (!site->deps.empty()) {
      const Expr** deps = arena_.AllocateArray<const Expr*>(site->deps.size());
      std::copy(site->deps.begin(), site->deps.end(), deps);
      copy->deps = absl::Span<const Expr* const>(deps, site->deps.size());
    }
    if (!site->arg_directions.empty()) {
      auto* dirs = static_cast<ArgDirection*>(
          arena_.Allocate(site->arg_directions.size(), alignof(ArgDirection)));
      std::copy(site->arg_directions.begin(), site->arg_directions.end(), dirs);
      copy->arg_directions = absl::Span<const ArgDirection>(dirs, site->arg_directions.size());
    }
    const CallSite* p = copy;
    std::memcpy(trailing + arg_bytes + kwarg_bytes, &p, sizeof(p));
  }
  return call;
}

const MakeTuple* Context::NewMakeTuple(ExprSpan elements, SourceLoc loc) {
  absl::InlinedVector<const Type*, 8> types;
  types.reserve(elements.size());
  for (const Expr* e : elements) types.push_back(e->type());
  return Make<MakeTuple>(loc, GetTupleType(types), Save(elements));
}

const TupleGetItem* Context::NewTupleGetItem(const Expr* tuple, int index, SourceLoc loc) {
  const auto* tt = tuple->type()->As<TupleType>();
  PTO_CHECK(tt != nullptr && index >= 0 && static_cast<size_t>(index) < tt->elements().size());
  return Make<TupleGetItem>(loc, tt->elements()[index], tuple, index);
}

const BinaryExpr* Context::NewBinary(BinaryOp op, const Expr* lhs, const Expr* rhs,
                                     DataType dtype, SourceLoc loc) {
  return Make<BinaryExpr>(loc, GetScalarType(dtype), op, lhs, rhs);
}

const UnaryExpr* Context::NewUnary(UnaryOp op, const Expr* operand, DataType dtype,
                                   SourceLoc loc) {
  return Make<UnaryExpr>(loc, GetScalarType(dtype), op, operand);
}

const AssignStmt* Context::NewAssign(const Var* var, const Expr* value, SourceLoc loc,
                                     Comments comments) {
  PTO_CHECK(var != nullptr && value != nullptr);
  return MakeStmt<AssignStmt>(loc, comments, var, value);
}

const EvalStmt* Context::NewEval(const Expr* expr, SourceLoc loc, Comments comments) {
  return MakeStmt<EvalStmt>(loc, comments, expr);
}

const ReturnStmt* Context::NewReturn(ExprSpan values, SourceLoc loc, Comments comments) {
  return MakeStmt<ReturnStmt>(loc, comments, Save(values));
}

const YieldStmt* Context::NewYield(ExprSpan values, SourceLoc loc, Comments comments) {
  return MakeStmt<YieldStmt>(loc, comments, Save(values));
}

const SeqStmts* Context::NewSeq(Stmts stmts, SourceLoc loc) {
  size_t n = 0;
  for (const Stmt* s : stmts) {
    const auto* seq = s->As<SeqStmts>();
    n += seq ? seq->stmts().size() : 1;
  }
  const Stmt** out = arena_.AllocateArray<const Stmt*>(n);
  size_t i = 0;
  for (const Stmt* s : stmts) {
    if (const auto* seq = s->As<SeqStmts>()) {
      for (const Stmt* c : seq->stmts()) out[i++] = c;
    } else {
      out[i++] = s;
    }
  }
  return Make<SeqStmts>(loc, Stmts(out, n));
}

const SeqStmts* Context::NewFlatSeq(Stmts stmts, SourceLoc loc) {
  for (const Stmt* s : stmts) PTO_DCHECK(s->As<SeqStmts>() == nullptr);
  return Make<SeqStmts>(loc, Save(stmts));
}

const IfStmt* Context::NewIf(const Expr* condition, const Stmt* then_body,
                             const Stmt* else_body, VarSpan return_vars, SourceLoc loc,
                             Comments comments) {
  return MakeStmt<IfStmt>(loc, comments, condition, then_body, else_body,
                            Save(return_vars));
}

const ForStmt* Context::NewFor(const Var* loop_var, const Expr* start, const Expr* stop,
                               const Expr* step, IterArgSpan iter_args, const Stmt* body,
                               VarSpan return_vars, ForKind kind, int stage, SourceLoc loc,
                               Comments comments, absl::Span<const LoopAttr> attrs) {
  return MakeStmt<ForStmt>(loc, comments, loop_var, start, stop, step, Save(iter_args),
                             body, Save(return_vars), kind, stage, Save(attrs));
}

const WhileStmt* Context::NewWhile(const Expr* condition, IterArgSpan iter_args,
                                   const Stmt* body, VarSpan return_vars, SourceLoc loc,
                                   Comments comments) {
  return MakeStmt<WhileStmt>(loc, comments, condition, Save(iter_args), body,
                               Save(return_vars));
}

const ScopeStmt* Context::NewScope(ScopeKind scope_kind, absl::Span<const ScopeArg> args,
                                   ExprSpan operands, const Stmt* body, SourceLoc loc,
                                   Comments comments) {
  return MakeStmt<ScopeStmt>(loc, comments, scope_kind, Save(args), Save(operands), body);
}

const BreakStmt* Context::NewBreak(SourceLoc loc, Comments comments) {
  return MakeStmt<BreakStmt>(loc, comments);
}

const ContinueStmt* Context::NewContinue(SourceLoc loc, Comments comments) {
  return MakeStmt<ContinueStmt>(loc, comments);
}

const Stmt* Context::WithComments(const Stmt* stmt, Comments comments) {
  if (stmt->comments().empty() && comments.empty()) return stmt;
  switch (stmt->kind()) {
    case NodeKind::kAssign: {
      const auto* s = stmt->As<AssignStmt>();
      return NewAssign(s->var(), s->value(), s->loc(), comments);
    }
    case NodeKind::kEval:
      return NewEval(stmt->As<EvalStmt>()->expr(), stmt->loc(), comments);
    case NodeKind::kReturn:
      return NewReturn(stmt->As<ReturnStmt>()->values(), stmt->loc(), comments);
    case NodeKind::kYield:
      return NewYield(stmt->As<YieldStmt>()->values(), stmt->loc(), comments);
    case NodeKind::kIf: {
      const auto* s = stmt->As<IfStmt>();
      return NewIf(s->condition(), s->then_body(), s->else_body(), s->return_vars(), s->loc(),
                   comments);
    }
    case NodeKind::kFor: {
      const auto* s = stmt->As<ForStmt>();
      return NewFor(s->loop_var(), s->start(), s->stop(), s->step(), s->iter_args(), s->body(),
                    s->return_vars(), s->for_kind(), s->stage(), s->loc(), comments, s->attrs());
    }
    case NodeKind::kWhile: {
      const auto* s = stmt->As<WhileStmt>();
      return NewWhile(s->condition(), s->iter_args(), s->body(), s->return_vars(), s->loc(),
                      comments);
    }
    case NodeKind::kBreak:
      return NewBreak(stmt->loc(), comments);
    case NodeKind::kContinue:
      return NewContinue(stmt->loc(), comments);
    case NodeKind::kScope: {
      const auto* s = stmt->As<ScopeStmt>();
      return NewScope(s->scope_kind(), s->args(), s->operands(), s->body(), s->loc(), comments);
    }
    case NodeKind::kSeq: {
      // A sequence carries no comments itself; its first statement does.
      Stmts children = stmt->As<SeqStmts>()->stmts();
      if (children.empty()) return stmt;
      std::vector<const Stmt*> copy(children.begin(), children.end());
      copy.front() = WithComments(copy.front(), comments);
      return NewSeq(copy, stmt->loc());
    }
    default:
      PTO_UNREACHABLE() << "not a statement";
  }
}

const GlobalVar* Context::GetGlobalVar(absl::string_view name) {
  auto it = global_vars_.find(name);
  if (it != global_vars_.end()) return it->second;
  absl::string_view saved = SaveString(name);
  const GlobalVar* g = Make<GlobalVar>(saved);
  global_vars_.emplace(saved, g);
  return g;
}

const Function* Context::NewFunction(absl::string_view name, VarSpan params,
                                     absl::Span<const ParamDirection> directions,
                                     absl::Span<const Type* const> return_types,
                                     const Stmt* body, FunctionType type,
                                     std::optional<Level> level, std::optional<Role> role,
                                     SourceLoc loc, const FunctionAttrs& attrs) {
  PTO_CHECK(params.size() == directions.size());
  FunctionAttrs saved = attrs;
  saved.external_source = SaveString(attrs.external_source);
  saved.attrs = Save(attrs.attrs);
  if (std::optional<LevelRole> derived = DerivedLevelRole(type)) {
    if (!level) level = derived->level;
    if (!role) role = derived->role;
  }
  return Make<Function>(loc, SaveString(name), Save(params), Save(directions),
                              Save(return_types), body, type, level, role, saved);
}

Program Context::NewProgram(absl::string_view name, absl::Span<const Function* const> functions) {
  // Callers (the parser, passes) report duplicates as user errors first;
  // this is the invariant's backstop, so it must stay linear: a generated
  // module can hold hundreds of thousands of functions.
  absl::flat_hash_set<absl::string_view> names;
  names.reserve(functions.size());
  for (const Function* f : functions) {
    PTO_CHECK(names.insert(f->name()).second) << "duplicate function " << f->name();
  }
  return Program(Make<ProgramNode>(this, SaveString(name), Save(functions)));
}

std::optional<LevelRole> DerivedLevelRole(FunctionType type) {
  switch (type) {
    case FunctionType::kInCore: return LevelRole{Level::kChipDie, Role::kSubWorker};
    case FunctionType::kAIC: return LevelRole{Level::kAIC, Role::kSubWorker};
    case FunctionType::kAIV: return LevelRole{Level::kAIV, Role::kSubWorker};
    case FunctionType::kGroup: return LevelRole{Level::kCoreGroup, Role::kSubWorker};
    case FunctionType::kOrchestration:
    case FunctionType::kGraph: return LevelRole{Level::kChip, Role::kOrchestrator};
    default: return std::nullopt;
  }
}

}  // namespace pto::ir
