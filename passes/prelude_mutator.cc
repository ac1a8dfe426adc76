#include "passes/prelude_mutator.h"

#include <utility>

namespace pto::passes {

// Visits `original` with temporaries named after `base`; the statements its
// own expressions prepended (not those of nested statements, which placed
// theirs) go in front of it.
template <typename F>
const ir::Stmt* PreludeMutator::Placed(absl::string_view base, const ir::Stmt* original,
                                       F visit) {
  size_t mark = pending_.size();
  base_ = base;
  const ir::Stmt* stmt = visit();
  if (pending_.size() == mark) return stmt;
  std::vector<const ir::Stmt*> seq(pending_.begin() + mark, pending_.end());
  pending_.resize(mark);
  seq.push_back(stmt);
  return Expand(std::move(seq), original);
}

const ir::Stmt* PreludeMutator::VisitAssign(const ir::AssignStmt* s) {
  return Placed(s->var()->name(), s, [&] { return IRMutator::VisitAssign(s); });
}
const ir::Stmt* PreludeMutator::VisitEval(const ir::EvalStmt* s) {
  return Placed("eval", s, [&] { return IRMutator::VisitEval(s); });
}
const ir::Stmt* PreludeMutator::VisitReturn(const ir::ReturnStmt* s) {
  return Placed("ret", s, [&] { return IRMutator::VisitReturn(s); });
}
const ir::Stmt* PreludeMutator::VisitYield(const ir::YieldStmt* s) {
  return Placed("yield", s, [&] { return IRMutator::VisitYield(s); });
}
const ir::Stmt* PreludeMutator::VisitIf(const ir::IfStmt* s) {
  return Placed("cond", s, [&] { return IRMutator::VisitIf(s); });
}
const ir::Stmt* PreludeMutator::VisitFor(const ir::ForStmt* s) {
  return Placed("init", s, [&] { return IRMutator::VisitFor(s); });
}
const ir::Stmt* PreludeMutator::VisitWhile(const ir::WhileStmt* s) {
  return Placed("init", s, [&] { return IRMutator::VisitWhile(s); });
}
const ir::Stmt* PreludeMutator::VisitScope(const ir::ScopeStmt* s) {
  return Placed("scope", s, [&] { return IRMutator::VisitScope(s); });
}

}  // namespace pto::passes
