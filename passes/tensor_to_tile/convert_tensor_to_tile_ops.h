// ConvertTensorToTileOps (upstream's pass 10): the tensor ops of every
// InCore function become tile ops, and the program's calls follow the new
// signatures.
//
// 1. Each InCore function is converted (incore_conversion.h): entry loads,
//    tensor ops to tile ops (conversion.h), exit stores into new Out
//    params, written In params upgraded to Out / InOut.
// 2. A Spmd or Group wrapper forwarding to a converted InCore function that
//    gained Out params gains them too, and forwards them on its inner call.
// 3. Every other function (Orchestration, Opaque) allocates each new Out
//    argument before the call:
//        ret0_out = pl.tensor.create([64], dtype=pl.FP32)
//        y = self.k(x, ret0_out)
//    A submit keeps its deps and task id.
// 4. A caller's param passed where its callee now writes becomes Out
//    (InOut when the callee both reads and writes it), along call chains.
//
// Errors are located and name the pass (incore_conversion.h).
//
// Properties: requires SSAForm and SplitIncoreOrch; produces SSAForm and
// IncoreTileOps.
//
//   pto-opt prog.py --passes=outline-incore-scopes,convert-tensor-to-tile-ops --backend=none

#ifndef PTO_PASSES_TENSOR_TO_TILE_CONVERT_TENSOR_TO_TILE_OPS_H_
#define PTO_PASSES_TENSOR_TO_TILE_CONVERT_TENSOR_TO_TILE_OPS_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateConvertTensorToTileOpsPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_TENSOR_TO_TILE_CONVERT_TENSOR_TO_TILE_OPS_H_
