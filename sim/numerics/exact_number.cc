#include "sim/numerics/exact_number.h"

#include <cmath>
#include <cstring>

namespace pto::sim {

ExactNumber ExactNumber::Zero(bool negative) {
  ExactNumber x;
  x.negative = negative;
  return x;
}

ExactNumber ExactNumber::Infinity(bool negative) {
  ExactNumber x;
  x.kind = Kind::kInfinity;
  x.negative = negative;
  return x;
}

ExactNumber ExactNumber::NaN(bool negative, uint64_t payload) {
  ExactNumber x;
  x.kind = Kind::kNaN;
  x.negative = negative;
  x.nan_payload = payload;
  return x;
}

ExactNumber ExactNumber::FromDouble(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  bool negative = (bits >> 63) != 0;
  uint64_t field = bits & ((uint64_t{1} << 52) - 1);
  int biased = static_cast<int>((bits >> 52) & 0x7FF);
  if (biased == 0x7FF) {
    return field == 0 ? Infinity(negative) : NaN(negative, field << 12);
  }
  ExactNumber x;
  x.negative = negative;
  if (biased == 0) {
    x.mantissa = field;
    x.exponent = -1074;
  } else {
    x.mantissa = field | (uint64_t{1} << 52);
    x.exponent = biased - 1075;
  }
  return x;
}

ExactNumber ExactNumber::FromInt(int64_t value) {
  ExactNumber x;
  x.negative = value < 0;
  // Two's complement negation in unsigned arithmetic handles INT64_MIN.
  x.mantissa = value < 0 ? ~static_cast<uint64_t>(value) + 1 : static_cast<uint64_t>(value);
  return x;
}

ExactNumber ExactNumber::FromUInt(uint64_t value) {
  ExactNumber x;
  x.mantissa = value;
  return x;
}

int32_t ExactNumber::Log2Floor() const {
  return exponent + 63 - __builtin_clzll(mantissa);
}

double ExactNumber::ToDouble() const {
  switch (kind) {
    case Kind::kInfinity:
      return negative ? -HUGE_VAL : HUGE_VAL;
    case Kind::kNaN: {
      uint64_t field = nan_payload >> 12;
      if (field == 0) field = uint64_t{1} << 51;
      uint64_t bits = (negative ? uint64_t{1} << 63 : 0) | (uint64_t{0x7FF} << 52) | field;
      double d;
      std::memcpy(&d, &bits, sizeof(d));
      return d;
    }
    case Kind::kFinite:
      break;
  }
  // ldexp of a value converted with round-half-even: exact when the
  // mantissa fits in 53 bits, else one rounding (callers only use it for
  // display and for values known to fit).
  double magnitude = std::ldexp(static_cast<double>(mantissa), exponent);
  return negative ? -magnitude : magnitude;
}

}  // namespace pto::sim
