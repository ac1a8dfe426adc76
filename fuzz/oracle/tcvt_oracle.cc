#include "fuzz/oracle/tcvt_oracle.h"

#include <array>
#include <deque>
#include <vector>

namespace pto::fuzz {
namespace {

using ir::DataType;

// --- Numeric model -----------------------------------------------------------------
//
// A float format is described by the number of significant bits (hidden bit
// included) it has for values in [2^e, 2^(e+1)); 0 means no such values.

constexpr int kMinExp = -160;
constexpr int kMaxExp = 130;

// An IEEE-style format: normal exponents [emin, emax] with `p` significant
// bits; below emin the subnormals lose one bit per binade.
int IeeePrecision(int e, int p, int emin, int emax) {
  if (e > emax) return 0;
  if (e >= emin) return p;
  int bits = p - (emin - e);
  return bits > 0 ? bits : 0;
}

// HiFloat8: a dot-coded exponent width trades mantissa bits for range:
// 3 mantissa bits for |e| <= 3, 2 for 4..7, 1 for 8..15, and single-bit
// denormals (powers of two) for e in [-22, -16].
int Hf8Precision(int e) {
  int m = e < 0 ? -e : e;
  if (m <= 3) return 4;
  if (m <= 7) return 3;
  if (m <= 15) return 2;
  if (e >= -22 && e <= -16) return 1;
  return 0;
}

int FloatPrecision(DataType t, int e) {
  switch (t.code()) {
    case DataType::kFP32: return IeeePrecision(e, 24, -126, 127);
    case DataType::kBF16: return IeeePrecision(e, 8, -126, 127);
    case DataType::kFP16: return IeeePrecision(e, 11, -14, 15);
    case DataType::kFP8E4M3FN: return IeeePrecision(e, 4, -6, 8);
    case DataType::kFP8E5M2: return IeeePrecision(e, 3, -14, 15);
    case DataType::kFP4: return IeeePrecision(e, 2, 0, 2);  // E2M1: 0.5 .. 6
    case DataType::kFP8E8M0: return e >= -127 && e <= 127 ? 1 : 0;  // powers of two only
    case DataType::kHF8: return Hf8Precision(e);
    default: return 0;
  }
}

// Signed floats hold zero and negatives; E8M0 holds neither.
bool FloatHasSignAndZero(DataType t) { return t != DataType::kFP8E8M0; }

struct IntRange {
  bool is_signed;
  int magnitude_bits;  // largest magnitude is < 2^magnitude_bits
};

IntRange RangeOf(DataType t) {
  if (t.IsBool()) return {false, 1};
  if (t.IsSignedInt()) return {true, t.bits() - 1};
  return {false, t.bits()};
}

bool IntHoldsInt(DataType holder, DataType dst) {
  IntRange h = RangeOf(holder);
  IntRange d = RangeOf(dst);
  if (d.is_signed && !h.is_signed) return false;
  return h.magnitude_bits >= d.magnitude_bits;
}

// Every integer of magnitude < 2^bits (and zero, and negatives when signed)
// is exact in float `holder`: an integer in [2^e, 2^(e+1)) needs e + 1
// significant bits.
bool FloatHoldsInts(DataType holder, const IntRange& r) {
  if (!FloatHasSignAndZero(holder)) return false;
  for (int e = 0; e < r.magnitude_bits; ++e) {
    if (FloatPrecision(holder, e) < e + 1) return false;
  }
  return true;
}

bool FloatHoldsFloat(DataType holder, DataType dst) {
  if (FloatHasSignAndZero(dst) && !FloatHasSignAndZero(holder)) return false;
  for (int e = kMinExp; e <= kMaxExp; ++e) {
    if (FloatPrecision(holder, e) < FloatPrecision(dst, e)) return false;
  }
  return true;
}

bool ComputeCanHold(DataType holder, DataType dst) {
  if (holder == dst) return true;
  bool hf = holder.IsFloat();
  bool df = dst.IsFloat();
  if (!hf && !df) return IntHoldsInt(holder, dst);
  if (hf && !df) return FloatHoldsInts(holder, RangeOf(dst));
  if (!hf && df) return false;  // no integer holds a fraction
  return FloatHoldsFloat(holder, dst);
}

}  // namespace

bool CanHoldEveryValueOf(DataType holder, DataType dst) {
  // The exponent scan is cheap but not free; the fuzzer asks per input.
  static const auto* table = [] {
    auto* t = new std::array<std::array<bool, 256>, 256>();
    for (DataType h : DataType::All()) {
      for (DataType d : DataType::All()) (*t)[h.code()][d.code()] = ComputeCanHold(h, d);
    }
    return t;
  }();
  return (*table)[holder.code()][dst.code()];
}

std::optional<int> ShortestTcvtChain(absl::Span<const backends::TcvtEdge> edges, DataType src,
                                     DataType dst) {
  if (src == dst) return 0;
  std::array<int, 256> dist;
  dist.fill(-1);
  dist[src.code()] = 0;
  std::deque<DataType> queue = {src};
  while (!queue.empty()) {
    DataType at = queue.front();
    queue.pop_front();
    for (const backends::TcvtEdge& e : edges) {
      if (e.from != at || dist[e.to.code()] >= 0) continue;
      if (e.to == dst) return dist[at.code()] + 1;
      if (!CanHoldEveryValueOf(e.to, dst)) continue;  // may not be an intermediate
      dist[e.to.code()] = dist[at.code()] + 1;
      queue.push_back(e.to);
    }
  }
  return std::nullopt;
}

}  // namespace pto::fuzz
