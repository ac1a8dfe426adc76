#include "passes/outline/scope_outliner.h"

#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/op.h"
#include "ir/type_substitute.h"
#include "ir/visitor.h"
#include "passes/fresh_copy.h"
#include "passes/var_occurrences.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::Stmt;
using ir::Var;

// The arguments a call writes in place: an op's written_args, or, when the
// callee is known, the ones it takes as Out or InOut.
template <typename F>
void ForEachWrittenArg(const ir::Call* c, const ScopeOutliner::Callees* callees, F&& f) {
  if (c->op() != nullptr) {
    const uint32_t mask = c->op()->written_args();
    for (size_t i = 0; mask != 0 && i < c->args().size() && i < 32; ++i) {
      if ((mask >> i) & 1) f(c->arg(i));
    }
    return;
  }
  if (callees == nullptr) return;
  auto it = callees->find(c->callee()->name());
  if (it == callees->end()) return;
  absl::Span<const ir::ParamDirection> dirs = it->second->directions();
  for (size_t i = 0; i < c->args().size() && i < dirs.size(); ++i) {
    if (dirs[i] != ir::ParamDirection::kIn) f(c->arg(i));
  }
}

// What a scope's body reads, defines and writes in place.
class ScopeReads : public ir::IRVisitor {
 public:
  explicit ScopeReads(const ScopeOutliner::Callees* callees) : callees_(callees) {}

  std::vector<const Var*> first_reads;  // in the order first read
  absl::flat_hash_set<const Var*> defs;
  std::vector<const Var*> def_order;
  // Each Var a write's value aliases: the Var whose memory was written.
  absl::flat_hash_map<const Var*, const Var*> alias;
  // Per written Var (an alias root): how often it or an alias occurs, and
  // how often as a written argument.
  absl::flat_hash_map<const Var*, uint32_t> occurrences, writes;
  std::vector<const Var*> write_order;
  // The Vars tile.store writes, in the order first stored.
  std::vector<const Var*> store_order;

  const Var* Root(const Var* v) const {
    auto it = alias.find(v);
    return it == alias.end() ? v : it->second;
  }

  void VisitVar(const Var* v) override {
    if (!defs.contains(v) && seen_.insert(v).second) first_reads.push_back(v);
    ++occurrences[Root(v)];
  }
  void VisitIterArg(const ir::IterArg* v) override { VisitVar(v); }
  void VisitCall(const ir::Call* c) override {
    const bool store = c->op() != nullptr && c->op()->name() == "tile.store";
    ForEachWrittenArg(c, callees_, [&](const Expr* a) {
      if (const auto* v = a->As<Var>()) {
        const Var* root = Root(v);
        if (writes[root]++ == 0) write_order.push_back(root);
        if (store && stored_.insert(root).second) store_order.push_back(root);
      }
    });
    IRVisitor::VisitCall(c);
  }
  void VisitAssign(const ir::AssignStmt* s) override {
    VisitExpr(s->value());
    if (const auto* c = s->value()->As<ir::Call>()) {
      ForEachWrittenArg(c, callees_, [&](const Expr* a) {
        if (const auto* v = a->As<Var>(); v != nullptr && !alias.contains(s->var())) {
          alias[s->var()] = Root(v);
        }
      });
    }
    Define(s->var());
  }
  void VisitIf(const ir::IfStmt* s) override {
    VisitExpr(s->condition());
    VisitStmt(s->then_body());
    if (s->else_body() != nullptr) VisitStmt(s->else_body());
    for (const Var* v : s->return_vars()) Define(v);
  }
  void VisitFor(const ir::ForStmt* s) override {
    VisitExpr(s->start());
    VisitExpr(s->stop());
    VisitExpr(s->step());
    Carried(s->iter_args());
    Define(s->loop_var());
    VisitStmt(s->body());
    for (const Var* v : s->return_vars()) Define(v);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    Carried(s->iter_args());
    VisitExpr(s->condition());
    VisitStmt(s->body());
    for (const Var* v : s->return_vars()) Define(v);
  }

 private:
  void Define(const Var* v) {
    // A dim of the type names what the definition reads.
    ir::ForEachTypeDim(v->type(), [&](const Expr* d) { VisitExpr(d); });
    if (defs.insert(v).second) def_order.push_back(v);
  }
  void Carried(ir::IterArgSpan args) {
    for (const ir::IterArg* a : args) {
      VisitExpr(a->init());
      Define(a);
    }
  }
  const ScopeOutliner::Callees* callees_;
  absl::flat_hash_set<const Var*> seen_, stored_;
};

// The Vars the dims of `type` name.
std::vector<const Var*> DimVars(const ir::Type* type) {
  std::vector<const Var*> out;
  struct Collect : ir::IRVisitor {
    std::vector<const Var*>* out;
    void VisitVar(const Var* v) override { out->push_back(v); }
  } collect;
  collect.out = &out;
  ir::ForEachTypeDim(type, [&](const Expr* d) { collect.VisitExpr(d); });
  return out;
}

// Names what the body's writes of a param store: a write whose value the
// body drops is bound, `<param>_store = write`; a tile.store whose value is
// bound under another name is also named so, `<param>_store = v`, as
// upstream's outliner does.
class NameParamWrites : public ir::IRMutator {
 public:
  NameParamWrites(ir::Context& ctx, const absl::flat_hash_set<const Var*>& params)
      : IRMutator(ctx), params_(params) {}

  const Stmt* VisitEval(const ir::EvalStmt* s) override {
    const auto* c = s->expr()->As<ir::Call>();
    if (c == nullptr || !c->type()->Is<ir::ShapedType>()) return s;
    const Var* written = nullptr;
    ForEachWrittenArg(c, nullptr, [&](const Expr* a) {
      if (written == nullptr) written = a->As<Var>();
    });
    if (written == nullptr) return s;
    return ctx().NewAssign(StoreVar(written, c->type(), s->loc()), c, s->loc(), s->comments());
  }
  const Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const auto* c = s->value()->As<ir::Call>();
    if (c == nullptr || c->op() == nullptr || c->op()->name() != "tile.store") return s;
    const Var* target = nullptr;
    ForEachWrittenArg(c, nullptr, [&](const Expr* a) { target = a->As<Var>(); });
    if (target == nullptr || !params_.contains(target)) return s;
    const Var* alias = StoreVar(target, s->var()->type(), s->loc());
    return Expand({s, ctx().NewAssign(alias, s->var(), s->loc())}, s);
  }

 private:
  const Var* StoreVar(const Var* written, const ir::Type* type, ir::SourceLoc loc) {
    return ctx().NewVar(absl::StrCat(written->name(), "_store"), type, loc);
  }
  const absl::flat_hash_set<const Var*>& params_;
};

// Drops the `v = system.task_invalid()` placeholders of `vars` (each a
// statement of a sequence).
class DropPlaceholders : public ir::IRMutator {
 public:
  DropPlaceholders(ir::Context& ctx, const absl::flat_hash_set<const Var*>& vars)
      : IRMutator(ctx), vars_(vars) {}
  const Stmt* VisitSeq(const ir::SeqStmts* s) override {
    std::vector<const Stmt*> kept;
    bool changed = false;
    for (const Stmt* st : s->stmts()) {
      const auto* a = st->As<ir::AssignStmt>();
      const auto* c = a != nullptr ? a->value()->As<ir::Call>() : nullptr;
      if (c != nullptr && c->op() != nullptr && c->op()->name() == "system.task_invalid" &&
          vars_.contains(a->var())) {
        changed = true;
        continue;
      }
      const Stmt* n = VisitStmt(st);
      changed |= n != st;
      kept.push_back(n);
    }
    return changed ? ctx().NewSeq(kept, s->loc()) : s;
  }

 private:
  const absl::flat_hash_set<const Var*>& vars_;
};

}  // namespace

ir::FuncAttr TrueAttr(absl::string_view key) {
  ir::FuncAttr a;
  a.key = key;
  a.value = ir::AttrValue::Bool(true);
  return a;
}

ScopeOutliner::Callees ScopeOutliner::CalleesOf(const ir::Program& program) {
  Callees out;
  for (const ir::Function* f : program.functions()) out[f->name()] = f;
  return out;
}

absl::StatusOr<const ir::Function*> ScopeOutliner::Run() {
  VarOccurrences all;
  all.VisitFunction(parent_);
  occurrences_ = std::move(all.count);
  const Stmt* body = VisitStmt(parent_->body());
  if (!status_.ok()) return status_;
  if (!placeholders_.empty()) body = DropPlaceholders(ctx(), placeholders_).VisitStmt(body);
  if (body == parent_->body()) return parent_;
  return ctx().NewFunction(parent_->name(), parent_->params(), parent_->directions(),
                           parent_->return_types(), body, parent_->func_type(),
                           parent_->level(), parent_->role(), parent_->loc(),
                           parent_->attrs());
}

const Stmt* ScopeOutliner::VisitScope(const ir::ScopeStmt* s) {
  if (inside_selected_ || !status_.ok()) return IRMutator::VisitScope(s);
  absl::StatusOr<std::optional<OutlinedFunction>> as = select_(s, enclosing_);
  if (!as.ok()) {
    status_ = as.status();
    return s;
  }
  if (!as->has_value()) {
    enclosing_.push_back(s);
    const Stmt* kept = IRMutator::VisitScope(s);
    enclosing_.pop_back();
    return kept;
  }
  return Outline(s, **as);
}

const Stmt* ScopeOutliner::Outline(const ir::ScopeStmt* s, const OutlinedFunction& as) {
  // The body as it reads now: an earlier scope's results renamed.
  inside_selected_ = true;
  const Stmt* body = VisitStmt(s->body());
  inside_selected_ = false;

  ScopeReads reads(callees_);
  reads.VisitStmt(body);
  VarOccurrences in_scope;
  in_scope.VisitStmt(s->body());
  auto read_after = [&](const Var* v) {
    auto it = occurrences_.find(v);
    return it != occurrences_.end() && it->second > in_scope.Count(v);
  };

  // Params: what the body reads from outside, dims of their types first.
  std::vector<const Var*> inputs;
  absl::flat_hash_set<const Var*> taken;
  auto add_input = [&](const Var* v, auto&& self) -> void {
    if (reads.defs.contains(v) || !taken.insert(v).second) return;
    for (const Var* d : DimVars(v->type())) self(d, self);
    inputs.push_back(v);
  };
  for (const Var* v : reads.first_reads) add_input(v, add_input);

  FreshCopier copy(ctx(), "");
  ir::DimVarMap param_of;
  std::vector<const Var*> params;
  std::vector<ir::ParamDirection> directions;
  for (const Var* v : inputs) {
    const Var* p = ctx().NewVar(v->name(), ir::SubstituteDimVars(ctx(), v->type(), param_of),
                                v->loc());
    param_of[v] = p;
    copy.Bind(v, p);
    params.push_back(p);
    auto w = reads.writes.find(v);
    const bool written = w != reads.writes.end();
    const bool read = written && reads.occurrences[v] > w->second;
    directions.push_back(!written ? ir::ParamDirection::kIn
                                  : read ? ir::ParamDirection::kInOut : ir::ParamDirection::kOut);
  }
  const absl::flat_hash_set<const Var*> param_set(params.begin(), params.end());
  const Stmt* copied = NameParamWrites(ctx(), param_set).VisitStmt(copy.VisitStmt(body));
  if (as.rewrite_body) copied = as.rewrite_body(copied);

  // Results, as upstream orders them: the scope's values read after it
  // (except a tile.store's value: its param stands for it), the params a
  // tile.store writes (the last first stored first), then the other written
  // params no result stands for. `targets` are what the caller binds them to.
  std::vector<const Expr*> results;
  std::vector<const Var*> targets;
  absl::flat_hash_set<const Var*> represented;
  auto written_param = [&](const Var* root) -> const Var* {
    if (!reads.writes.contains(root) || !param_of.contains(root)) return nullptr;
    return param_of[root]->As<Var>();
  };
  absl::flat_hash_set<const Var*> stored;
  for (const Var* root : reads.store_order) {
    if (written_param(root) != nullptr) stored.insert(root);
  }
  // The caller's value for each stored param: the store's value read after
  // the scope, when there is one.
  absl::flat_hash_map<const Var*, const Var*> stored_as;
  for (const Var* v : reads.def_order) {
    if (!read_after(v)) continue;
    const Var* root = reads.Root(v);
    if (stored.contains(root)) {
      auto [it, fresh] = stored_as.try_emplace(root, v);
      if (!fresh) Remap(v, it->second);
      continue;
    }
    if (const Var* p = written_param(root)) {
      represented.insert(root);
      results.push_back(p);
    } else {
      results.push_back(copy.Lookup(v));
    }
    targets.push_back(v);
  }
  auto rebind = [&](const Var* root) {
    // Later reads of the caller's tensor see it through the call.
    const Var* rebound = ctx().NewVar(root->name(), root->type(), s->loc());
    Remap(root, rebound);
    return rebound;
  };
  for (auto it = reads.store_order.rbegin(); it != reads.store_order.rend(); ++it) {
    if (!stored.contains(*it)) continue;
    represented.insert(*it);
    results.push_back(written_param(*it));
    auto as_value = stored_as.find(*it);
    targets.push_back(as_value != stored_as.end() ? as_value->second : rebind(*it));
  }
  for (const Var* root : reads.write_order) {
    const Var* p = written_param(root);
    if (p == nullptr || represented.contains(root)) continue;
    results.push_back(p);
    targets.push_back(rebind(root));
  }

  std::vector<const ir::Type*> result_types;
  for (const Expr* r : results) result_types.push_back(r->type());
  ir::FunctionAttrs fn_attrs;
  fn_attrs.attrs = as.attrs;
  std::vector<const Stmt*> fn_body = ir::StmtList(copied);
  if (!results.empty()) fn_body.push_back(ctx().NewReturn(results, s->loc()));
  outlined_.push_back(ctx().NewFunction(as.name, params, directions, result_types,
                                        ctx().NewSeq(fn_body, s->loc()), as.type, as.level,
                                        as.role, s->loc(), fn_attrs));

  // The caller sees each result in its own terms: its dims name the
  // caller's Vars, not the new function's params.
  // A submit's value is the results and then the task id.
  if (as.dispatch.submit) {
    const Var* tid = as.dispatch.task_id;
    if (tid != nullptr) {
      placeholders_.insert(tid);
    } else {
      tid = ctx().NewVar("tid", ctx().GetScalarType(ir::DataType::kTaskId), s->loc());
    }
    targets.push_back(tid);
  }
  std::vector<const ir::Type*> caller_types;
  for (const Var* t : targets) caller_types.push_back(t->type());
  const ir::Type* call_type = caller_types.empty() ? ctx().GetUnknownType()
                              : caller_types.size() == 1 && !as.dispatch.submit
                                  ? caller_types[0]
                                  : static_cast<const ir::Type*>(ctx().GetTupleType(caller_types));
  std::vector<const Expr*> args(inputs.begin(), inputs.end());
  // The dispatch's expressions read the caller as it is now.
  DispatchSite site;
  status_ = site.Build(
      ctx(), as.dispatch, args, [&](const Expr* e) { return VisitExpr(e); }, s->loc(), pass_);
  if (!status_.ok()) return s;
  const ir::Call* call =
      ctx().NewFunctionCall(ctx().GetGlobalVar(as.name), args, call_type, s->loc(), site.site());
  std::vector<const Stmt*> stmts;
  if (targets.empty()) {
    stmts.push_back(ctx().NewEval(call, s->loc()));
  } else if (targets.size() == 1 && !as.dispatch.submit) {
    stmts.push_back(ctx().NewAssign(targets[0], call, s->loc()));
  } else {
    const Var* ret = ctx().NewVar("ret", call_type, s->loc());
    stmts.push_back(ctx().NewAssign(ret, call, s->loc()));
    for (size_t i = 0; i < targets.size(); ++i) {
      stmts.push_back(ctx().NewAssign(targets[i], ctx().NewTupleGetItem(ret, static_cast<int>(i)),
                                      s->loc()));
    }
  }
  return Expand(std::move(stmts), s);
}

}  // namespace pto::passes
