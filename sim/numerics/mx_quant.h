// MXFP8 block quantization (OCP Microscaling Formats (MX) v1.0, section 6.3)
// as the reference interpreter implements it.
//
// A block of 32 values V_i shares one FP8E8M0 scale X = 2^s and stores
// P_i = V_i / X as FP8E4M3FN:
//   * s = floor(log2(max_i |V_i|)) - 8, where 8 is the exponent of FP8E4M3FN's
//     largest normal (448 = 1.75 * 2^8), clamped to [-127, 127];
//   * P_i = V_i * 2^-s rounded half to even and saturated to +-448 (the
//     largest magnitude of a block lands in [256, 512), so the top of the
//     range clamps);
//   * an all-zero block gets s = -127 (code 0x00) and P_i = +-0;
//   * a block holding a NaN or an infinity gets the NaN scale 0xFF and every
//     P_i = NaN (0x7F, or 0xFF for a negative V_i).
// Scaling by a power of two is exact, so P_i is one correctly rounded step.
//
//   uint8_t codes[32];
//   uint8_t scale = QuantizeMxFp8Block(values, codes);   // values: 32 floats

#ifndef PTO_SIM_NUMERICS_MX_QUANT_H_
#define PTO_SIM_NUMERICS_MX_QUANT_H_

#include <cstdint>

#include "absl/types/span.h"

namespace pto::sim {

inline constexpr int kMxBlockSize = 32;

// Quantizes `values` (one block; any length >= 1) into `codes` (same length,
// FP8E4M3FN codes) and returns the FP8E8M0 scale code.
uint8_t QuantizeMxFp8Block(absl::Span<const float> values, absl::Span<uint8_t> codes);

}  // namespace pto::sim

#endif  // PTO_SIM_NUMERICS_MX_QUANT_H_
