// The one rounding primitive of the reference interpreter: an exact binary
// magnitude rounded to an integer multiple of a power of two under each
// ir::RoundMode.
//
// Both float encoding (the multiple is the destination's quantum) and
// float -> integer conversion (the multiple is 1) reduce to it.
//
//   // 13 * 2^-2 = 3.25 rounded to an integer, half away from zero:
//   RoundedCount r = RoundScaled(13, -2, /*negative=*/false, ir::RoundMode::kRound);
//   // r.count == 3, r.inexact == true

#ifndef PTO_SIM_NUMERICS_ROUNDING_H_
#define PTO_SIM_NUMERICS_ROUNDING_H_

#include <cstdint>

#include "ir/enums.h"

namespace pto::sim {

struct RoundedCount {
  uint64_t count = 0;
  bool inexact = false;
  // The rounded count does not fit in 64 bits (it is >= 2^64).
  bool overflow = false;
};

// round(mantissa * 2^shift) under `mode`; `negative` is the sign of the value
// whose magnitude this is (floor and ceil depend on it). kNone rounds as
// kRint; kOdd truncates and sets the count's lowest bit when inexact.
// Inline: it is the innermost step of every conversion.
inline RoundedCount RoundScaled(uint64_t mantissa, int64_t shift, bool negative, ir::RoundMode mode) {
  RoundedCount r;
  if (mantissa == 0) return r;
  if (shift >= 0) {
    if (shift >= 64 || (shift > 0 && (mantissa >> (64 - shift)) != 0)) {
      r.overflow = true;
      return r;
    }
    r.count = mantissa << shift;
    return r;
  }
  // Split into the integer part, the half bit and the sticky rest.
  uint64_t s = static_cast<uint64_t>(-shift);
  uint64_t integer;
  bool half;
  bool sticky;
  if (s > 64) {
    integer = 0;
    half = false;
    sticky = true;
  } else if (s == 64) {
    integer = 0;
    half = (mantissa >> 63) != 0;
    sticky = (mantissa & ~(uint64_t{1} << 63)) != 0;
  } else {
    integer = mantissa >> s;
    half = ((mantissa >> (s - 1)) & 1) != 0;
    sticky = (mantissa & ((uint64_t{1} << (s - 1)) - 1)) != 0;
  }
  r.inexact = half || sticky;
  bool up = false;
  switch (mode) {
    case ir::RoundMode::kNone:
    case ir::RoundMode::kRint:
      up = half && (sticky || (integer & 1) != 0);
      break;
    case ir::RoundMode::kRound:
      up = half;
      break;
    case ir::RoundMode::kFloor:
      up = r.inexact && negative;
      break;
    case ir::RoundMode::kCeil:
      up = r.inexact && !negative;
      break;
    case ir::RoundMode::kTrunc:
      break;
    case ir::RoundMode::kOdd:
      if (r.inexact) integer |= 1;
      break;
  }
  if (up) {
    if (integer == UINT64_MAX) {
      r.overflow = true;
      return r;
    }
    ++integer;
  }
  r.count = integer;
  return r;
}


}  // namespace pto::sim

#endif  // PTO_SIM_NUMERICS_ROUNDING_H_
