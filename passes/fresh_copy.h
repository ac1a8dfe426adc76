// A copy of IR in which every definition is a new Var: what a pass needs
// to place a function body a second time in a program where its Vars may
// already be bound (inlining a call, outlining a region).
//
// Bind() first says what the copy's free Vars (a function's params) stand
// for: an argument expression, or a Var of the destination that the copy
// may also assign (an in-place Out param). Every other Var the copy meets
// is a local: the first meeting makes its new Var, named `<name><suffix>`
// (a name that already ends in the suffix keeps it),
// with the symbolic dims of its type rewritten through the bindings (as are
// the dims of a function call's type). A
// local reassigned several times (non-SSA input) stays one Var in the copy.
//
//   FreshCopier copy(ctx, "_inline");
//   copy.Bind(callee_param, call_arg);
//   const ir::Stmt* s = copy.VisitStmt(callee_stmt);

#ifndef PTO_PASSES_FRESH_COPY_H_
#define PTO_PASSES_FRESH_COPY_H_

#include <string>

#include "absl/strings/string_view.h"
#include "ir/mutator.h"
#include "ir/type_substitute.h"

namespace pto::passes {

class FreshCopier : public ir::IRMutator {
 public:
  FreshCopier(ir::Context& ctx, absl::string_view suffix)
      : IRMutator(ctx), suffix_(suffix) {}

  // Uses of `v` in the copy become `to`. If the copy assigns `v`, `to` must
  // be a Var, which the copy then assigns.
  void Bind(const ir::Var* v, const ir::Expr* to) { map_[v] = to; }
  // What `v` stands for in the copy so far (its new Var once met), or null.
  const ir::Expr* Lookup(const ir::Var* v) const {
    auto it = map_.find(v);
    return it == map_.end() ? nullptr : it->second;
  }

  const ir::Expr* VisitVar(const ir::Var* v) override;
  // A function call's type names the copy's Vars too.
  const ir::Expr* VisitCall(const ir::Call* c) override;
  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override;
  const ir::Stmt* VisitIf(const ir::IfStmt* s) override;
  const ir::Stmt* VisitFor(const ir::ForStmt* s) override;
  const ir::Stmt* VisitWhile(const ir::WhileStmt* s) override;

 private:
  std::string Name(absl::string_view name) const;
  // The Var a definition of `v` assigns in the copy.
  const ir::Var* Def(const ir::Var* v);
  ir::VarSpan Defs(ir::VarSpan vars, std::vector<const ir::Var*>& out);
  const ir::IterArg* NewIterArg(const ir::IterArg* a);

  std::string suffix_;
  ir::DimVarMap map_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_FRESH_COPY_H_
