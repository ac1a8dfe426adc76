// NormalizeStmtStructure (upstream's utility pass, doc 91): a loop body, an
// if branch, a scope body or a function body that is a sequence of one
// statement becomes that statement. Nested sequences cannot occur here
// (Context::NewSeq splices them), so after this pass every statement list
// has the one shape later passes expect.
//
// Properties: produces NormalizedStmtStructure. Idempotent; a normalized
// program comes back as the same object.

#ifndef PTO_PASSES_NORMALIZE_NORMALIZE_STMT_STRUCTURE_H_
#define PTO_PASSES_NORMALIZE_NORMALIZE_STMT_STRUCTURE_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateNormalizeStmtStructurePass();

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_NORMALIZE_STMT_STRUCTURE_H_
