// Shortest chain of native pto.tcvt conversions between two dtypes.
//
// Breadth-first search over a backend's native conversion table. Among
// chains of the minimum length it picks the one with the lowest summed edge
// preference - "same byte-width -> float, then adjust width":
//   an int -> same-width float edge costs 0,
//   a float -> float edge costs 1,
//   any other edge costs 2.
// Remaining ties go to the chain discovered first. Discovery order is fixed
// and independent of the table's order: each dtype's neighbours are sorted
// by dtype code (duplicates and self edges dropped), and then the node's
// same-width float (FP16 for a 16-bit int, FP32 for a 32-bit int), if it is
// a neighbour, is swapped with the first entry. (This is PyPTO's newest
// rule; its older edge-order-dependent rule differs on five pairs, pinned in
// tcvt_path_test.cc.)
//
// No intermediate may narrow relative to the destination (NarrowsRelativeTo),
// so every value the destination can hold reaches the last hop exactly.
//
//   std::vector<DataType> hops = FindTcvtPath(backend.GetTcvtAdjacency(),
//                                             DataType::kInt32, DataType::kFP16);
//   // on a5: {FP32, FP16}; empty when unreachable.

#ifndef PTO_PASSES_LEGALIZE_TILE_CAST_TCVT_PATH_H_
#define PTO_PASSES_LEGALIZE_TILE_CAST_TCVT_PATH_H_

#include <vector>

#include "absl/types/span.h"
#include "backends/backend.h"
#include "ir/dtype.h"

namespace pto::passes {

// The hops after `from`, ending with `to`; empty if `from == to` or no chain
// exists.
std::vector<ir::DataType> FindTcvtPath(absl::Span<const backends::TcvtEdge> edges,
                                       ir::DataType from, ir::DataType to);

// True if `mid` provably cannot carry every value of `dst`: an int feeding a
// float destination; a float with fewer significand or exponent bits (known
// formats FP32 24/8, FP16 11/5, BF16 8/8); a known float with fewer
// significand bits than an int destination's value bits; an unsigned int
// feeding a signed one; an int with fewer value bits.
bool NarrowsRelativeTo(ir::DataType mid, ir::DataType dst);

}  // namespace pto::passes

#endif  // PTO_PASSES_LEGALIZE_TILE_CAST_TCVT_PATH_H_
