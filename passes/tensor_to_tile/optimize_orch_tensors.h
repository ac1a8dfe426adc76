// OptimizeOrchTensors (upstream's pass 11): after ConvertTensorToTileOps,
// fewer and better-described buffers between orchestration and kernels.
// Four rewrites (upstream's numbers), each seeing the previous ones' result;
// 4 runs with 2, before 3, which touches neither In params nor callers:
//
// 1. A kernel whose result becomes the next value of a buffer its caller
//    carries writes into that buffer (iter_arg_reuse.h): the Out param and
//    its allocation go, the In param becomes InOut.
// 2. An Out param whose result every caller assembles into a larger tensor
//    gets that tensor's strides (parent_strides.h).
// 3. A kernel that fills an on-chip buffer slice by slice in a loop and
//    stores it stores each slice straight into its Out param instead
//    (assemble_loop.h): the buffer and the final copy go.
// 4. An In param every caller passes a tensor.slice of gets the sliced
//    tensor's strides (parent_strides.h).
//
// Each rewrite applies only when every call of the kernel allows it, since
// it changes the kernel for all of them. Upstream's fifth rewrite, window
// externalization (opt-in per kernel with `windowize=True`), is not built:
// such kernels keep full-tensor arguments, upstream's baseline.
//
// Properties: requires SplitIncoreOrch and IncoreTileOps; keeps both.
//
//   pto-opt prog.py --passes=outline-incore-scopes,convert-tensor-to-tile-ops,optimize-orch-tensors --backend=none

#ifndef PTO_PASSES_TENSOR_TO_TILE_OPTIMIZE_ORCH_TENSORS_H_
#define PTO_PASSES_TENSOR_TO_TILE_OPTIMIZE_ORCH_TENSORS_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateOptimizeOrchTensorsPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_TENSOR_TO_TILE_OPTIMIZE_ORCH_TENSORS_H_
