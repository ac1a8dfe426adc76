// Interval bounds of integer scalar expressions: the facts the simplifier
// proves comparisons and folds `//` and `%` with.
//
// An IntBound is the closed interval [lo, hi] of the values an expression
// can take; kNegInf and kPosInf mean unbounded. The transfer functions are
// exact over the integers and sound under the dtype's wrapping: a finite
// result that leaves the result dtype's range could wrap, so it widens to
// the whole range. An infinite end stays infinite (64-bit values are taken
// not to overflow).
//
//   IntBound i = {0, 7};                       // i in pl.range(8)
//   BinaryBound(BinaryOp::kFloorDiv, i, IntBound::Point(8), DataType::kIndex)
//       -> {0, 0}                              // i // 8 is 0
//
// What a Var of each dtype may hold before anything is known about it is
// VarDefault: its dtype's range, except that an INDEX is non-negative by the
// type's contract (as upstream PyPTO's analyzer assumes).

#ifndef PTO_IR_ARITH_INT_BOUND_H_
#define PTO_IR_ARITH_INT_BOUND_H_

#include <cstdint>
#include <limits>
#include <string>

#include "ir/dtype.h"
#include "ir/operators.h"

namespace pto::ir {

struct IntBound {
  static constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();
  static constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max();

  int64_t lo = kNegInf;
  int64_t hi = kPosInf;

  static IntBound Everything() { return {}; }
  static IntBound Point(int64_t v) { return {v, v}; }
  // [0, 1]: a truth value nothing is known about.
  static IntBound Truth() { return {0, 1}; }

  bool IsPoint() const { return lo == hi; }
  bool IsEverything() const { return lo == kNegInf && hi == kPosInf; }
  bool Contains(int64_t v) const { return lo <= v && v <= hi; }
  bool Empty() const { return lo > hi; }
  // May be empty: contradictory facts.
  IntBound Intersect(const IntBound& o) const {
    return {lo > o.lo ? lo : o.lo, hi < o.hi ? hi : o.hi};
  }
  bool operator==(const IntBound& o) const { return lo == o.lo && hi == o.hi; }
  std::string ToString() const;
};

// Every value `dtype` can hold (BOOL: [0, 1]; INDEX and INT64: everything).
IntBound DtypeRange(DataType dtype);
// What a Var of `dtype` holds when nothing else is known.
IntBound VarDefault(DataType dtype);

// The bound of `a op b` computed in `result`. Comparisons and logical
// operators give a truth bound: a point when the operands' bounds decide it.
IntBound BinaryBound(BinaryOp op, const IntBound& a, const IntBound& b, DataType result);
// The bound of `op a` (kCast converts to `result`).
IntBound UnaryBound(UnaryOp op, const IntBound& a, DataType result);

}  // namespace pto::ir

#endif  // PTO_IR_ARITH_INT_BOUND_H_
