// The meaning of the integer scalar operators, in one place: the reference
// interpreter evaluates scalar expressions with it and the simplifier folds
// constants with it, so a folded constant is the value the program computes.
//
// Operands are exact values (a UINT64 above INT64_MAX included, hence
// __int128); the result wraps to the width of its dtype. `//` and `%` floor
// as in Python; `/` on integers truncates. Division or modulo by zero, a
// negative exponent and a shift count outside [0, width) have no value.
//
//   absl::StatusOr<int64_t> q = EvalIntBinary(BinaryOp::kFloorDiv, -7, 2,
//                                             DataType::kIndex);      // -4
//   WrapInt(DataType::kInt8, 200);                                    // -56

#ifndef PTO_IR_ARITH_INT_EVAL_H_
#define PTO_IR_ARITH_INT_EVAL_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "ir/dtype.h"
#include "ir/operators.h"

namespace pto::ir {

// `bits` truncated to the width of the integer (or BOOL) `dtype`, then sign-
// or zero-extended per its signedness: the value the dtype holds.
int64_t WrapInt(DataType dtype, uint64_t bits);

// The arithmetic and bitwise operators (not comparisons or logical ones) on
// integer operands. Errors are InvalidArgument naming the operator; the
// caller adds the location.
absl::StatusOr<int64_t> EvalIntBinary(BinaryOp op, __int128 x, __int128 y, DataType result);

// A comparison operator on two values of one C++ type: exact integers
// (__int128) or doubles (the interpreter compares floats through it too).
template <typename T>
bool CompareValues(BinaryOp op, T x, T y) {
  switch (op) {
    case BinaryOp::kEq: return x == y;
    case BinaryOp::kNe: return x != y;
    case BinaryOp::kLt: return x < y;
    case BinaryOp::kLe: return x <= y;
    case BinaryOp::kGt: return x > y;
    default: return x >= y;
  }
}

}  // namespace pto::ir

#endif  // PTO_IR_ARITH_INT_EVAL_H_
