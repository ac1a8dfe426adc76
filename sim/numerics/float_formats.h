// Exact encode/decode of every float dtype of the IR, with every rounding
// mode of tile.cast.
//
// Formats (all little-endian codes in the low bits of a uint32_t):
//   FP32, FP16, BF16   IEEE 754 binary32 / binary16 / bfloat16
//   FP8E5M2            IEEE-style: bias 15, Inf S.11111.00, NaN S.11111.{01,10,11}
//   FP8E4M3FN          OCP "FN": bias 7, no Inf, NaN only S.1111.111, max 448
//   FP4 (E2M1)         OCP MX: bias 1, values 0 .5 1 1.5 2 3 4 6, no Inf, no NaN
//   FP8E8M0            OCP MX scale: 2^(code - 127), code 0xFF is NaN, no sign,
//                      no zero
//   HF8 (HiFloat8)     Huawei's tapered format, defined in "Ascend HiFloat8
//                      Format for Deep Learning", Luo et al., arXiv:2409.16626:
//                      sign | dot (prefix code) | exponent | mantissa. Dot
//                      11 -> 4 exponent bits + 1 mantissa bit (|E| 8..15),
//                      10 -> 3 + 2 (|E| 4..7), 01 -> 2 + 3 (|E| 2..3),
//                      001 -> 1 + 3 (E = +-1), 0001 -> E = 0 with 3 mantissa
//                      bits, 0000 -> denormal 2^(M - 23) for M = 1..7. The
//                      exponent is sign-magnitude with an implicit leading 1
//                      in the magnitude. 0x00 is the only zero, 0x80 the only
//                      NaN, 0x6F/0xEF are +-Inf, so the largest finite value
//                      is 2^15 and the smallest 2^-22.
//
// Rounding (`ir::RoundMode`): rint = half to even, round = half away from
// zero, floor, ceil, trunc, odd = truncate and force the last significand
// bit to 1 when inexact; `none` means rint (IEEE's default rounding).
//
// Overflow. With `saturate`, a value beyond the largest finite magnitude -
// infinities included - becomes +-max. Without, the format's own rule (the
// IEEE rule where the format has infinities): a rounding that IEEE sends to
// infinity (rint/none/round; ceil for +; floor for -) gives +-Inf, and the
// directed roundings toward zero (trunc, odd; floor for +, ceil for -) give
// +-max. FP8E4M3FN and FP8E8M0 have no infinity and give NaN instead; FP4
// has neither and always clamps to +-6.
//
// Specials. NaN keeps its sign and the leading bits of its payload (a
// signalling NaN is not quietened, so every code survives a round trip
// through a wider format); a payload that would truncate to zero becomes the
// quiet NaN. A NaN converted to FP4 gives +0. FP8E8M0 holds positive values
// only: zero, negatives and NaN give NaN (0xFF) without saturation and
// 2^-127 (code 0x00, the range's lower end) with it; magnitudes below 2^-127
// round to 2^-127 at least. HF8 has one zero, so -0 encodes as 0x00.
//
//   uint32_t h = EncodeFloat(DataType::kFP16, ExactNumber::FromDouble(65519.0),
//                            ir::RoundMode::kRint, /*saturate=*/false);   // 0x7BFF
//   double v = DecodeFloat(DataType::kHF8, 0x6E).ToDouble();             // 32768

#ifndef PTO_SIM_NUMERICS_FLOAT_FORMATS_H_
#define PTO_SIM_NUMERICS_FLOAT_FORMATS_H_

#include <cstdint>

#include "ir/dtype.h"
#include "ir/enums.h"
#include "sim/numerics/exact_number.h"

namespace pto::sim {

// Whether `dtype` is one of the float formats above.
bool IsFloatFormat(ir::DataType dtype);

// The exact value of `code`; NaN payloads are left-aligned (ExactNumber).
ExactNumber DecodeFloat(ir::DataType dtype, uint32_t code);

// `x` rounded to `dtype` under `mode` with the overflow rule above.
uint32_t EncodeFloat(ir::DataType dtype, const ExactNumber& x, ir::RoundMode mode,
                     bool saturate);

// The value of `code` as a float; exact for every format other than FP32's
// wider peers (there are none), using lookup tables for formats of <= 16
// bits. NaN payloads survive as far as float's 23 bits allow.
float DecodeToFloat(ir::DataType dtype, uint32_t code);
// `value` rounded half-to-even to `dtype` without saturation: the rounding
// of an arithmetic result computed in float.
uint32_t EncodeFromFloat(ir::DataType dtype, float value);

// The largest finite value and its code (positive).
double MaxFinite(ir::DataType dtype);
uint32_t MaxFiniteCode(ir::DataType dtype);

// Position of a finite code among the format's finite values in increasing
// order, with both zeros at 0: the ULP distance of two codes is the
// difference of their ordinals. Only for finite codes.
int64_t FloatOrdinal(ir::DataType dtype, uint32_t code);

}  // namespace pto::sim

#endif  // PTO_SIM_NUMERICS_FLOAT_FORMATS_H_
