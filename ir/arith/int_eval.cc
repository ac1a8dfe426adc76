#include "ir/arith/int_eval.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace pto::ir {

int64_t WrapInt(DataType dtype, uint64_t bits) {
  if (dtype.IsBool()) return bits != 0 ? 1 : 0;
  const int width = dtype.bits();
  if (width >= 64) return static_cast<int64_t>(bits);
  const uint64_t mask = (uint64_t{1} << width) - 1;
  uint64_t v = bits & mask;
  if (dtype.IsSignedInt() && ((v >> (width - 1)) & 1) != 0) v |= ~mask;
  return static_cast<int64_t>(v);
}

absl::StatusOr<int64_t> EvalIntBinary(BinaryOp op, __int128 x, __int128 y, DataType result) {
  // Wrapping operators work on the low 64 bits; WrapInt narrows them.
  const uint64_t ux = static_cast<uint64_t>(x);
  const uint64_t uy = static_cast<uint64_t>(y);
  const int width = result.IsBool() ? 1 : result.bits();
  auto wrap = [&](uint64_t bits) { return WrapInt(result, bits); };
  switch (op) {
    case BinaryOp::kAdd: return wrap(ux + uy);
    case BinaryOp::kSub: return wrap(ux - uy);
    case BinaryOp::kMul: return wrap(ux * uy);
    case BinaryOp::kFloorDiv:
    case BinaryOp::kFloorMod: {
      if (y == 0) {
        return absl::InvalidArgumentError(
            absl::StrCat("integer ", BinaryOpSpelling(op), " by zero"));
      }
      __int128 q = x / y;
      __int128 r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) {
        q -= 1;
        r += y;
      }
      return wrap(static_cast<uint64_t>(op == BinaryOp::kFloorDiv ? q : r));
    }
    case BinaryOp::kFloatDiv:
      if (y == 0) return absl::InvalidArgumentError("integer / by zero");
      return wrap(static_cast<uint64_t>(x / y));
    case BinaryOp::kPow: {
      if (y < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "integer ** with a negative exponent (", static_cast<int64_t>(y), ")"));
      }
      uint64_t base = ux;
      uint64_t acc = 1;
      for (__int128 e = y; e > 0; e >>= 1) {
        if (e & 1) acc *= base;
        base *= base;
      }
      return wrap(acc);
    }
    case BinaryOp::kMin: return wrap(static_cast<uint64_t>(y < x ? y : x));
    case BinaryOp::kMax: return wrap(static_cast<uint64_t>(y > x ? y : x));
    case BinaryOp::kBitAnd: return wrap(ux & uy);
    case BinaryOp::kBitOr: return wrap(ux | uy);
    case BinaryOp::kBitXor: return wrap(ux ^ uy);
    case BinaryOp::kShl:
    case BinaryOp::kShr: {
      if (y < 0 || y >= width) {
        return absl::InvalidArgumentError(absl::StrCat("shift ", BinaryOpSpelling(op), " by ",
                                                       static_cast<int64_t>(y),
                                                       " is outside [0, ", width, ")"));
      }
      const int s = static_cast<int>(y);
      if (op == BinaryOp::kShl) return wrap(ux << s);
      // Arithmetic for signed results, logical for unsigned ones.
      const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
      const __int128 v = result.IsUnsignedInt() ? static_cast<__int128>(ux & mask) : x;
      return wrap(static_cast<uint64_t>(v >> s));
    }
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("operator ", BinaryOpSpelling(op), " is not an integer operator"));
  }
}

}  // namespace pto::ir
