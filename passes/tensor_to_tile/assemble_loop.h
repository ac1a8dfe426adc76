// The returned assemble loop: a kernel that fills a local buffer slice by
// slice and returns it stores each slice straight into its output instead.
//
//   buf_tile = pl.tile.create([1, 64], ...)          (dropped when unused)
//   for i, (acc,) in pl.range(2, init_values=(buf_tile,)):
//       nxt = pl.tile.assemble(acc, chunk, [0, off])  =>  nxt = pl.store(chunk, [0, off], acc)
//       result = pl.yield_(nxt)                           (acc now starts at ret0_out)
//   return result
//
// Applies when the returned value is the only result of a top-level loop
// whose body uses its carried value only as the target of one tile.assemble
// whose result it yields, and which starts from a tile.create (a buffer with
// contents of its own would lose the parts no slice covers). Saves the
// on-chip buffer and the final copy. ConvertTensorToTileOps applies it to
// the loops it converts, OptimizeOrchTensors to tile-level kernels.
//
//   std::optional<const ir::Var*> r = RewriteReturnedAssembleLoop(ctx, stmts, ret, out);
//   // stmts rewritten in place; *r is what the function returns.

#ifndef PTO_PASSES_TENSOR_TO_TILE_ASSEMBLE_LOOP_H_
#define PTO_PASSES_TENSOR_TO_TILE_ASSEMBLE_LOOP_H_

#include <optional>
#include <vector>

#include "ir/context.h"

namespace pto::passes::tensor_to_tile {

// `stmts`: the function body's top-level statements (no return); `value`:
// the converted returned value; `out`: the Out param it would be stored to.
std::optional<const ir::Var*> RewriteReturnedAssembleLoop(ir::Context& ctx,
                                                          std::vector<const ir::Stmt*>& stmts,
                                                          const ir::Expr* value,
                                                          const ir::Var* out);

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_ASSEMBLE_LOOP_H_
