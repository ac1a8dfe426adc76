#include "passes/normalize/inline_functions.h"

#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/diagnostic.h"
#include "ir/mutator.h"
#include "ir/status_macros.h"
#include "ir/visitor.h"
#include "passes/fresh_copy.h"
#include "passes/normalize/loop_escapes.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::Stmt;
using ir::Var;
using Functions = absl::flat_hash_map<absl::string_view, const ir::Function*>;

constexpr absl::string_view kPass = "InlineFunctions: ";

const ir::Function* InlineCallee(const Expr* e, const Functions& inline_fns) {
  const auto* c = e->As<ir::Call>();
  if (c == nullptr || c->callee() == nullptr) return nullptr;
  auto it = inline_fns.find(c->callee()->name());
  return it == inline_fns.end() ? nullptr : it->second;
}

// The calls of Inline functions in a body, in program order.
class InlineCalls : public ir::IRVisitor {
 public:
  explicit InlineCalls(const Functions& inline_fns) : inline_fns_(inline_fns) {}
  std::vector<const ir::Call*> calls;
  void VisitCall(const ir::Call* c) override {
    if (InlineCallee(c, inline_fns_) != nullptr) calls.push_back(c);
    IRVisitor::VisitCall(c);
  }

 private:
  const Functions& inline_fns_;
};

// The first return of `f` that is not its body's last statement, or null.
class EarlyReturn : public ir::IRVisitor {
 public:
  const ir::ReturnStmt* found = nullptr;
  void VisitReturn(const ir::ReturnStmt* s) override {
    if (found == nullptr) found = s;
  }
  static const ir::ReturnStmt* In(const ir::Function* f) {
    EarlyReturn v;
    std::vector<const Stmt*> stmts = ir::StmtList(f->body());
    for (size_t i = 0; i < stmts.size(); ++i) {
      if (i + 1 == stmts.size() && stmts[i]->Is<ir::ReturnStmt>()) break;
      v.VisitStmt(stmts[i]);
      if (v.found != nullptr) return v.found;
    }
    return nullptr;
  }
};

// The Inline functions, callees before callers; a cycle is an error located
// at the call that closes it.
absl::StatusOr<std::vector<const ir::Function*>> CalleesFirst(ir::Context& ctx,
                                                              const Functions& inline_fns,
                                                              const ir::Program& program) {
  absl::flat_hash_map<const ir::Function*, std::vector<const ir::Call*>> calls;
  for (const auto& [name, f] : inline_fns) {
    InlineCalls v(inline_fns);
    v.VisitStmt(f->body());
    calls[f] = std::move(v.calls);
  }
  enum class State { kNew, kOpen, kDone };
  absl::flat_hash_map<const ir::Function*, State> state;
  std::vector<const ir::Function*> order;
  struct Frame {
    const ir::Function* f;
    size_t next;
  };
  for (const ir::Function* root : program.functions()) {
    if (root->func_type() != ir::FunctionType::kInline || state[root] != State::kNew) continue;
    std::vector<Frame> stack = {{root, 0}};
    state[root] = State::kOpen;
    while (!stack.empty()) {
      Frame& top = stack.back();
      const std::vector<const ir::Call*>& out = calls[top.f];
      if (top.next == out.size()) {
        state[top.f] = State::kDone;
        order.push_back(top.f);
        stack.pop_back();
        continue;
      }
      const ir::Call* c = out[top.next++];
      const ir::Function* g = inline_fns.at(c->callee()->name());
      if (state[g] == State::kDone) continue;
      if (state[g] == State::kOpen) {
        std::vector<absl::string_view> cycle;
        size_t i = 0;
        while (stack[i].f != g) ++i;
        for (; i < stack.size(); ++i) cycle.push_back(stack[i].f->name());
        cycle.push_back(g->name());
        return ir::LocatedError(
            ctx, c->loc(),
            absl::StrCat(kPass, "Inline function '", g->name(), "' calls itself (",
                         absl::StrJoin(cycle, " -> "),
                         "); an Inline function is expanded at its calls, so it cannot recurse"));
      }
      state[g] = State::kOpen;
      stack.push_back({g, 0});
    }
  }
  return order;
}

// Expands the calls of Inline functions (already expanded themselves) in
// one function.
class Inliner : public ir::IRMutator {
 public:
  Inliner(ir::Context& ctx, const Functions& expanded) : IRMutator(ctx), fns_(expanded) {}

  absl::StatusOr<const ir::Function*> Run(const ir::Function* f) {
    const ir::Function* g = MutateFunction(f);
    if (!status_.ok()) return status_;
    return g;
  }

  // `r = f(...)` with several results binds r to the tuple of them, whose
  // elements its projections then read (IRMutator::VisitTupleGetItem).
  const Expr* VisitVar(const Var* v) override {
    auto it = tuples_.find(v);
    return it != tuples_.end() ? it->second : IRMutator::VisitVar(v);
  }
  // Reached only for a call no statement hook expands.
  const Expr* VisitCall(const ir::Call* c) override {
    if (const ir::Function* f = InlineCallee(c, fns_)) {
      if (c->is_submit()) {
        Fail(c->loc(), absl::StrCat("pl.submit of Inline function '", f->name(),
                                    "': an Inline function is expanded where it is called, "
                                    "so there is no task to submit; call it directly"));
      } else if (c->site() != nullptr) {
        Fail(c->loc(), absl::StrCat("the call of Inline function '", f->name(),
                                    "' has dispatch options; an Inline function is expanded "
                                    "where it is called, so drop them"));
      } else {
        Fail(c->loc(), absl::StrCat("the call of Inline function '", f->name(),
                                    "' is nested in an expression; assign its result to a "
                                    "variable first"));
      }
      return c;
    }
    return IRMutator::VisitCall(c);
  }

  const Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const ir::Call* c = Expandable(s->value());
    if (c == nullptr) {
      tuples_.erase(s->var());
      return IRMutator::VisitAssign(s);
    }
    std::vector<const Stmt*> out;
    std::vector<const Expr*> values;
    if (!Splice(c, out, values)) return s;
    if (values.empty()) {
      Fail(c->loc(), absl::StrCat("Inline function '", c->callee()->name(),
                                  "' returns nothing, so its call has no value to assign"));
      return s;
    }
    const Expr* v = values.size() == 1 ? values[0] : ctx().NewMakeTuple(values, c->loc());
    if (const auto* mt = v->As<ir::MakeTuple>()) {
      tuples_[s->var()] = mt;
    } else {
      tuples_.erase(s->var());
      if (v != s->var()) out.push_back(ctx().NewAssign(s->var(), v, s->loc()));
    }
    return Replace(std::move(out), s);
  }

  const Stmt* VisitEval(const ir::EvalStmt* s) override {
    const ir::Call* c = Expandable(s->expr());
    if (c == nullptr) return IRMutator::VisitEval(s);
    std::vector<const Stmt*> out;
    std::vector<const Expr*> values;  // a bare call's results are dropped
    if (!Splice(c, out, values)) return s;
    return Replace(std::move(out), s);
  }

  const Stmt* VisitReturn(const ir::ReturnStmt* s) override {
    std::vector<const Stmt*> out;
    std::vector<const Expr*> values;
    bool expanded = false;
    for (const Expr* e : s->values()) {
      const ir::Call* c = Expandable(e);
      if (c == nullptr) {
        values.push_back(VisitExpr(e));
        continue;
      }
      expanded = true;
      std::vector<const Expr*> results;
      if (!Splice(c, out, results)) return s;
      // `return f(...)` with several results returns each of them.
      if (s->values().size() == 1) {
        values = std::move(results);
      } else if (results.size() == 1) {
        values.push_back(results[0]);
      } else {
        values.push_back(ctx().NewMakeTuple(results, c->loc()));
      }
    }
    if (!expanded) return IRMutator::VisitReturn(s);
    out.push_back(ctx().NewReturn(values, s->loc()));
    return Replace(std::move(out), s);
  }

 private:
  // `e` if it is a plain call of an Inline function (a submit or a call with
  // dispatch options is left to VisitCall, which rejects it).
  const ir::Call* Expandable(const Expr* e) const {
    if (InlineCallee(e, fns_) == nullptr) return nullptr;
    const auto* c = e->As<ir::Call>();
    return c->site() == nullptr ? c : nullptr;
  }

  // Appends the copy of `c`'s callee body to `out` and its return values to
  // `values`. False after an error.
  bool Splice(const ir::Call* c, std::vector<const Stmt*>& out, std::vector<const Expr*>& values) {
    const ir::Function* f = fns_.at(c->callee()->name());
    ExprBuffer args;
    VisitExprs(c->args(), args);
    if (!status_.ok()) return false;
    if (args.size() != f->params().size()) {
      Fail(c->loc(), absl::StrCat("Inline function '", f->name(), "' takes ",
                                  f->params().size(), " arguments, the call passes ",
                                  args.size()));
      return false;
    }
    FreshCopier copy(ctx(), "_inline");
    std::vector<const Var*> assigned = AssignedVars(f->body());
    absl::flat_hash_set<const Var*> rebound(assigned.begin(), assigned.end());
    std::vector<size_t> copied;  // params that get a local copy of their argument
    for (size_t i = 0; i < args.size(); ++i) {
      const Var* p = f->params()[i];
      const Expr* a = args[i];
      if (rebound.contains(p)) {
        // A tensor is written in place: the body's rebinding is the caller's.
        if (a->Is<Var>() && p->type()->Is<ir::TensorType>()) {
          copy.Bind(p, a);
        } else {
          copied.push_back(i);
        }
      } else if (a->Is<ir::Call>()) {
        copied.push_back(i);  // computed once, not at every use
      } else {
        copy.Bind(p, a);
      }
    }
    for (size_t i : copied) {
      const Expr* local = copy.VisitVar(f->params()[i]);  // its new Var
      out.push_back(ctx().NewAssign(local->As<Var>(), args[i], c->loc()));
    }
    for (const Stmt* s : ir::StmtList(f->body())) {
      if (const auto* r = s->As<ir::ReturnStmt>()) {
        for (const Expr* v : r->values()) values.push_back(copy.VisitExpr(v));
        // `return t` of a tuple built in the body returns its elements.
        if (values.size() == 1 && f->return_types().size() > 1) {
          if (const auto* mt = values[0]->As<ir::MakeTuple>()) {
            values.assign(mt->elements().begin(), mt->elements().end());
          }
        }
        break;
      }
      const auto* a = s->As<ir::AssignStmt>();
      if (a != nullptr && a->value()->Is<ir::MakeTuple>()) {
        // A tuple built to be returned is not materialized.
        copy.Bind(a->var(), copy.VisitExpr(a->value()));
        continue;
      }
      out.push_back(copy.VisitStmt(s));
    }
    return true;
  }

  const Stmt* Replace(std::vector<const Stmt*> out, const Stmt* original) {
    if (out.empty()) return ctx().NewSeq({}, original->loc());
    return Expand(std::move(out), original);
  }

  void Fail(ir::SourceLoc loc, absl::string_view message) {
    if (status_.ok()) status_ = ir::LocatedError(ctx(), loc, absl::StrCat(kPass, message));
  }

  const Functions& fns_;
  absl::flat_hash_map<const Var*, const ir::MakeTuple*> tuples_;
  absl::Status status_;
};

class InlineFunctions : public Pass {
 public:
  absl::string_view name() const override { return "inline-functions"; }
  absl::string_view description() const override {
    return "Replaces every call of an Inline function by a copy of its body and drops the "
           "Inline functions.";
  }
  PassProperties properties() const override {
    return {{}, {IRProperty::kInlineFunctionsEliminated}, {}};
  }

  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    ir::Context& ctx = program.context();
    Functions inline_fns;
    for (const ir::Function* f : program.functions()) {
      if (f->func_type() == ir::FunctionType::kInline) inline_fns[f->name()] = f;
    }
    if (inline_fns.empty()) return program;
    for (const auto& [name, f] : inline_fns) {
      if (const ir::ReturnStmt* r = EarlyReturn::In(f)) {
        return ir::LocatedError(
            ctx, r->loc(),
            absl::StrCat(kPass, "Inline function '", name,
                         "' returns before the end of its body; an Inline function is expanded "
                         "in place, so it may return only as its last statement"));
      }
    }
    PTO_ASSIGN_OR_RETURN(std::vector<const ir::Function*> order,
                         CalleesFirst(ctx, inline_fns, program));
    Functions expanded;
    for (const ir::Function* f : order) {
      PTO_ASSIGN_OR_RETURN(expanded[f->name()], Inliner(ctx, expanded).Run(f));
    }
    std::vector<const ir::Function*> kept;
    for (const ir::Function* f : program.functions()) {
      if (f->func_type() == ir::FunctionType::kInline) continue;
      PTO_ASSIGN_OR_RETURN(const ir::Function* g, Inliner(ctx, expanded).Run(f));
      kept.push_back(g);
    }
    return ctx.NewProgram(program.name(), kept);
  }
};

}  // namespace

std::unique_ptr<Pass> CreateInlineFunctionsPass() { return std::make_unique<InlineFunctions>(); }

}  // namespace pto::passes
