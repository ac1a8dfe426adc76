#include "ir/arith/int_bound.h"

#include <algorithm>
#include <initializer_list>

#include "absl/strings/str_cat.h"
#include "ir/expr.h"

namespace pto::ir {
namespace {

using Wide = __int128;

// Infinite ends as values no finite computation on int64 operands reaches.
constexpr Wide kInf = static_cast<Wide>(1) << 126;

Wide Widen(int64_t v) {
  if (v == IntBound::kNegInf) return -kInf;
  if (v == IntBound::kPosInf) return kInf;
  return v;
}
bool IsInf(Wide v) { return v <= -kInf || v >= kInf; }

// Sums with an infinite end stay that infinity (no bound has ends of both
// infinities on one side, so inf + -inf does not arise).
Wide AddEnd(Wide x, Wide y) {
  if (IsInf(x)) return x;
  if (IsInf(y)) return y;
  return x + y;
}

// A finite product cannot overflow (|x|, |y| < 2^63); an infinite factor
// gives an infinity of the product's sign, and 0 times anything is 0.
Wide MulEnd(Wide x, Wide y) {
  if (x == 0 || y == 0) return 0;
  if (IsInf(x) || IsInf(y)) return (x < 0) != (y < 0) ? -kInf : kInf;
  return x * y;
}

Wide FloorDivEnd(Wide x, Wide y) {  // y != 0
  if (IsInf(x)) return (x < 0) != (y < 0) ? -kInf : kInf;
  if (IsInf(y)) return (x == 0 || (x < 0) == (y < 0)) ? 0 : -1;
  Wide q = x / y;
  if (x % y != 0 && ((x < 0) != (y < 0))) q -= 1;
  return q;
}

// [lo, hi] narrowed back to int64 ends in `result`: an end beyond the
// dtype's range makes the value wrap, so the bound is the whole range.
IntBound Narrow(Wide lo, Wide hi, DataType result) {
  const IntBound range = DtypeRange(result);
  auto end = [](Wide v) -> int64_t {
    if (v <= -kInf) return IntBound::kNegInf;
    if (v >= kInf) return IntBound::kPosInf;
    return static_cast<int64_t>(v);
  };
  if ((!IsInf(lo) && lo < Widen(range.lo)) || (!IsInf(hi) && hi > Widen(range.hi))) return range;
  return IntBound{end(lo), end(hi)}.Intersect(range);
}

IntBound Corners(std::initializer_list<Wide> ends, DataType result) {
  return Narrow(std::min(ends), std::max(ends), result);
}

// The truth of an operand: 1 when its bound excludes 0, 0 when it is 0.
IntBound TruthOf(const IntBound& a) {
  if (a == IntBound::Point(0)) return IntBound::Point(0);
  if (!a.Contains(0)) return IntBound::Point(1);
  return IntBound::Truth();
}

IntBound Decided(bool holds_always, bool fails_always) {
  if (holds_always) return IntBound::Point(1);
  if (fails_always) return IntBound::Point(0);
  return IntBound::Truth();
}

IntBound Compare(BinaryOp op, const IntBound& a, const IntBound& b) {
  const Wide alo = Widen(a.lo), ahi = Widen(a.hi), blo = Widen(b.lo), bhi = Widen(b.hi);
  switch (op) {
    case BinaryOp::kLt: return Decided(ahi < blo, alo >= bhi);
    case BinaryOp::kLe: return Decided(ahi <= blo, alo > bhi);
    case BinaryOp::kGt: return Decided(alo > bhi, ahi <= blo);
    case BinaryOp::kGe: return Decided(alo >= bhi, ahi < blo);
    case BinaryOp::kEq:
      return Decided(a.IsPoint() && b.IsPoint() && a.lo == b.lo, ahi < blo || bhi < alo);
    case BinaryOp::kNe:
      return Decided(ahi < blo || bhi < alo, a.IsPoint() && b.IsPoint() && a.lo == b.lo);
    default: return IntBound::Truth();
  }
}

// Smallest 2^k - 1 at or above v (v >= 0).
int64_t AllOnesAbove(int64_t v) {
  uint64_t m = 0;
  while (m < static_cast<uint64_t>(v)) m = (m << 1) | 1;
  return static_cast<int64_t>(m);
}

}  // namespace

std::string IntBound::ToString() const {
  return absl::StrCat("[", lo == kNegInf ? "-inf" : absl::StrCat(lo), ", ",
                      hi == kPosInf ? "+inf" : absl::StrCat(hi), "]");
}

IntBound DtypeRange(DataType dtype) {
  if (dtype.IsBool()) return IntBound::Truth();
  if (!dtype.IsInt() || dtype.bits() >= 64) {
    return dtype.IsUnsignedInt() ? IntBound{0, IntBound::kPosInf} : IntBound::Everything();
  }
  const int w = dtype.bits();
  if (dtype.IsUnsignedInt()) return {0, (int64_t{1} << w) - 1};
  return {-(int64_t{1} << (w - 1)), (int64_t{1} << (w - 1)) - 1};
}

IntBound VarDefault(DataType dtype) {
  if (dtype == DataType::kIndex) return {0, IntBound::kPosInf};
  return DtypeRange(dtype);
}

IntBound BinaryBound(BinaryOp op, const IntBound& a, const IntBound& b, DataType result) {
  if (IsComparison(op)) return Compare(op, a, b);
  if (IsLogical(op)) {
    const IntBound x = TruthOf(a), y = TruthOf(b);
    switch (op) {
      case BinaryOp::kAnd: return {std::min(x.lo, y.lo), std::min(x.hi, y.hi)};
      case BinaryOp::kOr: return {std::max(x.lo, y.lo), std::max(x.hi, y.hi)};
      default:
        return x.IsPoint() && y.IsPoint() ? IntBound::Point(x.lo != y.lo) : IntBound::Truth();
    }
  }
  if (result.IsFloat() || a.Empty() || b.Empty()) return DtypeRange(result);
  const Wide alo = Widen(a.lo), ahi = Widen(a.hi), blo = Widen(b.lo), bhi = Widen(b.hi);
  switch (op) {
    case BinaryOp::kAdd: return Narrow(AddEnd(alo, blo), AddEnd(ahi, bhi), result);
    case BinaryOp::kSub: return Narrow(AddEnd(alo, -bhi), AddEnd(ahi, -blo), result);
    case BinaryOp::kMul:
      return Corners({MulEnd(alo, blo), MulEnd(alo, bhi), MulEnd(ahi, blo), MulEnd(ahi, bhi)},
                     result);
    case BinaryOp::kFloorDiv:
      // Floor division is monotone in each operand while the divisor keeps
      // its sign, so the extremes are at the corners.
      if (b.Contains(0)) return DtypeRange(result);
      return Corners({FloorDivEnd(alo, blo), FloorDivEnd(alo, bhi), FloorDivEnd(ahi, blo),
                      FloorDivEnd(ahi, bhi)},
                     result);
    case BinaryOp::kFloorMod: {
      if (b.Contains(0)) return DtypeRange(result);
      if (b.IsPoint() && !IsInf(alo) && !IsInf(ahi)) {
        // Within one period the remainder is a - k*c.
        const Wide c = blo;
        const Wide k = FloorDivEnd(alo, c);
        if (FloorDivEnd(ahi, c) == k) return Narrow(alo - k * c, ahi - k * c, result);
      }
      if (blo > 0) {
        const Wide top = AddEnd(bhi, -1);
        return Narrow(0, alo >= 0 ? std::min(ahi, top) : top, result);
      }
      return Narrow(AddEnd(blo, 1), 0, result);
    }
    case BinaryOp::kMin: return Narrow(std::min(alo, blo), std::min(ahi, bhi), result);
    case BinaryOp::kMax: return Narrow(std::max(alo, blo), std::max(ahi, bhi), result);
    case BinaryOp::kBitAnd:
      if (a.lo >= 0 && b.lo >= 0) return {0, std::min(a.hi, b.hi)};
      if (a.lo >= 0) return {0, a.hi};
      if (b.lo >= 0) return {0, b.hi};
      return DtypeRange(result);
    case BinaryOp::kBitOr:
    case BinaryOp::kBitXor:
      if (a.lo >= 0 && b.lo >= 0 && a.hi != IntBound::kPosInf && b.hi != IntBound::kPosInf) {
        return Narrow(0, AllOnesAbove(std::max(a.hi, b.hi)), result);
      }
      return DtypeRange(result);
    default: return DtypeRange(result);
  }
}

IntBound UnaryBound(UnaryOp op, const IntBound& a, DataType result) {
  if (a.Empty()) return DtypeRange(result);
  switch (op) {
    case UnaryOp::kNot: {
      const IntBound t = TruthOf(a);
      return {1 - t.hi, 1 - t.lo};
    }
    case UnaryOp::kNeg: return Narrow(-Widen(a.hi), -Widen(a.lo), result);
    case UnaryOp::kBitNot:
      return Narrow(AddEnd(-Widen(a.hi), -1), AddEnd(-Widen(a.lo), -1), result);
    case UnaryOp::kAbs: {
      const Wide lo = Widen(a.lo), hi = Widen(a.hi);
      if (lo >= 0) return Narrow(lo, hi, result);
      if (hi <= 0) return Narrow(-hi, -lo, result);
      return Narrow(0, std::max(-lo, hi), result);
    }
    case UnaryOp::kCast:
      if (result.IsBool()) return TruthOf(a);
      return Narrow(Widen(a.lo), Widen(a.hi), result);
  }
  return DtypeRange(result);
}

}  // namespace pto::ir
