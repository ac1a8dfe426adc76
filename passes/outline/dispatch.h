// How a caller dispatches a function outlined from a scope: the scope's
// launch spec and task options, and the CallSite (ir/call_site.h) they
// become, as upstream's outliners emit them.
//
//   with pl.spmd(4, sync_start=True):      self.f(x, out, attrs={"core_num": 4, "sync_start": True})
//   with pl.at(...) as t1, deps=[t0]:      y, t1 = pl.submit(self.f, x, deps=[t0])
//   with pl.spmd(n) as t:                  y, t = pl.spmd_submit(self.f, x, core_num=n)
//   with pl.at(..., no_dep_args=[w]):      self.f(x, w, attrs={"arg_direction_overrides": [1]})
//   with pl.at(..., dumps=[x]):            self.f(x, w, attrs={"dump_vars": [x]})
//
//   Dispatch d = DispatchOf(scope);
//   DispatchSite site;
//   PTO_RETURN_IF_ERROR(site.Build(ctx, d, args, renamed, scope->loc(), "OutlineIncoreScopes"));
//   ctx.NewFunctionCall(callee, args, type, loc, site.site());

#ifndef PTO_PASSES_OUTLINE_DISPATCH_H_
#define PTO_PASSES_OUTLINE_DISPATCH_H_

#include <deque>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/call_site.h"
#include "ir/context.h"
#include "ir/stmt.h"

namespace pto::passes {

// What a scope asks of its dispatch. The expressions are the caller's.
struct Dispatch {
  // A submit (pl.submit, or pl.spmd_submit with a core count) binds the
  // task's id: `task_id` (the scope's `as tid` Var), or a fresh Var when
  // null. `as tid`, deps, allow_early_resolve and a predicate each make one.
  bool submit = false;
  const ir::Var* task_id = nullptr;
  std::vector<const ir::Expr*> deps;
  bool allow_early_resolve = false;
  const ir::Expr* predicate = nullptr;
  // A spmd scope's launch spec: on a plain call its "core_num" /
  // "sync_start" attrs, on a submit its fields.
  const ir::Expr* core_num = nullptr;
  bool sync_start = false;
  // Tensors the dispatch does not depend through (no_dep_args=) and dumps
  // (dumps=): bookkeeping, not reads.
  std::vector<const ir::Expr*> no_dep_args;
  std::vector<const ir::Expr*> dumps;
};

// The dispatch `s`'s arguments ask for.
Dispatch DispatchOf(const ir::ScopeStmt* s);

// The CallSite of one dispatch; it owns the lists the site points at, so it
// stays where it is built.
class DispatchSite {
 public:
  DispatchSite() = default;
  DispatchSite(const DispatchSite&) = delete;
  DispatchSite& operator=(const DispatchSite&) = delete;

  // `args` are the call's arguments and `renamed` gives a caller expression
  // as it reads now. A no_dep_args tensor the call does not pass is an error
  // at `loc`, naming `pass`; a dumped tensor it does not pass is skipped.
  absl::Status Build(ir::Context& ctx, const Dispatch& d, absl::Span<const ir::Expr* const> args,
                     absl::FunctionRef<const ir::Expr*(const ir::Expr*)> renamed,
                     ir::SourceLoc loc, absl::string_view pass);
  const ir::CallSite* site() const { return &site_; }

 private:
  void AddAttr(absl::string_view key, bool is_list, std::vector<ir::CallAttrItem> items);

  ir::CallSite site_;
  std::vector<const ir::Expr*> deps_;
  std::vector<ir::CallAttr> attrs_;
  // Each attr's items, where the attr's span points (a deque keeps them put).
  std::deque<std::vector<ir::CallAttrItem>> items_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_DISPATCH_H_
