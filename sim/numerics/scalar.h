// Scalar values of the interpreter and the semantics of scalar expressions
// (BinaryExpr, UnaryExpr, ConstInt/ConstFloat/ConstBool).
//
// A Scalar holds its dtype and its value: integers (INDEX and BOOL included)
// as two's complement bits of their width, sign- or zero-extended to 64 bits;
// floats as the exact double of their value (every IR float dtype fits a
// double). Arithmetic follows the dtype:
//   * integers wrap at their width; // and % floor (Python); division or
//     modulo by zero, a negative shift count or one >= the width, and a
//     negative integer power are errors;
//   * FP32 is computed in float (exactly IEEE single), narrower floats in
//     float then rounded half-to-even to the dtype;
//   * comparisons compare values (ints as ints, with floats as exact doubles);
//     and/or/xor/not treat non-zero as true;
//   * Cast (pl.cast on a scalar): int -> int wraps, float -> int truncates
//     toward zero and saturates (NaN gives 0), anything -> float rounds half
//     to even.
//
//   absl::StatusOr<Scalar> s = EvalBinary(ir::BinaryOp::kFloorDiv,
//       Scalar::Int(DataType::kIndex, -7), Scalar::Int(DataType::kIndex, 2),
//       DataType::kIndex);      // -4

#ifndef PTO_SIM_NUMERICS_SCALAR_H_
#define PTO_SIM_NUMERICS_SCALAR_H_

#include <cstdint>
#include <string>
#include <type_traits>

#include "absl/status/statusor.h"
#include "ir/dtype.h"
#include "ir/expr.h"
#include "sim/numerics/exact_number.h"

namespace pto::sim {

struct Scalar {
  ir::DataType dtype;
  int64_t i = 0;   // integers and BOOL (0/1); UINT64 as its bit pattern
  double f = 0.0;  // floats

  // `value` wrapped to the dtype's width.
  static Scalar Int(ir::DataType dtype, int64_t value);
  // `value` rounded half-to-even to the float dtype.
  static Scalar Float(ir::DataType dtype, double value);
  static Scalar Bool(bool value);
  // The scalar whose element code (as stored in a buffer) is `bits`.
  static Scalar FromElementBits(ir::DataType dtype, uint64_t bits);

  bool IsFloat() const { return dtype.IsFloat(); }
  ExactNumber ToExact() const;
  // The element code of this value in its own dtype.
  uint64_t ToElementBits() const;
  // An integer scalar's value as int64 (UINT64 above INT64_MAX wraps).
  int64_t AsInt() const { return i; }
  bool Truthy() const { return IsFloat() ? f != 0.0 : i != 0; }
  // The value in a kernel's compute type T (element_loop.h): a float
  // compute type reads `f`, an integer one `i`. Convert to the kernel's
  // dtype first (ConvertScalar) so that this is exact.
  template <typename T>
  T As() const {
    if constexpr (std::is_floating_point_v<T>) {
      return static_cast<T>(f);
    } else {
      return static_cast<T>(i);
    }
  }
  std::string ToString() const;
};

// Errors are InvalidArgument with a message naming the operator; the caller
// adds the location.
absl::StatusOr<Scalar> EvalBinary(ir::BinaryOp op, const Scalar& a, const Scalar& b,
                                  ir::DataType result);
absl::StatusOr<Scalar> EvalUnary(ir::UnaryOp op, const Scalar& a, ir::DataType result);
// The scalar Cast rule above.
Scalar CastScalar(const Scalar& a, ir::DataType to);
// `a` converted to `to` the way a tile op narrows its scalar operand to the
// tile's dtype: floats round half to even, float -> int truncates and
// saturates, int -> int wraps (the same as CastScalar).
inline Scalar ConvertScalar(const Scalar& a, ir::DataType to) { return CastScalar(a, to); }

}  // namespace pto::sim

#endif  // PTO_SIM_NUMERICS_SCALAR_H_
