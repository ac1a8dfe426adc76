// Element-by-element comparison of one output of the original and the
// lowered program, under the output's ValueBound (value_bounds.h).
//
//   std::optional<std::string> diff =
//       CompareOutput(original, lowered, ValueBound::Approx(3e-7, 1.0), nullptr);
//   if (diff) { ... "element [1, 3]: original 0.5 (0x3f000000), lowered ..." ... }
//
// Rules, per element of the buffers' full shape:
//   * definedness (poison) must agree: an element defined in one program and
//     undefined in the other is a mismatch whatever the bound;
//   * kExact: the raw codes are equal;
//   * kApprox (FP32): both NaN, or |original - lowered| <= error;
//   * kNearCast: NearCastAgrees, reading the cast's source element from
//     `source` (the original program's copy of it; required);
//   * kOpaque: nothing beyond definedness.

#ifndef PTO_FUZZ_ORACLE_OUTPUT_COMPARE_H_
#define PTO_FUZZ_ORACLE_OUTPUT_COMPARE_H_

#include <optional>
#include <string>

#include "fuzz/oracle/value_bounds.h"
#include "sim/interp/buffer.h"

namespace pto::fuzz {

// nullopt when the outputs agree, else a description of the first element
// that does not.
std::optional<std::string> CompareOutput(const sim::BufferView& original,
                                         const sim::BufferView& lowered, const ValueBound& bound,
                                         const sim::BufferView* source);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_ORACLE_OUTPUT_COMPARE_H_
