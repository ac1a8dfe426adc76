#include "passes/outline/param_dim_fold.h"

#include <vector>

#include "absl/container/flat_hash_set.h"
#include "ir/mutator.h"
#include "ir/op.h"
#include "ir/type_substitute.h"

namespace pto::passes {
namespace {

class Fold : public ir::IRMutator {
 public:
  Fold(ir::Context& ctx, const ir::Function* f) : IRMutator(ctx) {
    for (const ir::Var* p : f->params()) {
      if (const auto* t = p->type()->As<ir::TensorType>()) {
        for (const ir::Expr* d : t->shape()) {
          if (const auto* v = d->As<ir::Var>()) symbols_.insert(v);
        }
      }
    }
  }
  bool active() const { return !symbols_.empty(); }

  const ir::Expr* VisitCall(const ir::Call* c) override {
    const ir::Expr* e = IRMutator::VisitCall(c);
    const auto* call = e->As<ir::Call>();
    if (call == nullptr || call->op() == nullptr || call->op()->name() != "tensor.dim" ||
        call->args().size() != 2) {
      return e;
    }
    const auto* t = call->arg(0)->type()->As<ir::TensorType>();
    const auto* axis = call->arg(1)->As<ir::ConstInt>();
    if (t == nullptr || axis == nullptr) return e;
    const int64_t rank = static_cast<int64_t>(t->rank());
    const int64_t a = axis->value() < 0 ? axis->value() + rank : axis->value();
    if (a < 0 || a >= rank) return e;
    const auto* dim = t->shape()[a]->As<ir::Var>();
    return dim != nullptr && symbols_.contains(dim) ? dim : e;
  }

  const ir::Stmt* VisitSeq(const ir::SeqStmts* s) override {
    std::vector<const ir::Stmt*> out;
    bool changed = false;
    for (const ir::Stmt* st : s->stmts()) {
      const ir::Stmt* n = VisitStmt(st);
      changed |= n != st;
      // A name for a symbol is the symbol: no statement.
      const auto* a = n->As<ir::AssignStmt>();
      const auto* v = a != nullptr ? a->value()->As<ir::Var>() : nullptr;
      if (v != nullptr && symbols_.contains(v) && a->var()->type() == v->type()) {
        Remap(a->var(), v);
        folded_[a->var()] = v;
        changed = true;
        continue;
      }
      out.push_back(n);
    }
    return changed ? ctx().NewSeq(out, s->loc()) : s;
  }

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const ir::Expr* value = VisitExpr(s->value());
    const ir::Var* var = s->var();
    // A type naming a folded name names the symbol.
    const ir::Type* type = folded_.empty() ? var->type()
                                           : ir::SubstituteDimVars(ctx(), var->type(), folded_);
    if (type != var->type()) {
      const ir::Var* retyped = ctx().NewVar(var->name(), type, var->loc());
      Remap(var, retyped);
      var = retyped;
    }
    if (value == s->value() && var == s->var()) return s;
    return ctx().NewAssign(var, value, s->loc(), s->comments());
  }

 private:
  absl::flat_hash_set<const ir::Var*> symbols_;
  ir::DimVarMap folded_;
};

}  // namespace

const ir::Function* FoldParamDimReads(ir::Context& ctx, const ir::Function* f) {
  Fold fold(ctx, f);
  if (!fold.active()) return f;
  const ir::Stmt* body = fold.VisitStmt(f->body());
  if (body == f->body()) return f;
  return ctx.NewFunction(f->name(), f->params(), f->directions(), f->return_types(), body,
                         f->func_type(), f->level(), f->role(), f->loc(), f->attrs());
}

}  // namespace pto::passes
