// The destination-saturation rule of tile.cast / tensor.cast: the one place
// that knows which saturation mode a cast gets when it does not say.
//
// An integer destination (INDEX included) saturates by default ("on"): an
// overflowing float-to-int conversion has no standard result, and clamping is
// the safer accident. A float or bool destination has no IR default: it keeps
// the target's own behaviour (IEEE overflow to infinity), which codegen spells
// as OFF. The IR records only a deviation from the default, so a cast asking
// for its default and a cast saying nothing are the same IR and print alike.
//
//   DefaultSaturationModeFor(DataType::kInt8);          // kOn
//   DefaultSaturationModeFor(DataType::kFP16);          // nullopt
//   SaturationModeToRecord(SaturationMode::kOn, DataType::kInt8);   // nullopt
//   SaturationModeToRecord(SaturationMode::kOn, DataType::kFP16);   // kOn
//   EmittedSaturationMode(std::nullopt, DataType::kFP16);          // kOff
//
// tile.cast and tensor.cast register CanonicalizeCastKwargs as their kwarg
// canonicaliser, so every construction path (parser, passes, tests) records
// only deviations.

#ifndef PTO_IR_OPS_CAST_SATURATION_H_
#define PTO_IR_OPS_CAST_SATURATION_H_

#include <cstddef>
#include <optional>

#include "absl/types/span.h"
#include "ir/dtype.h"
#include "ir/enums.h"
#include "ir/expr.h"
#include "ir/op.h"

namespace pto::ir {

// kOn for integer destinations (INDEX included); nullopt ("the target's
// behaviour") for float and bool destinations.
std::optional<SaturationMode> DefaultSaturationModeFor(DataType dst);

// What codegen stamps on the conversion: the explicit mode if any, else ON
// for an integer destination, else OFF.
SaturationMode EmittedSaturationMode(std::optional<SaturationMode> explicit_mode, DataType dst);

// The kwarg value a cast to `dst` records when its author requested
// `requested`: nullopt when nothing was requested or the request equals the
// destination's default; the request otherwise (any explicit mode on a float
// destination is a deviation).
std::optional<SaturationMode> SaturationModeToRecord(std::optional<SaturationMode> requested,
                                                     DataType dst);

// The mode a tile.cast / tensor.cast call requests: its recorded kwarg, else
// the destination's default. nullopt for a float destination without a kwarg
// and for calls of other ops.
std::optional<SaturationMode> SaturationModeOf(const Call& cast);

// The cast ops' kwarg canonicaliser (Op::canonicalizer): drops a
// `saturation_mode` equal to the `target_type`'s default.
void CanonicalizeCastKwargs(const Op& op, ExprSpan args, KwargList& kwargs);

}  // namespace pto::ir

#endif  // PTO_IR_OPS_CAST_SATURATION_H_
