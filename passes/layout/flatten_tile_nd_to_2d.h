// FlattenTileNdTo2D (upstream PyPTO's pass 13): PTO tiles are 2-D, so every
// tile of rank > 2 in an InCore function (InCore, AIC, AIV) becomes the 2-D
// tile that merges all its dims but the last: [2, 3, 4] is [6, 4].
//
//   t: pl.Tile[[2, 3, 4], pl.FP32] = pl.tile.load(x, [0, 0, 0], [2, 3, 4])
//   u: pl.Tile[[2, 3, 4], pl.FP32] = pl.tile.exp(t)
//   out = pl.tile.store(u, [0, 0, 0], out)
// becomes
//   t: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0, 0], [2, 3, 4], [2, 3, 4], ...)
//   u: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)
//   out = pl.tile.store(u, [0, 0, 0], out, [2, 3, 4])
//
// Per op:
//   * tile.load keeps its N-D tensor window and yields the 2-D tile
//     (ir/flattened_tile.h); a dynamic valid shape merges like the shape;
//   * tile.create / tile.full are made at the 2-D shape;
//   * tile.store into a tensor of rank > 2 takes the N-D window as its
//     `shapes` operand; a tile still of rank > 2 there (a reshape the user
//     wrote) is reshaped to 2-D first;
//   * tile.assemble folds its N-D offset into (row, col) by the row-major
//     collapse, where the written rows are contiguous;
//   * tile.reshape keeps the shape it was given;
//   * any other op whose tile operands and result agree on every dim but
//     the last acts row by row, so it is deduced again over the 2-D operands;
//   * loop-carried values, loop and if results follow what they carry.
//
// Refused with a located error naming the op: a rank > 2 tile whose leading
// dims are not static, tile.read / tile.write / tile.slice / tile.extract on
// one, an assemble whose rows are not contiguous, an op that works across
// rows (its operands differ in a leading dim), and - not built yet (issue
// #32) - tile.batch_matmul, tile.batch_matmul_acc, tile.transpose and
// tile.transpose_view of rank > 2, and rank > 2 tile parameters.
//
// Properties: requires SSAForm; produces SSAForm and TileOps2D.

#ifndef PTO_PASSES_LAYOUT_FLATTEN_TILE_ND_TO_2D_H_
#define PTO_PASSES_LAYOUT_FLATTEN_TILE_ND_TO_2D_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateFlattenTileNdTo2DPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_LAYOUT_FLATTEN_TILE_ND_TO_2D_H_
