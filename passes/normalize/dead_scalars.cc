#include "passes/normalize/dead_scalars.h"

#include <algorithm>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/type_substitute.h"
#include "ir/visitor.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::Stmt;
using ir::Var;

using Reads = absl::flat_hash_map<const Var*, int64_t>;

// Adds `delta` for each Var read in `e`.
void CountReads(const Expr* e, Reads& reads, int64_t delta);

class ReadCounter : public ir::IRVisitor {
 public:
  explicit ReadCounter(Reads& reads) : reads_(reads) {}
  void VisitFunction(const ir::Function* f) override {
    for (const Var* p : f->params()) Defines(p);
    VisitStmt(f->body());
  }
  void VisitVar(const Var* v) override { ++reads_[v]; }
  // A use; its init is read where the loop starts.
  void VisitIterArg(const ir::IterArg* v) override { ++reads_[v]; }
  // Definitions are not reads: the hooks below visit only what is read.
  void VisitAssign(const ir::AssignStmt* s) override {
    Defines(s->var());
    VisitExpr(s->value());
  }
  void VisitIf(const ir::IfStmt* s) override {
    for (const Var* v : s->return_vars()) Defines(v);
    VisitExpr(s->condition());
    VisitStmt(s->then_body());
    if (s->else_body() != nullptr) VisitStmt(s->else_body());
  }
  void VisitFor(const ir::ForStmt* s) override {
    Defines(s->loop_var());
    for (const Var* v : s->return_vars()) Defines(v);
    VisitExpr(s->start());
    VisitExpr(s->stop());
    VisitExpr(s->step());
    Carried(s->iter_args());
    VisitStmt(s->body());
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    for (const Var* v : s->return_vars()) Defines(v);
    Carried(s->iter_args());
    VisitExpr(s->condition());
    VisitStmt(s->body());
  }

 private:
  // A definition reads the Vars its type's dims name.
  void Defines(const Var* v) {
    ir::ForEachTypeDim(v->type(), [&](const Expr* d) { CountReads(d, reads_, 1); });
  }
  void Carried(ir::IterArgSpan args) {
    for (const ir::IterArg* a : args) {
      Defines(a);
      VisitExpr(a->init());
    }
  }
  Reads& reads_;
};

void CountReads(const Expr* e, Reads& reads, int64_t delta) {
  if (delta > 0) {
    ReadCounter counter(reads);
    counter.VisitExpr(e);
    return;
  }
  // Only pure scalar code is ever removed: Vars, constants and operators.
  if (const auto* v = e->As<Var>()) {
    reads[v] += delta;
  } else if (const auto* b = e->As<ir::BinaryExpr>()) {
    CountReads(b->lhs(), reads, delta);
    CountReads(b->rhs(), reads, delta);
  } else if (const auto* u = e->As<ir::UnaryExpr>()) {
    CountReads(u->operand(), reads, delta);
  }
}

// Vars, constants and scalar operators only: nothing that runs anything.
bool IsPure(const Expr* e) {
  switch (e->kind()) {
    case ir::NodeKind::kVar:
    case ir::NodeKind::kIterArg:
    case ir::NodeKind::kConstInt:
    case ir::NodeKind::kConstFloat:
    case ir::NodeKind::kConstBool: return true;
    case ir::NodeKind::kBinary: {
      const auto* b = static_cast<const ir::BinaryExpr*>(e);
      return IsPure(b->lhs()) && IsPure(b->rhs());
    }
    case ir::NodeKind::kUnary: return IsPure(static_cast<const ir::UnaryExpr*>(e)->operand());
    default: return false;
  }
}

class Sweeper {
 public:
  Sweeper(ir::Context& ctx, Reads reads) : ctx_(ctx), reads_(std::move(reads)) {}

  // `s` without its dead code; null when all of it is dead.
  const Stmt* Sweep(const Stmt* s) {
    switch (s->kind()) {
      case ir::NodeKind::kSeq: return SweepSeq(static_cast<const ir::SeqStmts*>(s));
      case ir::NodeKind::kAssign: {
        const auto* a = static_cast<const ir::AssignStmt*>(s);
        if (a->var()->type()->Is<ir::ScalarType>() && Read(a->var()) == 0 && IsPure(a->value())) {
          CountReads(a->value(), reads_, -1);
          return nullptr;
        }
        return s;
      }
      case ir::NodeKind::kIf: return SweepIf(static_cast<const ir::IfStmt*>(s));
      case ir::NodeKind::kFor: {
        const auto* f = static_cast<const ir::ForStmt*>(s);
        const Stmt* body = Body(f->body());
        if (body == f->body()) return s;
        return ctx_.NewFor(f->loop_var(), f->start(), f->stop(), f->step(), f->iter_args(), body,
                           f->return_vars(), f->for_kind(), f->stage(), f->loc(), f->comments(),
                           f->attrs());
      }
      case ir::NodeKind::kWhile: {
        const auto* w = static_cast<const ir::WhileStmt*>(s);
        const Stmt* body = Body(w->body());
        if (body == w->body()) return s;
        return ctx_.NewWhile(w->condition(), w->iter_args(), body, w->return_vars(), w->loc(),
                             w->comments());
      }
      case ir::NodeKind::kScope: {
        const auto* sc = static_cast<const ir::ScopeStmt*>(s);
        const Stmt* body = Body(sc->body());
        if (body == sc->body()) return s;
        return ctx_.NewScope(sc->scope_kind(), sc->args(), sc->operands(), body, sc->loc(),
                             sc->comments());
      }
      case ir::NodeKind::kYield: return SweepYield(static_cast<const ir::YieldStmt*>(s));
      default: return s;
    }
  }

  // A body that is never null: an empty sequence when all of it is dead.
  const Stmt* Body(const Stmt* s) {
    const Stmt* out = Sweep(s);
    return out != nullptr ? out : ctx_.NewSeq({}, s->loc());
  }

 private:
  int64_t Read(const Var* v) const {
    auto it = reads_.find(v);
    return it == reads_.end() ? 0 : it->second;
  }

  const Stmt* SweepSeq(const ir::SeqStmts* s) {
    std::vector<const Stmt*> kept;
    bool changed = false;
    for (auto it = s->stmts().rbegin(); it != s->stmts().rend(); ++it) {
      const Stmt* n = Sweep(*it);
      changed |= n != *it;
      if (n != nullptr) kept.push_back(n);
    }
    if (!changed) return s;
    std::reverse(kept.begin(), kept.end());
    return ctx_.NewSeq(kept, s->loc());
  }

  const Stmt* SweepIf(const ir::IfStmt* s) {
    // Results nobody reads go, with the values the branches yield for them.
    // A yielded call is kept: removing it would skip its work.
    const ir::YieldStmt* then_yield = ir::TrailingYield(s->then_body());
    const ir::YieldStmt* else_yield = ir::TrailingYield(s->else_body());
    auto pure_at = [](const ir::YieldStmt* y, size_t k) {
      return y == nullptr || k >= y->values().size() || IsPure(y->values()[k]);
    };
    std::vector<bool> live;
    std::vector<const Var*> rvs;
    for (size_t k = 0; k < s->return_vars().size(); ++k) {
      const Var* v = s->return_vars()[k];
      live.push_back(Read(v) > 0 || !pure_at(then_yield, k) || !pure_at(else_yield, k));
      if (live.back()) rvs.push_back(v);
    }
    const bool pruned = rvs.size() != s->return_vars().size();
    if (pruned && then_yield != nullptr) yield_masks_[then_yield] = live;
    if (pruned && else_yield != nullptr) yield_masks_[else_yield] = live;
    const Stmt* then_body = Body(s->then_body());
    const Stmt* else_body = s->else_body() ? Body(s->else_body()) : nullptr;
    auto empty = [](const Stmt* b) {
      return b == nullptr || (b->Is<ir::SeqStmts>() && b->As<ir::SeqStmts>()->stmts().empty());
    };
    if (rvs.empty() && empty(then_body) && empty(else_body) && IsPure(s->condition())) {
      CountReads(s->condition(), reads_, -1);
      return nullptr;
    }
    if (!pruned && then_body == s->then_body() && else_body == s->else_body()) return s;
    return ctx_.NewIf(s->condition(), then_body, empty(else_body) ? nullptr : else_body, rvs,
                      s->loc(), s->comments());
  }

  const Stmt* SweepYield(const ir::YieldStmt* y) {
    auto it = yield_masks_.find(y);
    if (it == yield_masks_.end()) return y;
    std::vector<const Expr*> values;
    for (size_t k = 0; k < y->values().size(); ++k) {
      if (it->second[k]) {
        values.push_back(y->values()[k]);
      } else if (IsPure(y->values()[k])) {
        CountReads(y->values()[k], reads_, -1);
      }
    }
    if (values.empty()) return nullptr;
    return ctx_.NewYield(values, y->loc(), y->comments());
  }

  ir::Context& ctx_;
  Reads reads_;
  absl::flat_hash_map<const ir::YieldStmt*, std::vector<bool>> yield_masks_;
};

}  // namespace

const ir::Function* RemoveDeadScalars(ir::Context& ctx, const ir::Function* f) {
  Reads reads;
  ReadCounter(reads).VisitFunction(f);
  Sweeper sweeper(ctx, std::move(reads));
  const Stmt* body = sweeper.Body(f->body());
  if (body == f->body()) return f;
  return ctx.NewFunction(f->name(), f->params(), f->directions(), f->return_types(), body,
                         f->func_type(), f->level(), f->role(), f->loc(), f->attrs());
}

}  // namespace pto::passes
