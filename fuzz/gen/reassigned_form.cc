#include "fuzz/gen/reassigned_form.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/mutator.h"

namespace pto::fuzz {
namespace {

using ir::Expr;
using ir::Stmt;
using ir::Var;

class Reassigner : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const Stmt* VisitFor(const ir::ForStmt* s) override {
    if (s->iter_args().empty() || ir::HasLoopJump(s->body())) return IRMutator::VisitFor(s);
    std::vector<const Stmt*> out;
    std::vector<const Var*> keys = Inits(s->iter_args(), out);
    const Stmt* body = AssignYield(VisitStmt(s->body()), keys, /*temporaries=*/true);
    for (size_t i = 0; i < keys.size(); ++i) Remap(s->return_vars()[i], keys[i]);
    out.push_back(ctx().NewFor(s->loop_var(), VisitExpr(s->start()), VisitExpr(s->stop()),
                               VisitExpr(s->step()), {}, body, {}, s->for_kind(), s->stage(),
                               s->loc(), {}, s->attrs()));
    return Expand(std::move(out), s);
  }

  const Stmt* VisitWhile(const ir::WhileStmt* s) override {
    if (s->iter_args().empty() || ir::HasLoopJump(s->body())) return IRMutator::VisitWhile(s);
    std::vector<const Stmt*> out;
    std::vector<const Var*> keys = Inits(s->iter_args(), out);
    const Expr* cond = VisitExpr(s->condition());
    const Stmt* body = AssignYield(VisitStmt(s->body()), keys, /*temporaries=*/true);
    for (size_t i = 0; i < keys.size(); ++i) Remap(s->return_vars()[i], keys[i]);
    out.push_back(ctx().NewWhile(cond, {}, body, {}, s->loc()));
    return Expand(std::move(out), s);
  }

  const Stmt* VisitIf(const ir::IfStmt* s) override {
    if (s->return_vars().empty()) return IRMutator::VisitIf(s);
    std::vector<const Var*> keys;
    for (const Var* rv : s->return_vars()) keys.push_back(ctx().NewVar(rv->name(), rv->type()));
    const Expr* cond = VisitExpr(s->condition());
    const Stmt* then_body = AssignYield(VisitStmt(s->then_body()), keys, false);
    const Stmt* else_body = AssignYield(VisitStmt(s->else_body()), keys, false);
    for (size_t i = 0; i < keys.size(); ++i) Remap(s->return_vars()[i], keys[i]);
    return ctx().NewIf(cond, then_body, else_body, {}, s->loc(), s->comments());
  }

 private:
  // A Var per iter arg, assigned its init (into `out`); reads of the iter
  // arg read it.
  std::vector<const Var*> Inits(ir::IterArgSpan iter_args, std::vector<const Stmt*>& out) {
    std::vector<const Var*> keys;
    for (const ir::IterArg* a : iter_args) {
      const Var* key = ctx().NewVar(a->name(), a->type());
      out.push_back(ctx().NewAssign(key, VisitExpr(a->init())));
      Remap(a, key);
      keys.push_back(key);
    }
    return keys;
  }

  // `body` with its trailing yield replaced by assignments of the keys.
  const Stmt* AssignYield(const Stmt* body, const std::vector<const Var*>& keys,
                          bool temporaries) {
    if (const auto* y = body->As<ir::YieldStmt>()) {
      std::vector<const Stmt*> stmts;
      std::vector<const Expr*> values(y->values().begin(), y->values().end());
      if (temporaries) {
        for (size_t i = 0; i < keys.size(); ++i) {
          const Var* t = ctx().NewVar(absl::StrCat(keys[i]->name(), "_t"), values[i]->type());
          stmts.push_back(ctx().NewAssign(t, values[i]));
          values[i] = t;
        }
      }
      for (size_t i = 0; i < keys.size(); ++i) stmts.push_back(ctx().NewAssign(keys[i], values[i]));
      return ctx().NewSeq(stmts, y->loc());
    }
    if (const auto* scope = body->As<ir::ScopeStmt>()) {
      return ctx().NewScope(scope->scope_kind(), scope->args(), scope->operands(),
                            AssignYield(scope->body(), keys, temporaries), scope->loc(),
                            scope->comments());
    }
    const auto* seq = body->As<ir::SeqStmts>();
    std::vector<const Stmt*> stmts(seq->stmts().begin(), seq->stmts().end());
    stmts.back() = AssignYield(stmts.back(), keys, temporaries);
    return ctx().NewSeq(stmts, seq->loc());
  }
};

}  // namespace

ir::Program ToReassignedForm(ir::Context& ctx, const ir::Program& program) {
  return Reassigner(ctx).MutateProgram(program);
}

}  // namespace pto::fuzz
