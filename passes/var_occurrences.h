// How often each Var occurs in a piece of IR, and which of them it defines:
// what a pass that copies statements asks to tell the Vars that live only
// in the copied statements (safe to give new Vars) from those that are also
// seen elsewhere (which the copy must share).
//
//   VarOccurrences in_body, in_function;
//   in_body.VisitStmt(loop->body());
//   in_function.VisitFunction(f);
//   bool local = in_body.count[v] == in_function.count[v];

#ifndef PTO_PASSES_VAR_OCCURRENCES_H_
#define PTO_PASSES_VAR_OCCURRENCES_H_

#include <cstdint>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/visitor.h"

namespace pto::passes {

class VarOccurrences : public ir::IRVisitor {
 public:
  // Uses and definitions alike (a function's params once each).
  absl::flat_hash_map<const ir::Var*, uint32_t> count;
  // Assigned Vars, loop vars, iter args and if/loop results.
  absl::flat_hash_set<const ir::Var*> defs;

  // How often `v` occurs (0 if never).
  uint32_t Count(const ir::Var* v) const {
    auto it = count.find(v);
    return it == count.end() ? 0 : it->second;
  }

  void VisitVar(const ir::Var* v) override { ++count[v]; }
  void VisitIterArg(const ir::IterArg* v) override;
  void VisitAssign(const ir::AssignStmt* s) override;
  void VisitIf(const ir::IfStmt* s) override;
  void VisitFor(const ir::ForStmt* s) override;
  void VisitWhile(const ir::WhileStmt* s) override;
};

// How often each Var is read: what a rewrite asks before it reuses a
// value's buffer. Definitions (assigned Vars, loop vars, iter args, branch
// and loop results) do not count, and a loop's initial values count once,
// at the loop, however often its iter args are read.
//
//   VarUses uses;
//   uses.VisitStmt(f->body());
//   bool only_here = uses.Count(v) == 1;
class VarUses : public ir::IRVisitor {
 public:
  uint32_t Count(const ir::Var* v) const {
    auto it = count_.find(v);
    return it == count_.end() ? 0 : it->second;
  }

  void VisitVar(const ir::Var* v) override { ++count_[v]; }
  void VisitIterArg(const ir::IterArg* v) override { ++count_[v]; }
  void VisitAssign(const ir::AssignStmt* s) override { VisitExpr(s->value()); }
  void VisitIf(const ir::IfStmt* s) override;
  void VisitFor(const ir::ForStmt* s) override;
  void VisitWhile(const ir::WhileStmt* s) override;

 private:
  absl::flat_hash_map<const ir::Var*, uint32_t> count_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_VAR_OCCURRENCES_H_
