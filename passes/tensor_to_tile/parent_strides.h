// OptimizeOrchTensors, patterns 2 and 4: a kernel param that stands for a
// window of a larger tensor in its caller gets that tensor's strides, so
// that its loads and stores address the window inside the parent.
//
//   Out params (pattern 2): every call's result for the param is the source
//   of a tensor.assemble into a parent (where a later pass makes the Out
//   buffer a view of it):
//       r = self.k(a, out)                 k(..., out: pl.Out[pl.Tensor[[32, 32], pl.FP32,
//       c2 = pl.assemble(c, r, [mb, nb])       pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]])
//   In params (pattern 4): every call passes a tensor.slice of a parent.
//
// The strides are the parent's row-major strides (constant shape), the
// trailing ones when the param has fewer dims. Every call must agree, since
// the param's type serves them all; a param that already has strides keeps
// them. Stores into a retyped Out param take its type.
//
//   ir::Program out = AttachParentStrides(ctx, program);   // same object if no change

#ifndef PTO_PASSES_TENSOR_TO_TILE_PARENT_STRIDES_H_
#define PTO_PASSES_TENSOR_TO_TILE_PARENT_STRIDES_H_

#include "ir/context.h"
#include "ir/function.h"

namespace pto::passes::tensor_to_tile {

ir::Program AttachParentStrides(ir::Context& ctx, const ir::Program& program);

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_PARENT_STRIDES_H_
