// An IRMutator whose expression rewrites need statements placed in front of
// the statement holding the expression: the temporaries a rewritten call
// reads (legalize-tile-cast's intermediate hops, materialize-tcvt-scratch's
// scratch tiles).
//
//   class Rewriter : public PreludeMutator {
//    public:
//     using PreludeMutator::PreludeMutator;
//     const ir::Expr* VisitCall(const ir::Call* c) override {
//       ...
//       const ir::Var* t = ctx().NewVar(names().Make(base(), "q"), value->type(), c->loc());
//       Prepend(ctx().NewAssign(t, value, c->loc()));   // lands before c's statement
//       ...
//     }
//   };
//
// A statement's prelude goes right before it, and its leading comments move
// to the front of the prelude; statements nested in it (a loop body) place
// their own. A loop's prelude goes before the loop, where its init values
// are evaluated; an if's before the if, where its condition is; a scope's
// before the scope, where its arguments (a core count, a predicate) are.
// base() names the temporaries after the value the statement defines: the
// assigned Var, else "eval", "ret", "yield", "init", "cond" or "scope".

#ifndef PTO_PASSES_PRELUDE_MUTATOR_H_
#define PTO_PASSES_PRELUDE_MUTATOR_H_

#include <vector>

#include "absl/strings/string_view.h"
#include "ir/mutator.h"
#include "passes/temp_names.h"

namespace pto::passes {

class PreludeMutator : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override;
  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override;
  const ir::Stmt* VisitReturn(const ir::ReturnStmt* s) override;
  const ir::Stmt* VisitYield(const ir::YieldStmt* s) override;
  const ir::Stmt* VisitIf(const ir::IfStmt* s) override;
  const ir::Stmt* VisitFor(const ir::ForStmt* s) override;
  const ir::Stmt* VisitWhile(const ir::WhileStmt* s) override;
  const ir::Stmt* VisitScope(const ir::ScopeStmt* s) override;

 protected:
  // Name hint of the value the statement being visited defines.
  absl::string_view base() const { return base_; }
  // Temporary names, counted per mutator (one mutator per function).
  TempNamer& names() { return names_; }
  // Places `s` before the statement being visited, after earlier ones.
  void Prepend(const ir::Stmt* s) { pending_.push_back(s); }

 private:
  template <typename F>
  const ir::Stmt* Placed(absl::string_view base, const ir::Stmt* original, F visit);

  absl::string_view base_;
  TempNamer names_;
  std::vector<const ir::Stmt*> pending_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_PRELUDE_MUTATOR_H_
