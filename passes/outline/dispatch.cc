#include "passes/outline/dispatch.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/expr.h"
#include "passes/outline/scope_args.h"

namespace pto::passes {

Dispatch DispatchOf(const ir::ScopeStmt* s) {
  Dispatch d;
  d.core_num = ScopeOperand(s, "core_num");
  d.sync_start = ScopeFlag(s, "sync_start");
  d.allow_early_resolve = ScopeFlag(s, "allow_early_resolve");
  d.predicate = ScopeOperand(s, "predicate");
  if (const ir::ScopeArg* deps = FindScopeArg(s, "deps")) d.deps = ScopeArgList(s, *deps);
  if (const ir::Expr* tid = ScopeOperand(s, "task_id_var")) d.task_id = tid->As<ir::Var>();
  if (const ir::ScopeArg* a = FindScopeArg(s, "no_dep_args")) d.no_dep_args = ScopeArgList(s, *a);
  if (const ir::ScopeArg* a = FindScopeArg(s, "dumps")) d.dumps = ScopeArgList(s, *a);
  d.submit = d.task_id != nullptr || !d.deps.empty() || d.allow_early_resolve ||
             d.predicate != nullptr;
  return d;
}

void DispatchSite::AddAttr(absl::string_view key, bool is_list,
                           std::vector<ir::CallAttrItem> items) {
  const std::vector<ir::CallAttrItem>& kept = items_.emplace_back(std::move(items));
  attrs_.push_back(ir::CallAttr{key, is_list, kept});
}

absl::Status DispatchSite::Build(ir::Context& ctx, const Dispatch& d,
                                 absl::Span<const ir::Expr* const> args,
                                 absl::FunctionRef<const ir::Expr*(const ir::Expr*)> renamed,
                                 ir::SourceLoc loc, absl::string_view pass) {
  auto rename = [&](const ir::Expr* e) { return e == nullptr ? e : renamed(e); };
  if (d.submit) {
    site_.form = d.core_num != nullptr ? ir::CallForm::kSpmdSubmit : ir::CallForm::kSubmit;
    site_.core_num = rename(d.core_num);
    site_.sync_start = d.sync_start;
    site_.allow_early_resolve = d.allow_early_resolve;
    site_.predicate = rename(d.predicate);
    for (const ir::Expr* dep : d.deps) deps_.push_back(rename(dep));
    site_.deps = deps_;
  } else if (d.core_num != nullptr) {
    // As the parser reads `attrs={"core_num": 4}`: a literal is a value.
    ir::CallAttrItem count;
    const ir::Expr* n = rename(d.core_num);
    if (const auto* c = n->As<ir::ConstInt>()) {
      count.value = ir::AttrValue::Int(c->value());
    } else {
      count.kind = ir::CallAttrItem::Kind::kExpr;
      count.expr = n;
    }
    AddAttr("core_num", false, {count});
    if (d.sync_start) {
      ir::CallAttrItem on;
      on.value = ir::AttrValue::Bool(true);
      AddAttr("sync_start", false, {on});
    }
  }
  // Where each argument stands, for the lists that name arguments.
  absl::flat_hash_map<const ir::Expr*, int64_t> position;
  if (!d.dumps.empty() || !d.no_dep_args.empty()) {
    for (size_t i = 0; i < args.size(); ++i) position.try_emplace(args[i], static_cast<int64_t>(i));
  }
  // dump_vars comes first, where the parser puts it.
  if (!d.dumps.empty()) {
    // The call's own arguments, in argument order, each once.
    absl::flat_hash_set<int64_t> dumped;
    for (const ir::Expr* e : d.dumps) {
      auto it = position.find(rename(e));
      if (it != position.end()) dumped.insert(it->second);
    }
    std::vector<ir::CallAttrItem> items;
    for (size_t i = 0; i < args.size(); ++i) {
      if (!dumped.contains(static_cast<int64_t>(i))) continue;
      ir::CallAttrItem item;
      item.kind = ir::CallAttrItem::Kind::kExpr;
      item.expr = args[i];
      items.push_back(item);
    }
    if (!items.empty()) AddAttr(ir::kDumpVarsKey, true, std::move(items));
  }
  if (!d.no_dep_args.empty()) {
    // Positions, sorted: a set of slots whatever order they were named in.
    std::vector<int64_t> slots;
    for (const ir::Expr* e : d.no_dep_args) {
      auto it = position.find(rename(e));
      if (it == position.end()) {
        const auto* v = e->As<ir::Var>();
        return ir::LocatedError(
            ctx, loc,
            absl::StrCat(pass, ": no_dep_args names '", v != nullptr ? v->name() : "?",
                         "', which the scope neither reads nor writes; only a tensor the "
                         "kernel is passed can be no-dep"));
      }
      slots.push_back(it->second);
    }
    std::sort(slots.begin(), slots.end());
    slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
    std::vector<ir::CallAttrItem> items;
    for (int64_t i : slots) items.push_back(ir::CallAttrItem{.value = ir::AttrValue::Int(i)});
    AddAttr(ir::kArgDirectionOverridesKey, true, std::move(items));
  }
  site_.attrs = attrs_;
  return absl::OkStatus();
}

}  // namespace pto::passes
