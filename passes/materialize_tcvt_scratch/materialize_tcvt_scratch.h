// MaterializeTcvtScratch: gives every tile.cast whose pto.tcvt reads a
// scratch buffer on the target a compiler-owned one, as its `tmp` operand.
//
//   q = tile.cast(h : fp16 [16, 16], target_type=INT8, mode='trunc', saturation_mode='off')
// becomes, on a2a3,
//   q__tcvt_tmp_v0 = tile.create([1, 160], dtype=INT8, target_memory=Vec)
//   q = tile.cast(h, target_type=INT8, mode='trunc', saturation_mode='off', tmp=q__tcvt_tmp_v0)
//
// and codegen emits the two-operand `pto.tcvt ins(%h, %q__tcvt_tmp_v0 ...)`.
// Which conversions need scratch, and how much, is the backend's answer
// (Backend::PlanTcvtScratch): on A2/A3 the non-saturating narrowing forms,
// which PTOAS emulates with a chunked vector sequence; on A5 none. Runs after
// legalize-tile-cast, so it sees the final hops, the only ones that carry a
// saturation request. A cast that already has a tmp keeps it; a cast with no
// scratch need is untouched; without a backend, and on HOST functions, the
// pass changes nothing. A needed scratch whose size depends on a dynamic
// extent is an error naming the cast and its location.
//
// Properties: requires, produces and invalidates nothing. Idempotent.

#ifndef PTO_PASSES_MATERIALIZE_TCVT_SCRATCH_MATERIALIZE_TCVT_SCRATCH_H_
#define PTO_PASSES_MATERIALIZE_TCVT_SCRATCH_MATERIALIZE_TCVT_SCRATCH_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateMaterializeTcvtScratchPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_MATERIALIZE_TCVT_SCRATCH_MATERIALIZE_TCVT_SCRATCH_H_
