// Which names a loop's body assigns that the code after the loop reads
// (ConvertToSSA's escaping values), for every loop of a function.
//
// In the non-SSA text form a loop body may bind a name the code after the
// loop reads:
//
//   for i in pl.range(4):
//       t = pl.add(x, 1.0)
//   return t                      # t escapes the loop
//
// ConvertToSSA carries such a name out of the loop as an iter arg. The
// analysis is order-aware: a read after the loop that follows a new
// assignment of the name does not count. Inside an outlining scope
// (pl.at, pl.cluster, pl.spmd) reads after the scope do not count either:
// the scope becomes a function of its own, and its locals do not leave it.
// Reads in the next iteration of an enclosing loop do not count (they see
// the value carried by that loop).
//
//   LoopEscapes escapes = FindLoopEscapes(function->body());
//   for (const ir::Var* v : escapes.Of(for_stmt)) ...

#ifndef PTO_PASSES_NORMALIZE_LOOP_ESCAPES_H_
#define PTO_PASSES_NORMALIZE_LOOP_ESCAPES_H_

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/types/span.h"
#include "ir/stmt.h"

namespace pto::passes {

class LoopEscapes {
 public:
  // The Vars `loop` (a ForStmt or WhileStmt) assigns in its body that are
  // read after it, in the order of their first assignment.
  absl::Span<const ir::Var* const> Of(const ir::Stmt* loop) const {
    auto it = escapes_.find(loop);
    if (it == escapes_.end()) return {};
    return it->second;
  }

 private:
  friend class LoopEscapeFinder;
  absl::flat_hash_map<const ir::Stmt*, std::vector<const ir::Var*>> escapes_;
};

// Cost: linear in the body times its loop and branch nesting depth.
LoopEscapes FindLoopEscapes(const ir::Stmt* body);

// The Vars defined anywhere in `s` by an AssignStmt or as the return vars
// of a nested if or loop, each once, in order of definition.
std::vector<const ir::Var*> AssignedVars(const ir::Stmt* s);

// Whether each break or continue of the loop whose body is `body` comes,
// in statement order, before every assignment of `vars` in it: at a jump
// they still hold the values the iteration started with, which is what a
// loop's break and continue carry. (Jumps of nested loops are theirs.)
bool JumpsPrecedeAssignments(const ir::Stmt* body, absl::Span<const ir::Var* const> vars);

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_LOOP_ESCAPES_H_
