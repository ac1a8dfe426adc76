// InferTileMemorySpace (upstream PyPTO's pass 17): after it, every tile of
// every InCore function (InCore, AIC, AIV) names the on-chip memory it lives
// in - the TileMemoryInferred property codegen and the memory planner rely
// on.
//
// Our deducers place most tiles when the op is built (tile.load and
// tile.create take `target_memory`, default Vec; elementwise ops produce Vec;
// matmul produces Acc; views and reshapes inherit their input's space).
// What they leave open, as upstream's do, is a tile produced by an op that is
// not a `tile.*` op (pld.tile.remote_load), and what flows from one. The pass
// settles those by upstream's rules:
//   * a producer that is not a `tile.*` op: Vec;
//   * an op that inherits its input's space (tile.slice, tile.reshape,
//     tile.fillpad, ...): the input's, once that is settled;
//   * an alias `y = x`: x's;
//   * a loop's carried value and result: the space of its initial value;
//     an if's result: the space its branch yields;
//   * anything else still open: Vec.
//
//   recv: pl.Tile[[1, 64], pl.FP32] = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
// becomes
//   recv: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(w, peer, [0, 0], [1, 64])
//
// A settled tile is a new Var (its type changed); calls that read it are
// deduced again, so spaces that flow through views follow. Tiles that
// already have a space, Orchestration and host functions, and parameters
// are untouched; a program with nothing to do comes back as the same object.
//
// An operand in a space its op does not read (Op::input_memory: matmul reads
// Left/Right, the vector unit Vec, a store Vec or Acc) is copied into the
// first space the op reads by a tile.move before the statement, one copy per
// operand and space in a block:
//   w = pl.tile.add(z, z)            # z in Acc
// becomes
//   z_Vec = pl.tile.move(z, target_memory=pl.Mem.Vec, blayout=..., slayout=...)
//   w = pl.tile.add(z_Vec, z_Vec)
//
// Not built yet (issue #32): upstream's backward demand on loads built
// without target_memory, and its loop-invariant Mat residency.
//
// Properties: requires SSAForm; produces SSAForm and TileMemoryInferred.

#ifndef PTO_PASSES_MEMORY_INFER_TILE_MEMORY_SPACE_H_
#define PTO_PASSES_MEMORY_INFER_TILE_MEMORY_SPACE_H_

#include <memory>

#include "absl/status/status.h"
#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateInferTileMemorySpacePass();

// OK when every tile Var an InCore function of `program` defines has a
// memory space; otherwise a located error naming the first one that does not.
absl::Status CheckTileMemoryInferred(const ir::Program& program);

}  // namespace pto::passes

#endif  // PTO_PASSES_MEMORY_INFER_TILE_MEMORY_SPACE_H_
