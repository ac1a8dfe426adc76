// Node construction: the Context factories of expressions, statements,
// functions and the program (interning of types and constants is in
// context.cc).

#include <optional>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/context.h"
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
  saved.python_body = SaveString(attrs.python_body);
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
