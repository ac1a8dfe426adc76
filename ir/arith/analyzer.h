// Arithmetic simplification of scalar expressions under facts: the engine of
// the Simplify pass, usable by any pass that needs to fold an index
// expression or decide a condition.
//
// The Analyzer keeps bounds on Vars (a loop variable's range, what an if's
// condition says in each branch, the range of a scalar's value) and
// simplifies bottom-up: integer constants fold with the IR's own integer
// semantics (ir/arith/int_eval.h), identities drop (x + 0, x * 1, x - x,
// x // 1), constants gather (x + 2 - 5 -> x - 3), and an expression whose
// bound is one value becomes that value (i // 8 is 0 for i in [0, 8)). A
// subexpression with a call is never dropped. Floats are left as written.
//
//   Analyzer an(ctx);
//   size_t mark = an.Mark();
//   an.Bind(i, {0, 7});                    // for i in pl.range(8)
//   an.Simplify(i_floordiv_8);             // ConstInt 0
//   an.Decide(i_lt_100);                   // true
//   an.Restore(mark);                      // leaving the loop
//
// Simplify takes an optional `leaf` callback that maps every other leaf
// (Vars, calls, tuple items) before it is used: a pass rewriting a function
// passes its renaming there, so one walk both renames and simplifies.

#ifndef PTO_IR_ARITH_ANALYZER_H_
#define PTO_IR_ARITH_ANALYZER_H_

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "ir/arith/int_bound.h"
#include "ir/context.h"
#include "ir/expr.h"

namespace pto::ir {

class Analyzer {
 public:
  using Leaf = absl::FunctionRef<const Expr*(const Expr*)>;

  explicit Analyzer(Context& ctx) : ctx_(ctx) {}

  // --- Facts, undone in reverse order by Restore -------------------------
  size_t Mark() const { return log_.size(); }
  void Restore(size_t mark);
  // `v` takes values in `bound` (replacing what was known).
  void Bind(const Var* v, IntBound bound);
  // `v` also takes values in `bound`: the intersection, unless it is empty
  // (contradictory facts are dropped rather than believed).
  void Refine(const Var* v, IntBound bound);
  // What `cond` being `holds` says about the Vars it compares with
  // something: `i < 4` bounds i above, `not (a or b)` bounds both.
  void Assume(const Expr* cond, bool holds);
  // The known bound of `v`, else its dtype's default (VarDefault).
  IntBound BoundOf(const Var* v) const;

  // --- Queries -----------------------------------------------------------
  const Expr* Simplify(const Expr* e);
  const Expr* Simplify(const Expr* e, Leaf leaf);
  // The bound of an integer expression (everything for other types).
  IntBound Bound(const Expr* e);
  // The value of a condition when the facts decide it.
  std::optional<bool> Decide(const Expr* cond);

 private:
  struct Result {
    const Expr* e;
    IntBound bound;
    bool pure;  // holds no call: may be dropped or duplicated
  };
  Result Walk(const Expr* e, Leaf leaf);
  Result OfLeaf(const Expr* e);
  Result RewriteBinary(const BinaryExpr* b, const Result& x, const Result& y);
  Result RewriteUnary(const UnaryExpr* u, const Result& x);
  // `lhs +/- rhs` (b's operator) with its constants gathered and opposite
  // terms cancelled; null when that gains nothing.
  const Expr* Regroup(const BinaryExpr* b, const Expr* lhs, const Expr* rhs);
  Result Constant(int64_t value, DataType dtype);

  Context& ctx_;
  absl::flat_hash_map<const Var*, IntBound> bounds_;
  // Each change to bounds_: the Var and what it held before.
  std::vector<std::pair<const Var*, std::optional<IntBound>>> log_;
};

}  // namespace pto::ir

#endif  // PTO_IR_ARITH_ANALYZER_H_
