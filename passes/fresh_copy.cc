#include "passes/fresh_copy.h"

#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/check.h"

namespace pto::passes {

using ir::Expr;
using ir::Stmt;
using ir::Var;

std::string FreshCopier::Name(absl::string_view name) const {
  // A copy of a copy keeps one suffix: printing tells the Vars apart.
  return absl::EndsWith(name, suffix_) ? std::string(name) : absl::StrCat(name, suffix_);
}

const Var* FreshCopier::Def(const Var* v) {
  const Expr* e = VisitVar(v);
  PTO_CHECK(e->Is<Var>()) << "the copy assigns '" << v->name()
                          << "', which is bound to an expression";
  return e->As<Var>();
}

const Expr* FreshCopier::VisitVar(const Var* v) {
  if (const Expr* e = Lookup(v)) return e;
  const ir::Type* type = ir::SubstituteDimVars(ctx(), v->type(), map_);
  const Var* fresh = ctx().NewVar(Name(v->name()), type, v->loc());
  map_[v] = fresh;
  return fresh;
}

const Expr* FreshCopier::VisitCall(const ir::Call* c) {
  const Expr* e = IRMutator::VisitCall(c);
  const auto* call = e->As<ir::Call>();
  if (call == nullptr || call->callee() == nullptr) return e;
  const ir::Type* type = ir::SubstituteDimVars(ctx(), call->type(), map_);
  if (type == call->type()) return e;
  return ctx().NewFunctionCall(call->callee(), call->args(), type, call->loc(), call->site());
}

const Stmt* FreshCopier::VisitAssign(const ir::AssignStmt* s) {
  const Expr* value = VisitExpr(s->value());
  return ctx().NewAssign(Def(s->var()), value, s->loc(), s->comments());
}

ir::VarSpan FreshCopier::Defs(ir::VarSpan vars, std::vector<const Var*>& out) {
  for (const Var* v : vars) out.push_back(Def(v));
  return ir::VarSpan(out.data(), out.size());
}

const ir::IterArg* FreshCopier::NewIterArg(const ir::IterArg* a) {
  const Expr* init = VisitExpr(a->init());
  const ir::IterArg* fresh = ctx().NewIterArg(
      Name(a->name()), ir::SubstituteDimVars(ctx(), a->type(), map_), init,
      a->loc());
  map_[a] = fresh;
  return fresh;
}

const Stmt* FreshCopier::VisitIf(const ir::IfStmt* s) {
  const Expr* cond = VisitExpr(s->condition());
  const Stmt* then_body = VisitStmt(s->then_body());
  const Stmt* else_body = s->else_body() ? VisitStmt(s->else_body()) : nullptr;
  std::vector<const Var*> rvs;
  return ctx().NewIf(cond, then_body, else_body, Defs(s->return_vars(), rvs), s->loc(),
                     s->comments());
}

const Stmt* FreshCopier::VisitFor(const ir::ForStmt* s) {
  const Expr* start = VisitExpr(s->start());
  const Expr* stop = VisitExpr(s->stop());
  const Expr* step = VisitExpr(s->step());
  std::vector<const ir::IterArg*> iter_args;
  for (const ir::IterArg* a : s->iter_args()) iter_args.push_back(NewIterArg(a));
  const Var* loop_var = Def(s->loop_var());
  const Stmt* body = VisitStmt(s->body());
  std::vector<const Var*> rvs;
  return ctx().NewFor(loop_var, start, stop, step, iter_args, body, Defs(s->return_vars(), rvs),
                      s->for_kind(), s->stage(), s->loc(), s->comments(), s->attrs());
}

const Stmt* FreshCopier::VisitWhile(const ir::WhileStmt* s) {
  std::vector<const ir::IterArg*> iter_args;
  for (const ir::IterArg* a : s->iter_args()) iter_args.push_back(NewIterArg(a));
  const Expr* cond = VisitExpr(s->condition());
  const Stmt* body = VisitStmt(s->body());
  std::vector<const Var*> rvs;
  return ctx().NewWhile(cond, iter_args, body, Defs(s->return_vars(), rvs), s->loc(),
                        s->comments());
}

}  // namespace pto::passes
