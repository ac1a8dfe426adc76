// The one place an annotation may change a tile's shape: upstream's
// FlattenTileNdTo2D pass prints an N-D (N > 2) tile.load / tile.create with
// its flattened 2-D shape as the assignment's annotation, while the call
// still takes the N-D tensor region. That annotation is the only place the
// flattened shape is written, so upstream's parser takes the result shape
// from it (ast_parser's annotation normalisation) instead of rejecting the
// shape mismatch. The parser retypes such a call and the verifier accepts it,
// both by asking here.
//
//   // x_tile: pl.Tile[[6, 4], pl.FP32] = pl.tile.load(x, [0, 0, 0], [2, 3, 4])
//   if (FlattenedTileRetype(call->op()->name(), deduced, annotated)) ...

#ifndef PTO_IR_FLATTENED_TILE_H_
#define PTO_IR_FLATTENED_TILE_H_

#include "absl/strings/string_view.h"
#include "ir/type.h"

namespace pto::ir {

// Whether a call of `op` deduced as `deduced` may carry the annotated
// `annotated` instead under the flattening rule: `op` is tile.load or
// tile.create, both types are tiles of one dtype, `deduced` has rank > 2 and
// `annotated` rank <= 2 (upstream's condition). We also require equal
// element counts where both shapes are static: a flattening keeps every
// element, and FlattenTileNdTo2D never prints anything else (upstream does
// not compare them; no upstream program differs).
bool FlattenedTileRetype(absl::string_view op, const Type* deduced, const Type* annotated);

}  // namespace pto::ir

#endif  // PTO_IR_FLATTENED_TILE_H_
