#include "passes/normalize/convert_to_ssa.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/analysis/ssa_form.h"
#include "ir/diagnostic.h"
#include "ir/mutator.h"
#include "ir/type_substitute.h"
#include "passes/normalize/loop_escapes.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::IterArg;
using ir::Stmt;
using ir::Var;

// One function's conversion. `vis_` maps each name visible here (its first
// Var, the key) to its current version; bindings are logged so that leaving
// a loop body or branch undoes them in O(what it bound).
class SSAConverter : public ir::IRMutator {
 public:
  SSAConverter(ir::Context& ctx, const ir::Function* f)
      : IRMutator(ctx), f_(f), escapes_(FindLoopEscapes(f->body())) {}

  absl::StatusOr<const ir::Function*> Convert() {
    for (const Var* p : f_->params()) {
      First(p);
      Bind(p, p);
    }
    const Stmt* body = VisitStmt(f_->body());
    if (!status_.ok()) return status_;
    if (body == f_->body()) return f_;
    return ctx().NewFunction(f_->name(), f_->params(), f_->directions(), f_->return_types(),
                             body, f_->func_type(), f_->level(), f_->role(), f_->loc(),
                             f_->attrs());
  }

  const Expr* VisitVar(const Var* v) override {
    auto it = vis_.find(v);
    if (it != vis_.end()) return it->second;
    if (first_.contains(v)) {
      Fail(at_, absl::StrCat("'", v->name(),
                             "' is read here, but the value assigned to it in a loop body or "
                             "branch does not reach this point on every path; assign it "
                             "before that loop or in both branches"));
    }
    return v;
  }

  const Stmt* VisitAssign(const ir::AssignStmt* s) override {
    at_ = s->loc();
    const Expr* value = VisitExpr(s->value());
    const Var* var = Define(s->var(), s->var()->loc());
    if (var == s->var() && value == s->value()) return s;
    return ctx().NewAssign(var, value, s->loc(), s->comments());
  }
  const Stmt* VisitEval(const ir::EvalStmt* s) override {
    at_ = s->loc();
    return IRMutator::VisitEval(s);
  }
  const Stmt* VisitReturn(const ir::ReturnStmt* s) override {
    at_ = s->loc();
    return IRMutator::VisitReturn(s);
  }
  const Stmt* VisitYield(const ir::YieldStmt* s) override {
    at_ = s->loc();
    return IRMutator::VisitYield(s);
  }
  const Stmt* VisitScope(const ir::ScopeStmt* s) override {
    at_ = s->loc();
    return IRMutator::VisitScope(s);
  }

  const Stmt* VisitFor(const ir::ForStmt* s) override {
    at_ = s->loc();
    const Expr* start = VisitExpr(s->start());
    const Expr* stop = VisitExpr(s->stop());
    const Expr* step = VisitExpr(s->step());
    Loop loop;
    if (!BeginLoop(s, s->iter_args(), s->body(), loop)) return s;
    const Var* loop_var = Define(s->loop_var(), s->loop_var()->loc());
    BindLoop(s->iter_args(), loop);
    const Stmt* body = EndLoop(s->body(), s->return_vars(), loop, s->loc());
    if (loop.unchanged && loop_var == s->loop_var() && start == s->start() &&
        stop == s->stop() && step == s->step() && body == s->body()) {
      return s;
    }
    return ctx().NewFor(loop_var, start, stop, step, loop.iter_args, body, loop.return_vars,
                        s->for_kind(), s->stage(), s->loc(), s->comments(), s->attrs());
  }

  const Stmt* VisitWhile(const ir::WhileStmt* s) override {
    at_ = s->loc();
    Loop loop;
    if (!BeginLoop(s, s->iter_args(), s->body(), loop)) return s;
    BindLoop(s->iter_args(), loop);
    const Expr* cond = VisitExpr(s->condition());
    const Stmt* body = EndLoop(s->body(), s->return_vars(), loop, s->loc());
    if (loop.unchanged && cond == s->condition() && body == s->body()) return s;
    return ctx().NewWhile(cond, loop.iter_args, body, loop.return_vars, s->loc(),
                          s->comments());
  }

  const Stmt* VisitIf(const ir::IfStmt* s) override {
    at_ = s->loc();
    const Expr* cond = VisitExpr(s->condition());
    size_t mark = log_.size();
    const Stmt* then_body = VisitStmt(s->then_body());
    std::vector<std::pair<const Var*, const Expr*>> then_out = BindingsSince(mark);
    Restore(mark);
    const Stmt* else_body = s->else_body() ? VisitStmt(s->else_body()) : nullptr;
    std::vector<std::pair<const Var*, const Expr*>> else_out = BindingsSince(mark);
    Restore(mark);

    // A branch that ends in a jump does not reach the code after the if:
    // the other branch's values flow on, with no phi.
    bool then_jumps = ir::EndsInJump(s->then_body());
    bool else_jumps = s->else_body() != nullptr && ir::EndsInJump(s->else_body());
    if ((then_jumps || else_jumps) && s->return_vars().empty()) {
      for (const auto& [key, v] : then_jumps ? else_out : then_out) Bind(key, v);
      if (cond == s->condition() && then_body == s->then_body() &&
          else_body == s->else_body()) {
        return s;
      }
      return ctx().NewIf(cond, then_body, else_body, {}, s->loc(), s->comments());
    }
    // A phi per name whose value differs between the paths: assigned in a
    // branch and defined before, or new in both branches.
    absl::flat_hash_map<const Var*, std::pair<const Expr*, const Expr*>> paths;
    std::vector<const Var*> phis;
    for (const auto& [key, v] : then_out) {
      paths[key].first = v;
      phis.push_back(key);
    }
    for (const auto& [key, v] : else_out) {
      if (paths.try_emplace(key).second) phis.push_back(key);
      paths[key].second = v;
    }
    std::vector<const Expr*> then_values, else_values;
    std::vector<const Var*> return_vars(s->return_vars().begin(), s->return_vars().end());
    SortByName(phis);
    std::vector<std::pair<const Var*, const Var*>> bound;
    for (const Var* key : phis) {
      auto [t, e] = paths[key];
      auto before = vis_.find(key);
      if (before == vis_.end()) {
        if (t == nullptr || e == nullptr) continue;
      } else {
        if (t == nullptr) t = before->second;
        if (e == nullptr) e = before->second;
      }
      then_values.push_back(t);
      else_values.push_back(e);
      const Var* phi = ctx().NewVar(key->name(), t->type(), s->loc());
      return_vars.push_back(phi);
      bound.emplace_back(key, phi);
    }
    for (const Var* rv : s->return_vars()) {
      First(rv);
      Bind(rv, rv);
    }
    for (const auto& [key, phi] : bound) Bind(key, phi);
    if (!then_values.empty()) {
      then_body = AppendYield(then_body, then_values);
      else_body = else_body != nullptr ? AppendYield(else_body, else_values)
                                       : ctx().NewYield(else_values, s->loc());
    }
    if (cond == s->condition() && then_body == s->then_body() && else_body == s->else_body()) {
      return s;
    }
    return ctx().NewIf(cond, then_body, else_body, return_vars, s->loc(), s->comments());
  }

 private:
  // A loop being converted: its iter args (existing, then carried and
  // escaping names, `keys`) and return vars.
  struct Loop {
    IterArgBuffer iter_args;
    std::vector<const Var*> keys;
    std::vector<const Var*> return_vars;
    // For a pre-SSA loop, per existing iter arg the Var that rebinds it.
    std::vector<const Var*> pre_ssa;
    size_t mark = 0;
    bool unchanged = true;
  };

  bool BeginLoop(const Stmt* s, ir::IterArgSpan existing, const Stmt* body, Loop& loop) {
    for (const IterArg* a : existing) {
      const Expr* init = VisitExpr(a->init());
      const ir::Type* type = Subst(a->type());
      if (init == a->init() && type == a->type()) {
        loop.iter_args.push_back(a);
      } else {
        loop.iter_args.push_back(ctx().NewIterArg(a->name(), type, init, a->loc()));
        loop.unchanged = false;
      }
    }
    std::vector<const Var*> assigned = AssignedVars(body);
    if (!existing.empty() && ir::TrailingYield(body) == nullptr) {
      // The pre-SSA form: the body rebinds each carried name, which the
      // text form can only mean by name. The last such assignment (if
      // any) is what the iteration yields.
      loop.pre_ssa.assign(existing.size(), nullptr);
      for (const Var* v : assigned) {
        for (size_t i = 0; i < existing.size(); ++i) {
          if (v->name() == existing[i]->name()) loop.pre_ssa[i] = v;
        }
      }
      loop.unchanged = false;
    }
    std::vector<const Var*> carried, escaping;
    for (const Var* v : assigned) {
      if (vis_.contains(v)) carried.push_back(v);
    }
    for (const Var* v : escapes_.Of(s)) {
      if (!vis_.contains(v)) escaping.push_back(v);
    }
    SortByName(carried);
    SortByName(escaping);
    std::vector<const Var*> lives_on = carried;
    lives_on.insert(lives_on.end(), escaping.begin(), escaping.end());
    // A break or continue carries the values the iteration started with:
    // right only while nothing that lives on was assigned before it.
    if (!lives_on.empty() && ir::HasLoopJump(body) && !JumpsPrecedeAssignments(body, lives_on)) {
      const Var* v = carried.empty() ? escaping.front() : carried.front();
      // CtrlFlowTransform restructures InCore functions' loops only.
      Fail(s->loc(), absl::StrCat("this loop assigns '", v->name(),
                                  "', which lives on after an iteration, before a break or "
                                  "continue; ",
                                  f_->IsInCore()
                                      ? "run CtrlFlowTransform first"
                                      : "carry it with init_values and pl.yield_, or move "
                                        "the loop into an InCore function, whose loops "
                                        "CtrlFlowTransform restructures"));
      return false;
    }
    for (const Var* key : carried) {
      const Expr* init = vis_.at(key);
      loop.iter_args.push_back(ctx().NewIterArg(key->name(), init->type(), init, s->loc()));
      loop.keys.push_back(key);
    }
    for (const Var* key : escaping) {
      const ir::Type* type = Subst(key->type());
      const Expr* init = InitialValue(type);
      if (init == nullptr) {
        Fail(s->loc(), absl::StrCat("'", key->name(),
                                    "' is assigned in this loop and read after it, but no "
                                    "value of its type exists before the loop to start from; "
                                    "assign it before the loop"));
        return false;
      }
      loop.iter_args.push_back(ctx().NewIterArg(key->name(), type, init, s->loc()));
      loop.keys.push_back(key);
    }
    loop.unchanged &= loop.keys.empty();
    loop.mark = log_.size();
    return true;
  }

  // Makes the iter args visible in the loop (after its loop var).
  void BindLoop(ir::IterArgSpan existing, Loop& loop) {
    for (size_t i = 0; i < existing.size(); ++i) {
      First(existing[i]);
      Bind(existing[i], loop.iter_args[i]);
    }
    for (size_t i = 0; i < loop.keys.size(); ++i) {
      const IterArg* a = loop.iter_args[existing.size() + i];
      First(loop.keys[i]);
      Bind(loop.keys[i], a);
    }
  }

  // Converts the body, yields the carried names and binds them after the
  // loop to new return vars.
  const Stmt* EndLoop(const Stmt* original_body, ir::VarSpan existing_return_vars, Loop& loop,
                      ir::SourceLoc loc) {
    const Stmt* body = VisitStmt(original_body);
    std::vector<const Expr*> yielded;
    for (size_t i = 0; i < loop.pre_ssa.size(); ++i) {
      const Var* key = loop.pre_ssa[i];
      yielded.push_back(key != nullptr ? VisitVar(key) : loop.iter_args[i]);
    }
    for (const Var* key : loop.keys) yielded.push_back(vis_.at(key));
    Restore(loop.mark);
    if (!yielded.empty()) body = AppendYield(body, yielded);
    loop.return_vars.assign(existing_return_vars.begin(), existing_return_vars.end());
    for (const Var* rv : existing_return_vars) {
      First(rv);
      Bind(rv, rv);
    }
    size_t existing = loop.iter_args.size() - loop.keys.size();
    for (size_t i = 0; i < loop.keys.size(); ++i) {
      const Var* rv = ctx().NewVar(loop.keys[i]->name(), loop.iter_args[existing + i]->type(), loc);
      loop.return_vars.push_back(rv);
      Bind(loop.keys[i], rv);
    }
    return body;
  }

  // `body` whose trailing yield also gives `values` (one appended if none).
  const Stmt* AppendYield(const Stmt* body, const std::vector<const Expr*>& values) {
    if (const auto* y = body->As<ir::YieldStmt>()) {
      std::vector<const Expr*> all(y->values().begin(), y->values().end());
      all.insert(all.end(), values.begin(), values.end());
      return ctx().NewYield(all, y->loc(), y->comments());
    }
    if (const auto* scope = body->As<ir::ScopeStmt>();
        scope != nullptr && ir::TrailingYield(scope) != nullptr) {
      return ctx().NewScope(scope->scope_kind(), scope->args(), scope->operands(),
                            AppendYield(scope->body(), values), scope->loc(),
                            scope->comments());
    }
    std::vector<const Stmt*> stmts;
    if (const auto* seq = body->As<ir::SeqStmts>()) {
      stmts.assign(seq->stmts().begin(), seq->stmts().end());
    } else {
      stmts.push_back(body);
    }
    if (!stmts.empty() && ir::TrailingYield(stmts.back()) != nullptr) {
      stmts.back() = AppendYield(stmts.back(), values);
    } else {
      stmts.push_back(ctx().NewYield(values, body->loc()));
    }
    return ctx().NewSeq(stmts, body->loc());
  }

  // The Var a definition of `key` binds: `key` itself the first time (if
  // its type still holds), a new Var of the same name after.
  const Var* Define(const Var* key, ir::SourceLoc loc) {
    const ir::Type* type = Subst(key->type());
    const Var* var = First(key) && type == key->type() ? key : ctx().NewVar(key->name(), type, loc);
    Bind(key, var);
    return var;
  }

  // Records `key`'s first definition; false if it had one.
  bool First(const Var* key) {
    if (!first_.try_emplace(key, order_.size()).second) return false;
    order_.push_back(key);
    return true;
  }

  void Bind(const Var* key, const Expr* value) {
    auto [it, inserted] = vis_.try_emplace(key, value);
    log_.emplace_back(key, inserted ? nullptr : it->second);
    it->second = value;
  }

  void Restore(size_t mark) {
    while (log_.size() > mark) {
      auto [key, previous] = log_.back();
      log_.pop_back();
      if (previous == nullptr) {
        vis_.erase(key);
      } else {
        vis_[key] = previous;
      }
    }
  }

  // The names bound since `mark` that are still bound, with their values.
  std::vector<std::pair<const Var*, const Expr*>> BindingsSince(size_t mark) {
    std::vector<std::pair<const Var*, const Expr*>> out;
    absl::flat_hash_set<const Var*> seen;
    for (size_t i = mark; i < log_.size(); ++i) {
      const Var* key = log_[i].first;
      if (seen.insert(key).second) out.emplace_back(key, vis_.at(key));
    }
    return out;
  }

  // Upstream's order for new iter args and phis: by name; ties keep the
  // order of first definition.
  void SortByName(std::vector<const Var*>& keys) const {
    std::stable_sort(keys.begin(), keys.end(),
                     [](const Var* a, const Var* b) { return a->name() < b->name(); });
  }

  // Where an escaping name starts: an Out/InOut param of its type, else
  // the earliest visible value of its type.
  const Expr* InitialValue(const ir::Type* type) const {
    for (size_t i = 0; i < f_->params().size(); ++i) {
      if (f_->directions()[i] == ir::ParamDirection::kIn) continue;
      auto it = vis_.find(f_->params()[i]);
      if (it != vis_.end() && it->second->type() == type) return it->second;
    }
    for (const Var* key : order_) {
      auto it = vis_.find(key);
      if (it != vis_.end() && it->second->type() == type) return it->second;
    }
    return nullptr;
  }

  const ir::Type* Subst(const ir::Type* type) {
    return ir::SubstituteDimVars(ctx(), type, vis_);
  }

  void Fail(ir::SourceLoc loc, absl::string_view what) {
    if (!status_.ok()) return;
    status_ = ir::LocatedError(ctx(), loc.known() ? loc : f_->loc(),
                               absl::StrCat("ConvertToSSA: ", what));
  }

  const ir::Function* f_;
  LoopEscapes escapes_;
  absl::flat_hash_map<const Var*, const Expr*> vis_;
  std::vector<std::pair<const Var*, const Expr*>> log_;
  absl::flat_hash_map<const Var*, size_t> first_;
  std::vector<const Var*> order_;
  ir::SourceLoc at_;
  absl::Status status_;
};

class ConvertToSSAPass : public Pass {
 public:
  absl::string_view name() const override { return "convert-to-ssa"; }
  absl::string_view description() const override {
    return "Gives every assignment its own variable and carries reassigned names out of loops "
           "and branches as iter args and if results.";
  }
  PassProperties properties() const override {
    return {{}, {IRProperty::kSSAForm}, {IRProperty::kNormalizedStmtStructure}};
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return RewriteFunctions(program, [&](const ir::Function* f)
                                -> absl::StatusOr<const ir::Function*> {
      // A function in SSA form is its own conversion; checking is cheaper
      // than converting.
      if (ir::CheckSSAForm(program.context(), f).ok()) return f;
      return SSAConverter(program.context(), f).Convert();
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateConvertToSSAPass() { return std::make_unique<ConvertToSSAPass>(); }

}  // namespace pto::passes
