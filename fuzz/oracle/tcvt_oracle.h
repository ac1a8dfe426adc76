// A reference for LegalizeTileCast's chain lengths, written apart from the
// pass (passes/legalize_tile_cast/tcvt_path.h) so the cast-pair fuzzer can
// check one against the other.
//
// The pass rejects intermediates that "narrow relative to the destination".
// Here that rule is derived from first principles instead: an intermediate
// is acceptable when it can hold every value of the destination exactly,
// judged from a numeric model of each dtype (integer ranges; for floats the
// significant bits available at each binary exponent, subnormals and
// HiFloat8's tapered precision included). The chain length is then a plain
// breadth-first search - shortest length only, no tie-breaking.
//
//   std::optional<int> n = ShortestTcvtChain(backend.GetTcvtAdjacency(),
//                                            DataType::kInt32, DataType::kFP16);
//   // a5: 2 (INT32 -> FP32 -> FP16); nullopt when no chain exists.

#ifndef PTO_FUZZ_ORACLE_TCVT_ORACLE_H_
#define PTO_FUZZ_ORACLE_TCVT_ORACLE_H_

#include <optional>

#include "absl/types/span.h"
#include "backends/backend.h"
#include "ir/dtype.h"

namespace pto::fuzz {

// Whether every value `dst` can represent is exactly representable in
// `holder` (true when they are equal).
bool CanHoldEveryValueOf(ir::DataType holder, ir::DataType dst);

// Number of native conversions on the shortest chain from `src` to `dst`
// whose intermediates all satisfy CanHoldEveryValueOf(mid, dst); 0 when
// src == dst; nullopt when no chain exists.
std::optional<int> ShortestTcvtChain(absl::Span<const backends::TcvtEdge> edges,
                                     ir::DataType src, ir::DataType dst);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_ORACLE_TCVT_ORACLE_H_
