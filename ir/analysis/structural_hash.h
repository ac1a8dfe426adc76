// Structural hash of IR, consistent with structural equality.
//
// Equal IR (see structural_equal.h) hashes equal: names, locations and
// comments are skipped, and each Var hashes as the order in which the walk
// first meets it (its definition, or its first use for a free Var such as a
// dynamic dim), never as its identity. INT64/INDEX integer constants, loop
// variables and `Seq{s}` versus `s` are folded the same way equality folds
// them, and kwargs hash as an unordered map.
//
//   absl::flat_hash_map<size_t, Program> seen;
//   size_t h = StructuralHash(program);
//   // Equal programs collide on purpose; confirm with StructuralEqual.
//
// Linear in the size of the IR; recursion stops at structural::kMaxDepth.

#ifndef PTO_IR_ANALYSIS_STRUCTURAL_HASH_H_
#define PTO_IR_ANALYSIS_STRUCTURAL_HASH_H_

#include <cstddef>

#include "ir/expr.h"
#include "ir/function.h"
#include "ir/stmt.h"
#include "ir/type.h"

namespace pto::ir {

size_t StructuralHash(const Program& program);
size_t StructuralHash(const Function* function);
size_t StructuralHash(const Stmt* stmt);
size_t StructuralHash(const Expr* expr);
size_t StructuralHash(const Type* type);

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_STRUCTURAL_HASH_H_
