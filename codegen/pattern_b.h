// Rejecting pattern-B IR before PTO codegen emits anything.
//
// Outside strict_ssa, the DSL leaves names bound after a for/while body or an
// if branch that carries no values, and assigning a bound name assigns its
// Var again (docs/dsl.md, "Names after a loop or an if"). PTO codegen binds
// a Var to a buffer or SSA value where it is assigned, which is right for
// straight-line reassignment but not for a Var assigned again from another
// loop body or branch, or read after the leaking body that assigns it. Until
// codegen converts such IR to SSA form itself, it stops here, at the first
// such Var, with a located Unimplemented error:
//
//   PTO_RETURN_IF_ERROR(codegen::RejectPatternB(program));
//   // k.py:9:13: error: codegen: 'acc' is assigned again in another loop body or branch
//   //     (first at k.py:7:9);
//   //     PTO codegen needs each variable assigned once and used inside (...)
//
// Linear in the program.

#ifndef PTO_CODEGEN_PATTERN_B_H_
#define PTO_CODEGEN_PATTERN_B_H_

#include "absl/status/status.h"
#include "ir/function.h"

namespace pto::codegen {

absl::Status RejectPatternB(const ir::Program& program);

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_PATTERN_B_H_
