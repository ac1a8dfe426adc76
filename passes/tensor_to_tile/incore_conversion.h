// Phase 1 of ConvertTensorToTileOps: one InCore function's tensor ops become
// tile ops.
//
//   def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
//       y = pl.add(x, x)
//       return y
// becomes
//   def k(self, x: pl.Tensor[[64], pl.FP32],
//         ret0_out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
//       x_tile = pl.load(x, [0], [64])               # entry load
//       y_tile = pl.tile.add(x_tile, x_tile)          # conversion.h
//       ret0_store = pl.store(y_tile, [0], ret0_out)  # exit store
//       return ret0_store
//
//   absl::StatusOr<IncoreConversion> r = ConvertIncoreFunction(ctx, f, backend);
//   r->function;       // the converted function
//   r->added_outputs;  // Out params appended (callers must pass them)
//
// * Entry loads: a tensor parameter a converted op reads directly (also
//   through a loop's carried value) is loaded whole into a Vec tile at
//   entry. Ops that load their own operands (tensor.slice, tensor.assemble,
//   tensor.read, tensor.write, tensor.fillpad) do not cause one.
// * Operand spaces: a matmul operand is loaded into Mat; a tensor.slice
//   whose value reaches a matmul (through views and reshapes) loads its
//   window into Mat directly; a transposed operand is a tile.transpose_view.
// * What stays a tensor: a value an op without a tile conversion reads as
//   a tensor (tile.load of a slice, tensor.dim, ...) keeps its tensor; a
//   parameter among them is loaded for the converted ops only.
// * Types follow through control flow: loop-carried values, loop results
//   and branch results of converted values become tiles. A carried value
//   that starts as a tensor the body makes a tile starts the conversion
//   again with its start loaded.
// * Exit stores: each returned tile is stored into a new Out parameter
//   `ret<k>_out`, and the store's result is returned.
// * Directions: an In tensor parameter the body writes becomes Out (never
//   read) or InOut (param_access.h).
//
// Errors are located and name the pass: an op whose conversion fails, a
// tensor op without a tile form whose operand is now a tile, a loop whose
// carried value cannot keep one kind, and a tensor stored both in bulk and
// element by element.

#ifndef PTO_PASSES_TENSOR_TO_TILE_INCORE_CONVERSION_H_
#define PTO_PASSES_TENSOR_TO_TILE_INCORE_CONVERSION_H_

#include <cstddef>

#include "absl/status/statusor.h"
#include "ir/context.h"

namespace pto::backends {
class Backend;
}  // namespace pto::backends

namespace pto::passes::tensor_to_tile {

struct IncoreConversion {
  const ir::Function* function = nullptr;
  // Out params appended at the end of the parameter list.
  size_t added_outputs = 0;
};

// `backend` (may be null) answers the conversion rules' target questions.
absl::StatusOr<IncoreConversion> ConvertIncoreFunction(ir::Context& ctx, const ir::Function* f,
                                                       const backends::Backend* backend);

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_INCORE_CONVERSION_H_
