// An exact binary number: the common currency of every conversion in the
// reference interpreter.
//
// Every value any IR dtype can hold - a float code of any format, an INT64,
// a UINT64 - is exactly (-1)^negative * mantissa * 2^exponent with a 64-bit
// mantissa, or an infinity, or a NaN. Converting through this form instead
// of through `double` keeps INT64 -> FP32 (and every other conversion) a
// single correctly-rounded step.
//
//   ExactNumber x = ExactNumber::FromInt(-12345678901234567);
//   ExactNumber y = ExactNumber::FromDouble(0.1);
//   y.ToDouble();   // 0.1 exactly (a double is exact)

#ifndef PTO_SIM_NUMERICS_EXACT_NUMBER_H_
#define PTO_SIM_NUMERICS_EXACT_NUMBER_H_

#include <cstdint>

namespace pto::sim {

struct ExactNumber {
  enum class Kind : uint8_t { kFinite, kInfinity, kNaN };

  Kind kind = Kind::kFinite;
  bool negative = false;
  // Finite: the value is mantissa * 2^exponent; a zero mantissa is +-0.
  uint64_t mantissa = 0;
  int32_t exponent = 0;
  // NaN: the source format's trailing significand field, left-aligned to bit
  // 63 (so the quiet bit, when the source has one, is bit 63). Conversions
  // keep the leading bits that fit the destination.
  uint64_t nan_payload = 0;

  static ExactNumber Zero(bool negative = false);
  static ExactNumber Infinity(bool negative);
  static ExactNumber NaN(bool negative, uint64_t payload);
  static ExactNumber FromDouble(double value);
  static ExactNumber FromInt(int64_t value);
  static ExactNumber FromUInt(uint64_t value);

  bool IsFinite() const { return kind == Kind::kFinite; }
  bool IsNaN() const { return kind == Kind::kNaN; }
  bool IsInfinity() const { return kind == Kind::kInfinity; }
  bool IsZero() const { return kind == Kind::kFinite && mantissa == 0; }
  // floor(log2(|value|)) of a finite non-zero value.
  int32_t Log2Floor() const;
  // The nearest double (round half to even); exact whenever the value fits.
  double ToDouble() const;
};

}  // namespace pto::sim

#endif  // PTO_SIM_NUMERICS_EXACT_NUMBER_H_
