// Dead-code removal for Simplify: what folding leaves unread.
//
// Removes a scalar assignment whose Var nothing reads (a type's dims count
// as reads) when its value holds no call, the results of an if that nothing
// reads (with what its branches yield for them), and an if that is left
// with empty branches and a condition without calls. One backward sweep: a
// removal lowers the read counts of what the removed code read, so chains
// (`a = 5; b = a + 1`, b unread) go in one pass.
//
//   const ir::Function* g = RemoveDeadScalars(ctx, f);   // f itself if nothing is dead

#ifndef PTO_PASSES_NORMALIZE_DEAD_SCALARS_H_
#define PTO_PASSES_NORMALIZE_DEAD_SCALARS_H_

#include "ir/context.h"
#include "ir/function.h"

namespace pto::passes {

const ir::Function* RemoveDeadScalars(ir::Context& ctx, const ir::Function* f);

}  // namespace pto::passes

#endif  // PTO_PASSES_NORMALIZE_DEAD_SCALARS_H_
