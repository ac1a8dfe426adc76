// Folding a read of a param's dynamic dim onto its symbol, the normal form
// the text form gives an Orchestration body:
//
//   def main(self, a: pl.Tensor[[M, 128], pl.FP32]):     def main(self, a: ...):
//       m = pl.tensor.dim(a, 0)                    =>        with pl.spmd(M // 16):
//       with pl.spmd(m // 16):                                   ...
//
// A tensor param's declared extent is its runtime extent, so the read mints
// a second name for one quantity. The parser folds such reads only in an
// Orchestration body; a pass that makes a function Orchestration folds them
// too, so the function prints as what parses back to it. A read a fold
// exposes (a local typed by the folded name) folds in the same walk.
//
//   const ir::Function* g = FoldParamDimReads(ctx, f);   // f itself if none

#ifndef PTO_PASSES_OUTLINE_PARAM_DIM_FOLD_H_
#define PTO_PASSES_OUTLINE_PARAM_DIM_FOLD_H_

#include "ir/context.h"
#include "ir/function.h"

namespace pto::passes {

const ir::Function* FoldParamDimReads(ir::Context& ctx, const ir::Function* f);

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_PARAM_DIM_FOLD_H_
