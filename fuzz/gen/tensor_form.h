// A generated program in the form ConvertTensorToTileOps consumes: its
// kernels compute on tensors, as users write them before tiling.
//
//   t = pl.load(x, [0, 0], [16, 64])             t = pl.slice(x, [16, 64], [0, 0])
//   u = pl.tile.exp(t)                       =>  u = pl.exp(t)
//   o = pl.store(u, [0, 0], out)                 o = pl.assemble(out, u, [0, 0])
//
// In every InCore function, a Vec tile.load of a tensor becomes a
// tensor.slice of the same window, a tile op whose tile operands all became
// tensors becomes the tensor op that converts back to it (the conversion
// table's same-name rule, or add/sub/mul/maximum/minimum of equal shapes),
// and a tile.store of a converted value a tensor.assemble into the same
// tensor. A for loop's carried value whose init became a tensor is carried
// twice, as the tile it was and as a tensor twin, when what the body
// yields for it became a tensor too. Every op without such a tensor form
// stays a tile op (an operand it reads keeps its tile definition); tile ops
// left unused by the rewrite are dropped. The result verifies and
// computes what its input computes once converted back.
//
//   ir::Program t = ToTensorForm(ctx, outlined);   // then convert-tensor-to-tile-ops

#ifndef PTO_FUZZ_GEN_TENSOR_FORM_H_
#define PTO_FUZZ_GEN_TENSOR_FORM_H_

#include "ir/context.h"

namespace pto::fuzz {

ir::Program ToTensorForm(ir::Context& ctx, const ir::Program& program);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_TENSOR_FORM_H_
