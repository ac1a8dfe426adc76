// Structural equality of IR: are two programs the same modulo naming?
//
// The round-trip property (print -> parse gives an equal program), pass
// idempotence and golden tests all compare IR structurally. The semantics are
// PyPTO's:
//
//   * Var names, source locations, comments and the program name are
//     ignored; a Var is matched by where it is defined.
//   * Definitions (params, AssignStmt vars, loop vars, iter args, return vars)
//     pair the two sides' Vars bijectively, after comparing their types; a use
//     must name the Var paired with its definition. Vars used without any
//     definition (dynamic dims such as `N = pl.dynamic("N")`, or the free vars
//     of a compared fragment) pair up bijectively on first sight, or must be
//     the very same object with `map_free_vars = false`.
//   * Types compare structurally: kind, dtype, shape dims (as expressions,
//     under the Var pairing), tensor/tile views field by field including
//     their presence, and the tile memory space.
//   * Integer constants treat INT64 and INDEX as one dtype (bare literals
//     parse as INDEX); so do loop variables. Every other dtype must match;
//     float constants compare bitwise.
//   * Kwargs compare as maps by key (same keys, same kinds, equal values).
//     Ops compare by identity (equivalently by name), function calls by
//     callee name. A SeqStmts of one statement equals the bare statement.
//   * Programs match functions by name, in any order (calls refer to them
//     by name; the printer lists callees first); matched functions must
//     agree in type, level, role, param directions and return types.
//
// Both walks are linear in the size of the IR and recurse at most
// structural::kMaxDepth (1000) levels; deeper IR compares unequal.
//
//   absl::Status s = CheckStructuralEqual(original, reparsed);
//   // s.message(): "function 'k' > body[3] (AssignStmt 'c') > value (tile.cast)
//   //               > kwarg 'mode': 'round' vs 'rint'"
//   bool same = StructuralEqual(f, g);
//   StructuralHash(original) == StructuralHash(reparsed);   // when equal
//
// StructuralHash (structural_hash.h, included here) is consistent with this
// equality: equal IR hashes equal.

#ifndef PTO_IR_ANALYSIS_STRUCTURAL_EQUAL_H_
#define PTO_IR_ANALYSIS_STRUCTURAL_EQUAL_H_

#include "absl/status/status.h"
#include "ir/analysis/structural_hash.h"
#include "ir/expr.h"
#include "ir/function.h"
#include "ir/stmt.h"
#include "ir/type.h"

namespace pto::ir {

struct StructuralEqualOptions {
  // Pair Vars that are used but never defined on first sight (true), or
  // require them to be the same object (false).
  bool map_free_vars = true;
};

// OK when equal. Otherwise InvalidArgument whose message is the path to the
// first difference, then both sides:
//   "function 'k' > body[0] (ForStmt 'i') > stop: ConstInt 8 vs ConstInt 16"
absl::Status CheckStructuralEqual(const Program& a, const Program& b,
                                  const StructuralEqualOptions& options = {});
absl::Status CheckStructuralEqual(const Function* a, const Function* b,
                                  const StructuralEqualOptions& options = {});
absl::Status CheckStructuralEqual(const Stmt* a, const Stmt* b,
                                  const StructuralEqualOptions& options = {});
absl::Status CheckStructuralEqual(const Expr* a, const Expr* b,
                                  const StructuralEqualOptions& options = {});
absl::Status CheckStructuralEqual(const Type* a, const Type* b,
                                  const StructuralEqualOptions& options = {});

// The same comparison without building an explanation.
bool StructuralEqual(const Program& a, const Program& b,
                     const StructuralEqualOptions& options = {});
bool StructuralEqual(const Function* a, const Function* b,
                     const StructuralEqualOptions& options = {});
bool StructuralEqual(const Stmt* a, const Stmt* b, const StructuralEqualOptions& options = {});
bool StructuralEqual(const Expr* a, const Expr* b, const StructuralEqualOptions& options = {});
bool StructuralEqual(const Type* a, const Type* b, const StructuralEqualOptions& options = {});

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_STRUCTURAL_EQUAL_H_
