// LegalizeTileCast: rewrites every tile.cast the target cannot perform as one
// pto.tcvt into the shortest chain of native casts.
//
//   %c = tile.cast(%t : int32, target_type=FP16, mode='round')      on a5
// becomes
//   %c__cast_fp32_tmp_v0 = tile.cast(%t, target_type=FP32, mode='round')
//   %c = tile.cast(%c__cast_fp32_tmp_v0, target_type=FP16, mode='round')
//
// The chain comes from FindTcvtPath over the backend's native table; the
// pass holds no per-target knowledge. Every hop keeps the original rounding
// mode; only the final hop - the one that reaches the destination dtype -
// carries the cast's saturation_mode and its explicit `tmp` scratch operand,
// and it binds the original Var. Native casts (including FIXPIPE-foldable
// FP32->BF16/FP16 with mode=rint) are untouched; with no backend configured
// the pass changes nothing; HOST-level functions are skipped. A pair with no
// chain is an error naming src, dst, arch and the cast's location.
//
// Properties: requires, produces and invalidates nothing. Idempotent.

#ifndef PTO_PASSES_LEGALIZE_TILE_CAST_LEGALIZE_TILE_CAST_H_
#define PTO_PASSES_LEGALIZE_TILE_CAST_LEGALIZE_TILE_CAST_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateLegalizeTileCastPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_LEGALIZE_TILE_CAST_LEGALIZE_TILE_CAST_H_
