#include "ir/analysis/structural_hash.h"

#include <cstdint>
#include <cstring>

#include "ir/analysis/structural_common.h"
#include "ir/analysis/var_table.h"
#include "ir/op.h"
#include "ir/depth_guard.h"

namespace pto::ir {
namespace {

using structural::AsStmtList;
using structural::FoldInt64;
using structural::kMaxDepth;

// Tags keep differently shaped IR from colliding by construction
// (e.g. a use of Var #3 versus the constant 3).
enum Tag : uint64_t {
  kTagNull = 0x6e75,
  kTagDeep,
  kTagVarDef,
  kTagVarUse,
  kTagFreeVar,
  kTagOpCall,
  kTagFunctionCall,
  kTagKwargs,
  kTagList,
  kTagType,
  kTagViewAbsent,
  kTagViewPresent,
  kTagNoSpace,
};

uint64_t Fmix64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

uint64_t StringHash(absl::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a
  for (char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

uint64_t FloatBits(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof(bits));
  return bits;
}

uint64_t AttrHash(const AttrValue& v) {
  uint64_t h = static_cast<uint64_t>(v.kind()) * 0x9e3779b97f4a7c15ULL;
  switch (v.kind()) {
    case AttrKind::kFloat: return Fmix64(h ^ FloatBits(v.float_value()));
    case AttrKind::kString: return Fmix64(h ^ StringHash(v.string_value()));
    default: return Fmix64(h ^ static_cast<uint64_t>(v.raw_int()));
  }
}

class Hasher {
 public:
  size_t Finish() const { return static_cast<size_t>(Fmix64(h_)); }

  void HashProgram(const Program& program);
  void HashFunction(const Function* function);
  // A statement list; Seq{s} and s hash alike (structural_common.h).
  void HashBody(const Stmt* body);
  void HashStmt(const Stmt* stmt);
  void HashExpr(const Expr* expr);
  void HashType(const Type* type, bool fold_int64 = false);

 private:
  void Mix(uint64_t v) {
    h_ = ((h_ << 5) | (h_ >> 59)) ^ v;
    h_ *= 0x9e3779b97f4a7c15ULL;
  }
  void MixString(absl::string_view s) { Mix(StringHash(s)); }
  void MixAttrValue(const AttrValue& v) {
    Mix(static_cast<uint64_t>(v.kind()));
    if (v.kind() == AttrKind::kString) {
      MixString(v.string_value());
    } else if (v.kind() == AttrKind::kFloat) {
      double d = v.float_value();
      uint64_t bits = 0;
      std::memcpy(&bits, &d, sizeof(bits));
      Mix(bits);
    } else {
      Mix(static_cast<uint64_t>(v.raw_int()));
    }
  }
  void HashExprs(ExprSpan list) {
    Mix(kTagList);
    Mix(list.size());
    for (const Expr* e : list) HashExpr(e);
  }
  void HashDims(ExprSpan dims) { HashExprs(dims); }
  void DefineVar(const Var* v, bool fold_int64 = false);
  void DefineVars(VarSpan vars) {
    Mix(vars.size());
    for (const Var* v : vars) DefineVar(v);
  }
  void UseVar(const Var* v);
  void HashKwargs(const Call* c);

  uint64_t h_ = 0x243f6a8885a308d3ULL;
  int depth_ = 0;
  uint32_t next_index_ = 0;
  VarTable<uint32_t> index_;
};

void Hasher::HashProgram(const Program& program) {
  // Functions are a set (structural_equal.h): their hashes are summed, so
  // the order the program lists them in does not count.
  Mix(program.functions().size());
  uint64_t sum = 0;
  for (const Function* f : program.functions()) {
    Hasher one;
    one.HashFunction(f);
    sum += one.Finish();
  }
  Mix(sum);
}

void Hasher::HashFunction(const Function* f) {
  if (f == nullptr) return Mix(kTagNull);
  MixString(f->name());
  Mix(static_cast<uint64_t>(f->func_type()));
  Mix(f->level() ? static_cast<uint64_t>(*f->level()) + 1 : 0);
  Mix(f->role() ? static_cast<uint64_t>(*f->role()) + 1 : 0);
  Mix(f->attrs().auto_scope ? 1 : 0);
  MixString(f->attrs().external_source);
  Mix(f->attrs().requires_runtime_binding ? 1 : 0);
  MixString(f->attrs().python_body);
  Mix(f->attrs().attrs.size());
  for (const FuncAttr& a : f->attrs().attrs) {
    MixString(a.key);
    MixString(a.enum_ref);
    Mix(static_cast<uint64_t>(a.value.kind()));
    MixAttrValue(a.value);
  }
  Mix(f->params().size());
  for (size_t i = 0; i < f->params().size(); ++i) {
    DefineVar(f->params()[i]);
    Mix(static_cast<uint64_t>(f->directions()[i]));
  }
  for (const FuncAttr& a : f->attrs().attrs) {
    if (a.expr != nullptr) HashExpr(a.expr);
  }
  Mix(f->return_types().size());
  for (const Type* t : f->return_types()) HashType(t);
  HashBody(f->body());
}

void Hasher::HashBody(const Stmt* body) {
  if (body == nullptr) return Mix(kTagNull);
  Stmts list = AsStmtList(&body);
  Mix(kTagList);
  Mix(list.size());
  for (const Stmt* s : list) HashStmt(s);
}

void Hasher::DefineVar(const Var* v, bool fold_int64) {
  if (v == nullptr) return Mix(kTagNull);
  Mix(static_cast<uint64_t>(v->kind()));
  HashType(v->type(), fold_int64);
  auto [index, inserted] = index_.Insert(v, next_index_);
  if (inserted) ++next_index_;
  Mix(kTagVarDef);
  Mix(*index);
}

void Hasher::UseVar(const Var* v) {
  if (const uint32_t* found = index_.Find(v)) {
    Mix(kTagVarUse);
    Mix(*found);
    return;
  }
  // First sight of a Var with no definition so far: number it now, as
  // equality pairs it now; its type is compared then, so hash it too.
  uint32_t index = next_index_++;
  index_.Insert(v, index);
  HashType(v->type());
  Mix(kTagFreeVar);
  Mix(index);
}

void Hasher::HashStmt(const Stmt* s) {
  DepthGuard guard(depth_);
  if (guard.too_deep()) return Mix(kTagDeep);
  if (s == nullptr) return Mix(kTagNull);
  Mix(static_cast<uint64_t>(s->kind()));
  switch (s->kind()) {
    case NodeKind::kAssign: {
      const auto* a = s->As<AssignStmt>();
      HashExpr(a->value());
      DefineVar(a->var());
      return;
    }
    case NodeKind::kEval:
      return HashExpr(s->As<EvalStmt>()->expr());
    case NodeKind::kReturn:
      return HashExprs(s->As<ReturnStmt>()->values());
    case NodeKind::kYield:
      return HashExprs(s->As<YieldStmt>()->values());
    case NodeKind::kSeq:
      return HashBody(s);
    case NodeKind::kIf: {
      const auto* x = s->As<IfStmt>();
      HashExpr(x->condition());
      HashBody(x->then_body());
      HashBody(x->else_body());
      return DefineVars(x->return_vars());
    }
    case NodeKind::kFor: {
      const auto* x = s->As<ForStmt>();
      HashExpr(x->start());
      HashExpr(x->stop());
      HashExpr(x->step());
      Mix(static_cast<uint64_t>(x->for_kind()));
      Mix(static_cast<uint64_t>(x->stage()));
      Mix(x->attrs().size());
      for (const LoopAttr& a : x->attrs()) {
        MixString(a.key);
        if (a.value.kind() == AttrKind::kString) {
          MixString(a.value.string_value());
        } else if (a.value.kind() != AttrKind::kFloat) {
          Mix(static_cast<uint64_t>(a.value.raw_int()));
        }
      }
      Mix(x->iter_args().size());
      for (const IterArg* a : x->iter_args()) HashExpr(a ? a->init() : nullptr);
      DefineVar(x->loop_var(), /*fold_int64=*/true);
      for (const IterArg* a : x->iter_args()) DefineVar(a);
      HashBody(x->body());
      return DefineVars(x->return_vars());
    }
    case NodeKind::kWhile: {
      const auto* x = s->As<WhileStmt>();
      Mix(x->iter_args().size());
      for (const IterArg* a : x->iter_args()) HashExpr(a ? a->init() : nullptr);
      for (const IterArg* a : x->iter_args()) DefineVar(a);
      HashExpr(x->condition());
      HashBody(x->body());
      return DefineVars(x->return_vars());
    }
    case NodeKind::kScope: {
      const auto* x = s->As<ScopeStmt>();
      Mix(static_cast<uint64_t>(x->scope_kind()));
      for (const ScopeArg& a : x->args()) {
        MixString(a.key);
        MixString(a.enum_ref);
        Mix(static_cast<uint64_t>(a.operand + 1));
        if (a.value.kind() == AttrKind::kString) {
          MixString(a.value.string_value());
        } else if (a.value.kind() != AttrKind::kFloat) {
          Mix(static_cast<uint64_t>(a.value.raw_int()));
        }
      }
      for (const Expr* e : x->operands()) HashExpr(e);
      HashBody(x->body());
      return;
    }
    default:
      return;
  }
}

void Hasher::HashKwargs(const Call* c) {
  // Order-independent, keyed by name: equality matches kwargs as a map.
  const Op* op = c->op();
  uint64_t sum = 0;
  for (const Kwarg& k : c->kwargs()) {
    uint64_t key = op != nullptr && k.key < op->kwargs().size()
                       ? StringHash(op->kwargs()[k.key].name)
                       : k.key;
    sum += Fmix64(key ^ AttrHash(k.value));
  }
  Mix(kTagKwargs);
  Mix(c->kwargs().size());
  Mix(sum);
}

void Hasher::HashExpr(const Expr* e) {
  DepthGuard guard(depth_);
  if (guard.too_deep()) return Mix(kTagDeep);
  if (e == nullptr) return Mix(kTagNull);
  Mix(static_cast<uint64_t>(e->kind()));
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      return UseVar(e->As<Var>());
    case NodeKind::kConstInt: {
      const auto* c = e->As<ConstInt>();
      Mix(FoldInt64(c->dtype()).code());
      return Mix(static_cast<uint64_t>(c->value()));
    }
    case NodeKind::kConstFloat: {
      const auto* c = e->As<ConstFloat>();
      Mix(c->dtype().code());
      return Mix(FloatBits(c->value()));
    }
    case NodeKind::kConstBool:
      return Mix(e->As<ConstBool>()->value() ? 1 : 0);
    case NodeKind::kCall: {
      const auto* c = e->As<Call>();
      if (c->op() != nullptr) {
        Mix(kTagOpCall);
        MixString(c->op()->name());
      } else {
        Mix(kTagFunctionCall);
        MixString(c->callee() ? c->callee()->name() : absl::string_view());
      }
      HashExprs(c->args());
      if (const CallSite* site = c->site()) {
        Mix(static_cast<uint64_t>(site->form) | (site->sync_start ? 0x100u : 0u) |
            (site->allow_early_resolve ? 0x200u : 0u));
        for (const Expr* x : {site->device, site->core_num, site->predicate}) {
          Mix(x != nullptr ? 1 : 0);
          if (x != nullptr) HashExpr(x);
        }
        HashExprs(site->deps);
        for (ArgDirection d : site->arg_directions) Mix(static_cast<uint64_t>(d));
        Mix(site->attrs.size());
        for (const CallAttr& a : site->attrs) {
          MixString(a.key);
          Mix(a.items.size() * 2 + (a.is_list ? 1 : 0));
          for (const CallAttrItem& item : a.items) {
            Mix(static_cast<uint64_t>(item.kind) | static_cast<uint64_t>(item.direction) << 8);
            if (item.expr != nullptr) {
              HashExpr(item.expr);
            } else if (item.kind == CallAttrItem::Kind::kValue) {
              MixAttrValue(item.value);
            }
          }
        }
      }
      // The result type follows from the above (equality still compares it).
      return HashKwargs(c);
    }
    case NodeKind::kMakeTuple:
      return HashExprs(e->As<MakeTuple>()->elements());
    case NodeKind::kTupleGetItem: {
      const auto* t = e->As<TupleGetItem>();
      Mix(static_cast<uint64_t>(t->index()));
      return HashExpr(t->tuple());
    }
    case NodeKind::kBinary: {
      const auto* b = e->As<BinaryExpr>();
      Mix(static_cast<uint64_t>(b->op()));
      Mix(b->dtype().code());
      HashExpr(b->lhs());
      return HashExpr(b->rhs());
    }
    case NodeKind::kUnary: {
      const auto* u = e->As<UnaryExpr>();
      Mix(static_cast<uint64_t>(u->op()));
      Mix(u->dtype().code());
      return HashExpr(u->operand());
    }
    default:
      return;
  }
}

void Hasher::HashType(const Type* t, bool fold_int64) {
  DepthGuard guard(depth_);
  if (guard.too_deep()) return Mix(kTagDeep);
  if (t == nullptr) return Mix(kTagNull);
  Mix(kTagType);
  Mix(static_cast<uint64_t>(t->kind()));
  switch (t->kind()) {
    case TypeKind::kScalar: {
      DataType d = t->As<ScalarType>()->dtype();
      return Mix((fold_int64 ? FoldInt64(d) : d).code());
    }
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* tt = t->As<TensorType>();
      Mix(tt->dtype().code());
      HashDims(tt->shape());
      const TensorView* v = tt->view();
      if (v == nullptr) return Mix(kTagViewAbsent);
      Mix(kTagViewPresent);
      HashDims(v->valid_shape);
      HashDims(v->stride);
      Mix(static_cast<uint64_t>(v->layout));
      return Mix(static_cast<uint64_t>(v->pad));
    }
    case TypeKind::kTile: {
      const auto* tt = t->As<TileType>();
      Mix(tt->dtype().code());
      HashDims(tt->shape());
      Mix(tt->memory_space() ? static_cast<uint64_t>(*tt->memory_space()) : kTagNoSpace);
      const TileView* v = tt->view();
      if (v == nullptr) return Mix(kTagViewAbsent);
      Mix(kTagViewPresent);
      HashDims(v->valid_shape);
      HashDims(v->stride);
      HashExpr(v->start_offset);
      Mix(static_cast<uint64_t>(v->blayout));
      Mix(static_cast<uint64_t>(v->slayout));
      Mix(v->fractal);
      Mix(static_cast<uint64_t>(v->pad));
      return Mix(static_cast<uint64_t>(v->compact));
    }
    case TypeKind::kTuple: {
      auto elements = t->As<TupleType>()->elements();
      Mix(elements.size());
      for (const Type* e : elements) HashType(e);
      return;
    }
    case TypeKind::kHandle:
      Mix(static_cast<uint64_t>(t->As<HandleType>()->handle_kind()));
      return;
    case TypeKind::kArray:
      Mix(static_cast<uint64_t>(t->As<ArrayType>()->dtype().code()));
      Mix(static_cast<uint64_t>(t->As<ArrayType>()->extent()));
      return;
    case TypeKind::kUnknown:
    case TypeKind::kCommCtx:
      return;
  }
}

}  // namespace

size_t StructuralHash(const Program& program) {
  Hasher h;
  h.HashProgram(program);
  return h.Finish();
}

size_t StructuralHash(const Function* function) {
  Hasher h;
  h.HashFunction(function);
  return h.Finish();
}

size_t StructuralHash(const Stmt* stmt) {
  Hasher h;
  h.HashBody(stmt);
  return h.Finish();
}

size_t StructuralHash(const Expr* expr) {
  Hasher h;
  h.HashExpr(expr);
  return h.Finish();
}

size_t StructuralHash(const Type* type) {
  Hasher h;
  h.HashType(type);
  return h.Finish();
}

}  // namespace pto::ir
