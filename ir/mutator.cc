#include "ir/mutator.h"

#include "ir/check.h"
#include "ir/op.h"
#include "ir/type_substitute.h"

namespace pto::ir {

Program IRMutator::MutateProgram(const Program& program) {
  std::vector<const Function*> functions;
  bool changed = false;
  for (const Function* f : program.functions()) {
    const Function* g = MutateFunction(f);
    changed |= g != f;
    functions.push_back(g);
  }
  return changed ? ctx_.NewProgram(program.name(), functions) : program;
}

const Function* IRMutator::MutateFunction(const Function* f) {
  const Stmt* body = VisitStmt(f->body());
  if (body == f->body()) return f;
  return ctx_.NewFunction(f->name(), f->params(), f->directions(), f->return_types(), body,
                          f->func_type(), f->level(), f->role(), f->loc(), f->attrs());
}

const Expr* IRMutator::VisitExpr(const Expr* e) {
  switch (e->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg: return VisitVar(static_cast<const Var*>(e));
    case NodeKind::kConstInt: return VisitConstInt(static_cast<const ConstInt*>(e));
    case NodeKind::kConstFloat: return VisitConstFloat(static_cast<const ConstFloat*>(e));
    case NodeKind::kConstBool: return VisitConstBool(static_cast<const ConstBool*>(e));
    case NodeKind::kCall: return VisitCall(static_cast<const Call*>(e));
    case NodeKind::kMakeTuple: return VisitMakeTuple(static_cast<const MakeTuple*>(e));
    case NodeKind::kTupleGetItem: return VisitTupleGetItem(static_cast<const TupleGetItem*>(e));
    case NodeKind::kBinary: return VisitBinary(static_cast<const BinaryExpr*>(e));
    case NodeKind::kUnary: return VisitUnary(static_cast<const UnaryExpr*>(e));
    default: PTO_UNREACHABLE() << "not an expression";
  }
}

const Stmt* IRMutator::VisitStmt(const Stmt* s) {
  switch (s->kind()) {
    case NodeKind::kAssign: return VisitAssign(static_cast<const AssignStmt*>(s));
    case NodeKind::kEval: return VisitEval(static_cast<const EvalStmt*>(s));
    case NodeKind::kReturn: return VisitReturn(static_cast<const ReturnStmt*>(s));
    case NodeKind::kYield: return VisitYield(static_cast<const YieldStmt*>(s));
    case NodeKind::kSeq: return VisitSeq(static_cast<const SeqStmts*>(s));
    case NodeKind::kIf: return VisitIf(static_cast<const IfStmt*>(s));
    case NodeKind::kFor: return VisitFor(static_cast<const ForStmt*>(s));
    case NodeKind::kWhile: return VisitWhile(static_cast<const WhileStmt*>(s));
    case NodeKind::kScope: return VisitScope(static_cast<const ScopeStmt*>(s));
    case NodeKind::kBreak:
    case NodeKind::kContinue: return s;
    default: PTO_UNREACHABLE() << "not a statement";
  }
}

bool IRMutator::VisitExprs(ExprSpan in, ExprBuffer& out) {
  out.clear();
  out.reserve(in.size());
  bool changed = false;
  for (const Expr* e : in) {
    const Expr* n = VisitExpr(e);
    changed |= n != e;
    out.push_back(n);
  }
  return changed;
}

bool IRMutator::VisitIterArgs(IterArgSpan in, IterArgBuffer& out) {
  out.clear();
  out.reserve(in.size());
  bool changed = false;
  for (const IterArg* a : in) {
    const Expr* init = VisitExpr(a->init());
    if (init == a->init()) {
      out.push_back(a);
      continue;
    }
    const IterArg* fresh = ctx_.NewIterArg(a->name(), IterArgType(a, init), init, a->loc());
    Remap(a, fresh);
    out.push_back(fresh);
    changed = true;
  }
  return changed;
}

const Expr* IRMutator::VisitVar(const Var* v) {
  if (var_remap_.empty()) return v;
  auto it = var_remap_.find(v);
  return it == var_remap_.end() ? v : it->second;
}

const Expr* IRMutator::VisitCall(const Call* c) {
  ExprBuffer args;
  bool changed = VisitExprs(c->args(), args);
  // A function call keeps the type it was given, which may name a renamed
  // Var in its dims (an op call's type is deduced again).
  const Type* type = c->type();
  if (c->callee() != nullptr && !var_remap_.empty()) {
    type = SubstituteDimVars(ctx_, type, var_remap_);
    changed |= type != c->type();
  }
  if (const CallSite* site = c->site()) {
    // The site's values are uses too: a rename reaches them as it reaches
    // the arguments.
    CallSite fresh = *site;
    for (const Expr** e : {&fresh.device, &fresh.core_num, &fresh.predicate}) {
      if (*e == nullptr) continue;
      const Expr* n = VisitExpr(*e);
      changed |= n != *e;
      *e = n;
    }
    ExprBuffer deps;
    changed |= VisitExprs(site->deps, deps);
    std::vector<CallAttr> attrs;
    std::vector<std::vector<CallAttrItem>> items;
    changed |= VisitCallAttrs(site->attrs, &attrs, &items);
    if (!changed) return c;
    fresh.deps = ExprSpan(deps.data(), deps.size());
    fresh.attrs = absl::Span<const CallAttr>(attrs.data(), attrs.size());
    if (c->op() != nullptr) {
      // The options ride on the op call; its typing does not depend on them.
      return ctx_.WithOpCallSite(RebuildOpCall(c, args), &fresh);
    }
    return ctx_.NewFunctionCall(c->callee(), args, type, c->loc(), &fresh);
  }
  if (!changed) return c;
  if (c->callee() != nullptr) {
    return ctx_.NewFunctionCall(c->callee(), args, type, c->loc());
  }
  return RebuildOpCall(c, args);
}

const Call* IRMutator::RebuildOpCall(const Call* c, ExprSpan args) {
  if (c->op()->unregistered()) {
    // Nothing to deduce from: the type stays the annotation it was written with.
    return ctx_.NewOpCall(c->op(), args, c->kwargs(), c->type(), c->loc());
  }
  DeduceContext dc(ctx_, *c->op(), args, c->kwargs());
  absl::StatusOr<const Type*> type = c->op()->deducer()(dc);
  PTO_CHECK(type.ok()) << "rewrite broke the typing of " << c->op()->name() << ": "
                       << type.status().message();
  // The type the program annotated stands for the one the op cannot know.
  if (c->op()->typed_by_annotation() && (*type)->Is<UnknownType>()) type = c->type();
  return ctx_.NewOpCall(c->op(), args, c->kwargs(), *type, c->loc());
}

bool IRMutator::VisitCallAttrs(absl::Span<const CallAttr> in, std::vector<CallAttr>* out,
                               std::vector<std::vector<CallAttrItem>>* items) {
  bool changed = false;
  items->resize(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    std::vector<CallAttrItem>& fresh = (*items)[i];
    fresh.assign(in[i].items.begin(), in[i].items.end());
    for (CallAttrItem& item : fresh) {
      if (item.expr == nullptr) continue;
      const Expr* n = VisitExpr(item.expr);
      changed |= n != item.expr;
      item.expr = n;
    }
    out->push_back(CallAttr{in[i].key, in[i].is_list,
                            absl::Span<const CallAttrItem>(fresh.data(), fresh.size())});
  }
  return changed;
}

const Expr* IRMutator::VisitMakeTuple(const MakeTuple* t) {
  ExprBuffer elements;
  if (!VisitExprs(t->elements(), elements)) return t;
  return ctx_.NewMakeTuple(elements, t->loc());
}

const Expr* IRMutator::VisitTupleGetItem(const TupleGetItem* t) {
  const Expr* tuple = VisitExpr(t->tuple());
  if (tuple == t->tuple()) return t;
  // A tuple a rewrite turned into the tuple it builds is read directly.
  if (const auto* mt = tuple->As<MakeTuple>()) return mt->elements()[t->index()];
  return ctx_.NewTupleGetItem(tuple, t->index(), t->loc());
}

const Expr* IRMutator::VisitBinary(const BinaryExpr* b) {
  const Expr* lhs = VisitExpr(b->lhs());
  const Expr* rhs = VisitExpr(b->rhs());
  if (lhs == b->lhs() && rhs == b->rhs()) return b;
  return ctx_.NewBinary(b->op(), lhs, rhs, b->dtype(), b->loc());
}

const Expr* IRMutator::VisitUnary(const UnaryExpr* u) {
  const Expr* operand = VisitExpr(u->operand());
  if (operand == u->operand()) return u;
  return ctx_.NewUnary(u->op(), operand, u->dtype(), u->loc());
}

const Stmt* IRMutator::VisitAssign(const AssignStmt* s) {
  const Expr* value = VisitExpr(s->value());
  if (value == s->value()) return s;
  return ctx_.NewAssign(s->var(), value, s->loc(), s->comments());
}

const Stmt* IRMutator::VisitEval(const EvalStmt* s) {
  const Expr* e = VisitExpr(s->expr());
  if (e == s->expr()) return s;
  return ctx_.NewEval(e, s->loc(), s->comments());
}

const Stmt* IRMutator::VisitReturn(const ReturnStmt* s) {
  ExprBuffer values;
  if (!VisitExprs(s->values(), values)) return s;
  return ctx_.NewReturn(values, s->loc(), s->comments());
}

const Stmt* IRMutator::VisitYield(const YieldStmt* s) {
  ExprBuffer values;
  if (!VisitExprs(s->values(), values)) return s;
  return ctx_.NewYield(values, s->loc(), s->comments());
}

namespace {

// Appends `s`, splicing in the statements of a SeqStmts, so the sequence
// being rebuilt stays flat while its statements are still in cache.
void AppendFlat(std::vector<const Stmt*>& out, const Stmt* s) {
  if (const auto* seq = s->As<SeqStmts>()) {
    out.insert(out.end(), seq->stmts().begin(), seq->stmts().end());
  } else {
    out.push_back(s);
  }
}

}  // namespace

const Stmt* IRMutator::VisitSeq(const SeqStmts* s) {
  std::vector<const Stmt*> stmts;
  stmts.reserve(s->stmts().size());
  bool changed = false;
  std::vector<const Stmt*>* outer_out = seq_out_;
  const Stmt* outer_element = seq_element_;
  for (const Stmt* c : s->stmts()) {
    seq_out_ = &stmts;
    seq_element_ = c;
    const Stmt* n = VisitStmt(c);
    if (n == nullptr) {  // Expand() appended its statements
      changed = true;
      continue;
    }
    changed |= n != c;
    AppendFlat(stmts, n);
  }
  seq_out_ = outer_out;
  seq_element_ = outer_element;
  if (!changed) return s;
  return ctx_.NewFlatSeq(stmts, s->loc());
}

const Var* IRMutator::RetypedVar(const Var* v, const Type* type) {
  if (type == v->type()) return v;
  const Var* fresh = ctx_.NewVar(v->name(), type, v->loc());
  Remap(v, fresh);
  return fresh;
}

VarSpan IRMutator::ResultsOf(const Stmt* s) {
  if (const auto* f = s->As<ForStmt>()) return f->return_vars();
  if (const auto* w = s->As<WhileStmt>()) return w->return_vars();
  return s->As<IfStmt>()->return_vars();
}

const YieldStmt* IRMutator::ResultYield(const Stmt* s) {
  if (const auto* f = s->As<ForStmt>()) return TrailingYield(f->body());
  if (const auto* w = s->As<WhileStmt>()) return TrailingYield(w->body());
  const auto* i = s->As<IfStmt>();
  const YieldStmt* y = TrailingYield(i->then_body());
  return y != nullptr || i->else_body() == nullptr ? y : TrailingYield(i->else_body());
}

const Stmt* IRMutator::WithResults(const Stmt* s, const std::vector<const Var*>& results) {
  if (results.empty()) return s;
  VarSpan rvs(results.data(), results.size());
  if (const auto* f = s->As<ForStmt>()) {
    return ctx_.NewFor(f->loop_var(), f->start(), f->stop(), f->step(), f->iter_args(), f->body(),
                       rvs, f->for_kind(), f->stage(), f->loc(), f->comments(), f->attrs());
  }
  if (const auto* w = s->As<WhileStmt>()) {
    return ctx_.NewWhile(w->condition(), w->iter_args(), w->body(), rvs, w->loc(), w->comments());
  }
  const auto* i = s->As<IfStmt>();
  PTO_CHECK(i != nullptr);
  return ctx_.NewIf(i->condition(), i->then_body(), i->else_body(), rvs, i->loc(), i->comments());
}

const Stmt* IRMutator::Expand(std::vector<const Stmt*> stmts, const Stmt* original) {
  PTO_CHECK(!stmts.empty());
  if (stmts.size() == 1) return ctx_.WithComments(stmts.front(), original->comments());
  stmts.back() = ctx_.WithComments(stmts.back(), {});
  stmts.front() = ctx_.WithComments(stmts.front(), original->comments());
  if (original == seq_element_ && seq_out_ != nullptr) {
    for (const Stmt* n : stmts) AppendFlat(*seq_out_, n);
    seq_element_ = nullptr;
    return nullptr;
  }
  return ctx_.NewSeq(stmts, original->loc());
}

const Stmt* IRMutator::VisitIf(const IfStmt* s) {
  const Expr* cond = VisitExpr(s->condition());
  const Stmt* then_body = VisitStmt(s->then_body());
  const Stmt* else_body = s->else_body() ? VisitStmt(s->else_body()) : nullptr;
  if (cond == s->condition() && then_body == s->then_body() && else_body == s->else_body()) {
    return s;
  }
  return ctx_.NewIf(cond, then_body, else_body, s->return_vars(), s->loc(), s->comments());
}

const Stmt* IRMutator::VisitFor(const ForStmt* s) {
  const Expr* start = VisitExpr(s->start());
  const Expr* stop = VisitExpr(s->stop());
  const Expr* step = VisitExpr(s->step());
  IterArgBuffer iter_args;
  bool args_changed = VisitIterArgs(s->iter_args(), iter_args);
  const Stmt* body = VisitStmt(s->body());
  if (!args_changed && start == s->start() && stop == s->stop() && step == s->step() &&
      body == s->body()) {
    return s;
  }
  return ctx_.NewFor(s->loop_var(), start, stop, step, iter_args, body, s->return_vars(),
                     s->for_kind(), s->stage(), s->loc(), s->comments(), s->attrs());
}

const Stmt* IRMutator::VisitWhile(const WhileStmt* s) {
  IterArgBuffer iter_args;
  bool args_changed = VisitIterArgs(s->iter_args(), iter_args);
  const Expr* cond = VisitExpr(s->condition());
  const Stmt* body = VisitStmt(s->body());
  if (!args_changed && cond == s->condition() && body == s->body()) return s;
  return ctx_.NewWhile(cond, iter_args, body, s->return_vars(), s->loc(), s->comments());
}

const Stmt* IRMutator::VisitScope(const ScopeStmt* s) {
  ExprBuffer operands;
  bool changed = VisitExprs(s->operands(), operands);
  const Stmt* body = VisitStmt(s->body());
  if (!changed && body == s->body()) return s;
  return ctx_.NewScope(s->scope_kind(), s->args(), operands, body, s->loc(), s->comments());
}

}  // namespace pto::ir
