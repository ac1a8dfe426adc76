// Element conversion between any two dtypes of the IR: the reference
// semantics of tile.cast / tensor.cast on one element.
//
// An element is its raw code in the low bits of a uint64_t (integers in two's
// complement of their width, floats as their format's code, BOOL 0/1).
//
// Rules (docs/numerics.md has the full table):
//   * Float destination: sim/numerics/float_formats.h - one correctly rounded step
//     under `mode` (`none` = rint), with its saturation / overflow rule.
//   * Integer destination, saturating: round to an integer under `mode`
//     (`none` = rint), then clamp to the destination range; NaN gives 0,
//     +-Inf the range ends.
//   * Integer destination, not saturating (saturation_mode "off"): round to
//     an integer, then keep its low bits: two's-complement wrap of the exact
//     rounded integer, at any magnitude. NaN and +-Inf give 0 (the spec
//     leaves non-finite inputs undefined; this is our documented choice).
//   * Integer -> integer: clamp (saturating) or wrap; `mode` is irrelevant.
//   * BOOL destination: value != 0 (NaN is true). BOOL source: 0 or 1.
//
//   ElementCast cast{DataType::kFP32, DataType::kInt8, ir::RoundMode::kTrunc,
//                    /*saturate=*/true};
//   uint64_t q = CastElement(cast, FloatBitsOf(-300.7f));   // 0x80 (-128)

#ifndef PTO_SIM_NUMERICS_ELEMENT_CONVERT_H_
#define PTO_SIM_NUMERICS_ELEMENT_CONVERT_H_

#include <cstdint>

#include "ir/dtype.h"
#include "ir/enums.h"
#include "sim/numerics/exact_number.h"

namespace pto::sim {

// Bits of an element of `dtype` (its storage width), as a mask.
uint64_t ElementMask(ir::DataType dtype);

// The exact value of an element; BOOL decodes to 0 or 1.
ExactNumber DecodeElement(ir::DataType dtype, uint64_t bits);
// `x` as an element of `dtype` under the rules above.
uint64_t EncodeElement(ir::DataType dtype, const ExactNumber& x, ir::RoundMode mode,
                       bool saturate);

struct ElementCast {
  ir::DataType src;
  ir::DataType dst;
  ir::RoundMode mode = ir::RoundMode::kRint;
  bool saturate = false;
};

// A conversion with everything that depends only on the dtypes resolved up
// front: what hot loops use (one per loop, not per element).
class ElementConverter {
 public:
  explicit ElementConverter(const ElementCast& cast);
  uint64_t operator()(uint64_t bits) const;
  const ElementCast& cast() const { return cast_; }

 private:
  enum class Kind : uint8_t { kFloat, kSigned, kUnsigned, kBool };
  ExactNumber Decode(uint64_t bits) const;
  uint64_t EncodeInt(const ExactNumber& x) const;

  ElementCast cast_;
  Kind src_kind_;
  Kind dst_kind_;
  int src_width_;
  uint64_t src_mask_;
  uint64_t dst_mask_;
  int64_t dst_min_;
  uint64_t dst_max_;
};

inline uint64_t CastElement(const ElementCast& cast, uint64_t bits) {
  return ElementConverter(cast)(bits);
}

// Range of an integer dtype (INDEX is 64-bit signed, BOOL is [0, 1]).
int64_t IntMin(ir::DataType dtype);
uint64_t IntMax(ir::DataType dtype);

}  // namespace pto::sim

#endif  // PTO_SIM_NUMERICS_ELEMENT_CONVERT_H_
