#include "passes/outline/scope_outliner.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "ir/diagnostic.h"
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

// The argument positions an op call writes in place.
template <typename F>
void ForEachWrittenArg(const ir::Call* c, F&& f) {
  if (c->op() == nullptr || c->op()->written_args() == 0) return;
  const uint32_t mask = c->op()->written_args();
  for (size_t i = 0; i < c->args().size() && i < 32; ++i) {
    if ((mask >> i) & 1) f(c->arg(i));
  }
}

// What a scope's body reads, defines and writes in place.
class ScopeReads : public ir::IRVisitor {
 public:
  std::vector<const Var*> first_reads;  // in the order first read
  absl::flat_hash_set<const Var*> defs;
  std::vector<const Var*> def_order;
  // Each Var a write's value aliases: the Var whose memory was written.
  absl::flat_hash_map<const Var*, const Var*> alias;
  // Per written Var (an alias root): how often it or an alias occurs, and
  // how often as a written argument.
  absl::flat_hash_map<const Var*, uint32_t> occurrences, writes;
  std::vector<const Var*> write_order;

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
    ForEachWrittenArg(c, [&](const Expr* a) {
      if (const auto* v = a->As<Var>()) {
        const Var* root = Root(v);
        if (writes[root]++ == 0) write_order.push_back(root);
      }
    });
    IRVisitor::VisitCall(c);
  }
  void VisitAssign(const ir::AssignStmt* s) override {
    VisitExpr(s->value());
    if (const auto* c = s->value()->As<ir::Call>()) {
      ForEachWrittenArg(c, [&](const Expr* a) {
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
  absl::flat_hash_set<const Var*> seen_;
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

// Binds each write whose value the body drops: `<written>_store = write`.
class BindDroppedWrites : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;
  const Stmt* VisitEval(const ir::EvalStmt* s) override {
    const auto* c = s->expr()->As<ir::Call>();
    if (c == nullptr || !c->type()->Is<ir::ShapedType>()) return s;
    const Var* written = nullptr;
    ForEachWrittenArg(c, [&](const Expr* a) {
      if (written == nullptr) written = a->As<Var>();
    });
    if (written == nullptr) return s;
    const Var* v = ctx().NewVar(absl::StrCat(written->name(), "_store"), c->type(), s->loc());
    return ctx().NewAssign(v, c, s->loc(), s->comments());
  }
};

}  // namespace

const ir::ScopeArg* FindScopeArg(const ir::ScopeStmt* s, absl::string_view key) {
  for (const ir::ScopeArg& a : s->args()) {
    if (a.key == key) return &a;
  }
  return nullptr;
}

std::optional<ir::Level> ScopeLevel(const ir::ScopeStmt* s) {
  const ir::ScopeArg* arg = s->scope_kind() == ir::ScopeKind::kAt ? FindScopeArg(s, "level")
                                                                  : nullptr;
  if (arg == nullptr) return std::nullopt;
  absl::string_view name = arg->enum_ref;
  if (!absl::ConsumePrefix(&name, "Level.")) return std::nullopt;
  return ir::EnumFromName<ir::Level>(name);
}

absl::string_view ScopeNameHint(const ir::ScopeStmt* s) {
  const ir::ScopeArg* hint = FindScopeArg(s, "name_hint");
  return hint != nullptr ? hint->value.string_value() : "";
}

absl::Status CheckScopeArgs(ir::Context& ctx, const ir::ScopeStmt* s, absl::string_view pass,
                            std::initializer_list<absl::string_view> handled) {
  for (const ir::ScopeArg& a : s->args()) {
    if (std::find(handled.begin(), handled.end(), a.key) != handled.end()) continue;
    const absl::string_view what =
        a.key == "task_id_var" ? "a task id (`as tid`)" : absl::string_view(a.key);
    return ir::LocatedError(ctx, s->loc(),
                            absl::StrCat(pass, ": outlining a scope with ", what,
                                         " is not supported yet"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const ir::Function*> ScopeOutliner::Run() {
  VarOccurrences all;
  all.VisitFunction(parent_);
  occurrences_ = std::move(all.count);
  const Stmt* body = VisitStmt(parent_->body());
  if (!status_.ok()) return status_;
  if (body == parent_->body()) return parent_;
  return ctx().NewFunction(parent_->name(), parent_->params(), parent_->directions(),
                           parent_->return_types(), body, parent_->func_type(),
                           parent_->level(), parent_->role(), parent_->loc(),
                           parent_->attrs());
}

const Stmt* ScopeOutliner::VisitScope(const ir::ScopeStmt* s) {
  if (inside_selected_ || !status_.ok()) return IRMutator::VisitScope(s);
  absl::StatusOr<std::optional<OutlinedFunction>> as = select_(s);
  if (!as.ok()) {
    status_ = as.status();
    return s;
  }
  if (!as->has_value()) return IRMutator::VisitScope(s);
  return Outline(s, **as);
}

const Stmt* ScopeOutliner::Outline(const ir::ScopeStmt* s, const OutlinedFunction& as) {
  // The body as it reads now: an earlier scope's results renamed.
  inside_selected_ = true;
  const Stmt* body = VisitStmt(s->body());
  inside_selected_ = false;

  ScopeReads reads;
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
  const Stmt* copied = BindDroppedWrites(ctx()).VisitStmt(copy.VisitStmt(body));

  // Results: the scope's values read after it, then the written params no
  // result stands for. `targets` are what the caller binds them to.
  std::vector<const Expr*> results;
  std::vector<const Var*> targets;
  absl::flat_hash_set<const Var*> represented;
  auto written_param = [&](const Var* root) -> const Var* {
    if (!reads.writes.contains(root) || !param_of.contains(root)) return nullptr;
    return param_of[root]->As<Var>();
  };
  for (const Var* v : reads.def_order) {
    if (!read_after(v)) continue;
    const Var* root = reads.Root(v);
    if (const Var* p = written_param(root)) {
      represented.insert(root);
      results.push_back(p);
    } else {
      results.push_back(copy.Lookup(v));
    }
    targets.push_back(v);
  }
  for (const Var* root : reads.write_order) {
    const Var* p = written_param(root);
    if (p == nullptr || represented.contains(root)) continue;
    results.push_back(p);
    // Later reads of the caller's tensor see it through the call.
    const Var* rebound = ctx().NewVar(root->name(), root->type(), s->loc());
    Remap(root, rebound);
    targets.push_back(rebound);
  }

  std::vector<const ir::Type*> result_types;
  for (const Expr* r : results) result_types.push_back(r->type());
  std::vector<const Stmt*> fn_body = ir::StmtList(copied);
  fn_body.push_back(ctx().NewReturn(results, s->loc()));
  outlined_.push_back(ctx().NewFunction(as.name, params, directions, result_types,
                                        ctx().NewSeq(fn_body, s->loc()), as.type, as.level,
                                        as.role, s->loc()));

  // The caller sees each result in its own terms: its dims name the
  // caller's Vars, not the new function's params.
  std::vector<const ir::Type*> caller_types;
  for (const Var* t : targets) caller_types.push_back(t->type());
  const ir::Type* call_type = caller_types.empty() ? ctx().GetUnknownType()
                              : caller_types.size() == 1
                                  ? caller_types[0]
                                  : static_cast<const ir::Type*>(ctx().GetTupleType(caller_types));
  std::vector<const Expr*> args(inputs.begin(), inputs.end());
  const ir::Call* call =
      ctx().NewFunctionCall(ctx().GetGlobalVar(as.name), args, call_type, s->loc());
  std::vector<const Stmt*> stmts;
  if (targets.empty()) {
    stmts.push_back(ctx().NewEval(call, s->loc()));
  } else if (targets.size() == 1) {
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
