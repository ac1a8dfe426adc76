#include "passes/normalize/loop_escapes.h"

#include <utility>

#include "absl/container/flat_hash_set.h"
#include "ir/visitor.h"

namespace pto::passes {

using ir::Stmt;
using ir::Var;
using VarSet = absl::flat_hash_set<const Var*>;

namespace {

// Adds every Var an expression reads to a set.
class UseCollector : public ir::IRVisitor {
 public:
  explicit UseCollector(VarSet& out) : out_(out) {}
  void VisitVar(const Var* v) override { out_.insert(v); }
  void VisitIterArg(const ir::IterArg* v) override { out_.insert(v); }

 private:
  VarSet& out_;
};

class AssignCollector : public ir::IRVisitor {
 public:
  void VisitAssign(const ir::AssignStmt* s) override { Add(s->var()); }
  // A nested construct's return vars are definitions of the body too.
  void VisitIf(const ir::IfStmt* s) override {
    IRVisitor::VisitIf(s);
    for (const Var* v : s->return_vars()) Add(v);
  }
  void VisitFor(const ir::ForStmt* s) override {
    IRVisitor::VisitFor(s);
    for (const Var* v : s->return_vars()) Add(v);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    IRVisitor::VisitWhile(s);
    for (const Var* v : s->return_vars()) Add(v);
  }
  void Add(const Var* v) {
    if (seen.insert(v).second) vars.push_back(v);
  }
  // Only statements matter: skip the expressions.
  void VisitEval(const ir::EvalStmt*) override {}
  void VisitReturn(const ir::ReturnStmt*) override {}
  void VisitYield(const ir::YieldStmt*) override {}
  VarSet seen;
  std::vector<const Var*> vars;
};

bool OutlinesItsBody(ir::ScopeKind kind) {
  return kind == ir::ScopeKind::kAt || kind == ir::ScopeKind::kCluster ||
         kind == ir::ScopeKind::kSpmd;
}

}  // namespace

std::vector<const Var*> AssignedVars(const Stmt* s) {
  AssignCollector c;
  c.VisitStmt(s);
  return std::move(c.vars);
}

// Before(s, after): what must be defined before `s` runs when `after` is
// what the code after it reads. Records each loop's escapes on the way.
class LoopEscapeFinder {
 public:
  LoopEscapes result;

  VarSet Before(const Stmt* s, VarSet after) {
    switch (s->kind()) {
      case ir::NodeKind::kAssign: {
        const auto* a = s->As<ir::AssignStmt>();
        after.erase(a->var());
        Uses(a->value(), after);
        return after;
      }
      case ir::NodeKind::kEval: Uses(s->As<ir::EvalStmt>()->expr(), after); return after;
      case ir::NodeKind::kReturn:
        for (const ir::Expr* e : s->As<ir::ReturnStmt>()->values()) Uses(e, after);
        return after;
      case ir::NodeKind::kYield:
        for (const ir::Expr* e : s->As<ir::YieldStmt>()->values()) Uses(e, after);
        return after;
      case ir::NodeKind::kSeq: {
        ir::Stmts stmts = s->As<ir::SeqStmts>()->stmts();
        for (size_t j = stmts.size(); j > 0; --j) after = Before(stmts[j - 1], std::move(after));
        return after;
      }
      case ir::NodeKind::kIf: {
        const auto* i = s->As<ir::IfStmt>();
        for (const Var* v : i->return_vars()) after.erase(v);
        VarSet then_needs = Before(i->then_body(), after);
        if (i->else_body() != nullptr) after = Before(i->else_body(), std::move(after));
        after.insert(then_needs.begin(), then_needs.end());
        Uses(i->condition(), after);
        return after;
      }
      case ir::NodeKind::kFor: {
        const auto* f = s->As<ir::ForStmt>();
        VarSet body = Loop(s, f->body(), f->iter_args(), after);
        for (const Var* v : f->return_vars()) after.erase(v);
        body.erase(f->loop_var());
        Merge(body, after);
        for (const ir::Expr* e : {f->start(), f->stop(), f->step()}) Uses(e, after);
        return after;
      }
      case ir::NodeKind::kWhile: {
        const auto* w = s->As<ir::WhileStmt>();
        VarSet body = Loop(s, w->body(), w->iter_args(), after);
        for (const Var* v : w->return_vars()) after.erase(v);
        Uses(w->condition(), body);
        for (const ir::IterArg* a : w->iter_args()) body.erase(a);
        Merge(body, after);
        return after;
      }
      case ir::NodeKind::kScope: {
        const auto* scope = s->As<ir::ScopeStmt>();
        if (OutlinesItsBody(scope->scope_kind())) {
          VarSet inner = Before(scope->body(), {});
          for (const Var* v : AssignedVars(scope->body())) after.erase(v);
          Merge(inner, after);
        } else {
          after = Before(scope->body(), std::move(after));
        }
        for (const ir::Expr* e : scope->operands()) Uses(e, after);
        return after;
      }
      default:  // break, continue
        return after;
    }
  }

 private:
  // The body's needs without the iter args; records what escapes. The
  // inits are added to `after` (they are read before the loop).
  VarSet Loop(const Stmt* loop, const Stmt* body, ir::IterArgSpan iter_args,
              VarSet& after) {
    std::vector<const Var*> escaping;
    for (const Var* v : AssignedVars(body)) {
      if (after.contains(v)) escaping.push_back(v);
    }
    if (!escaping.empty()) result.escapes_[loop] = std::move(escaping);
    VarSet needs = Before(body, {});
    for (const ir::IterArg* a : iter_args) {
      needs.erase(a);
      Uses(a->init(), after);
    }
    return needs;
  }

  static void Merge(const VarSet& from, VarSet& into) { into.insert(from.begin(), from.end()); }
  static void Uses(const ir::Expr* e, VarSet& out) {
    UseCollector c(out);
    c.VisitExpr(e);
  }
};

LoopEscapes FindLoopEscapes(const Stmt* body) {
  LoopEscapeFinder finder;
  finder.Before(body, {});
  return std::move(finder.result);
}

bool JumpsPrecedeAssignments(const ir::Stmt* body, absl::Span<const ir::Var* const> vars) {
  const absl::flat_hash_set<const ir::Var*> watched(vars.begin(), vars.end());
  bool assigned = false;
  // False once a jump of the loop follows an assignment of a watched Var.
  auto walk = [&](const ir::Stmt* s, bool own_jumps, auto&& self) -> bool {
    auto defines = [&](ir::VarSpan defs) {
      for (const ir::Var* v : defs) assigned = assigned || watched.contains(v);
    };
    switch (s->kind()) {
      case ir::NodeKind::kAssign:
        assigned = assigned || watched.contains(s->As<ir::AssignStmt>()->var());
        return true;
      case ir::NodeKind::kBreak:
      case ir::NodeKind::kContinue:
        return !own_jumps || !assigned;
      case ir::NodeKind::kSeq:
        for (const ir::Stmt* c : s->As<ir::SeqStmts>()->stmts()) {
          if (!self(c, own_jumps, self)) return false;
        }
        return true;
      case ir::NodeKind::kIf: {
        const auto* i = s->As<ir::IfStmt>();
        if (!self(i->then_body(), own_jumps, self)) return false;
        if (i->else_body() != nullptr && !self(i->else_body(), own_jumps, self)) return false;
        defines(i->return_vars());
        return true;
      }
      case ir::NodeKind::kScope:
        return self(s->As<ir::ScopeStmt>()->body(), own_jumps, self);
      case ir::NodeKind::kFor: {
        const auto* f = s->As<ir::ForStmt>();
        if (!self(f->body(), false, self)) return false;
        defines(f->return_vars());
        return true;
      }
      case ir::NodeKind::kWhile: {
        const auto* w = s->As<ir::WhileStmt>();
        if (!self(w->body(), false, self)) return false;
        defines(w->return_vars());
        return true;
      }
      default:
        return true;
    }
  };
  return walk(body, true, walk);
}

}  // namespace pto::passes
