#include "fuzz/oracle/value_bounds.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <vector>

#include "fuzz/oracle/tcvt_oracle.h"
#include "passes/legalize_tile_cast/tcvt_path.h"
#include "sim/numerics/element_convert.h"
#include "sim/numerics/exact_number.h"
#include "sim/numerics/float_formats.h"

namespace pto::fuzz {
namespace {

using ir::DataType;

// Magnitudes are upper bounds of rounded results: one relative rounding step
// of slack keeps them bounds.
double Grow(double m) { return m * (1 + std::ldexp(1.0, -22)); }

ValueBound Checked(ValueBound b) {
  if (b.kind != ValueBound::Kind::kApprox) return b;
  if (!std::isfinite(b.magnitude) || !(b.error <= kMaxUsefulError)) return ValueBound::Opaque();
  return b;
}

}  // namespace

ValueBound ValueBound::Exact(double magnitude) {
  ValueBound b;
  b.kind = Kind::kExact;
  b.magnitude = std::isnan(magnitude) ? kUnbounded : magnitude;
  return b;
}

ValueBound ValueBound::Approx(double error, double magnitude) {
  ValueBound b;
  b.kind = Kind::kApprox;
  b.error = error;
  b.magnitude = magnitude;
  return Checked(b);
}

ValueBound ValueBound::Opaque() {
  ValueBound b;
  b.kind = Kind::kOpaque;
  return b;
}

double SinCosTolerance(double magnitude) {
  // float(pi) is just above pi; the measured range is [-pi, pi] in floats.
  return magnitude <= static_cast<double>(static_cast<float>(M_PI)) ? 2.4e-7 : 1e-5;
}

double Fp32Ulp(double m) { return m * std::ldexp(1.0, -23); }

ValueBound SinCosBound(const ValueBound& x) {
  if (!x.usable() || !(x.magnitude <= kSinCosMaxMagnitude)) return ValueBound::Opaque();
  // |L(x') - sin(x)| <= |L(x') - sin(x')| + |sin(x') - sin(x)|
  //                 <= tol + |x' - x|; the reference rounds sin(x) to float
  // (half an ULP below 1: 2^-25), doubled for slack.
  double error = x.error + SinCosTolerance(x.magnitude) + std::ldexp(1.0, -24);
  return ValueBound::Approx(error, 1 + error);
}

ValueBound BinaryBound(absl::string_view op, const ValueBound& a, const ValueBound& b) {
  if (!a.usable() || !b.usable()) return ValueBound::Opaque();
  double m;
  double e = 0;
  if (op == "tile.maximum" || op == "tile.minimum") {
    m = std::max(a.magnitude, b.magnitude);
    e = std::max(a.error, b.error);
  } else if (op == "tile.mul") {
    m = Grow(a.magnitude * b.magnitude);
    e = a.magnitude * b.error + b.magnitude * a.error + a.error * b.error + Fp32Ulp(m);
  } else if (op == "tile.add" || op == "tile.sub") {
    m = Grow(a.magnitude + b.magnitude);
    e = a.error + b.error + Fp32Ulp(m);
  } else {
    return ValueBound::Opaque();
  }
  if (a.exact() && b.exact()) return ValueBound::Exact(m);
  return ValueBound::Approx(e, m);
}

ValueBound ScalarBound(absl::string_view op, const ValueBound& a, double c) {
  if (!a.usable()) return ValueBound::Opaque();
  double ac = std::fabs(c);
  double m;
  double e;
  if (op == "tile.maximums" || op == "tile.minimums") {
    m = std::max(a.magnitude, ac);
    e = a.error;
  } else if (op == "tile.muls") {
    m = Grow(a.magnitude * ac);
    e = ac * a.error + Fp32Ulp(m);
  } else if (op == "tile.adds" || op == "tile.subs") {
    m = Grow(a.magnitude + ac);
    e = a.error + Fp32Ulp(m);
  } else {
    return ValueBound::Opaque();
  }
  if (a.exact()) return ValueBound::Exact(m);
  return ValueBound::Approx(e, m);
}

ValueBound UnaryBound(const ValueBound& a) {
  if (!a.usable()) return ValueBound::Opaque();
  return a;
}

ValueBound SelectBound(const ValueBound& on_true, const ValueBound& on_false) {
  return Join(on_true, on_false);
}

ValueBound Join(const ValueBound& a, const ValueBound& b) {
  if (!a.usable() || !b.usable()) return ValueBound::Opaque();
  double m = std::max(a.magnitude, b.magnitude);
  if (a.exact() && b.exact()) return ValueBound::Exact(m);
  return ValueBound::Approx(std::max(a.error, b.error), m);
}

bool Covers(const ValueBound& assumed, const ValueBound& v) {
  if (!v.usable() || !assumed.usable()) return false;
  if (!(v.magnitude <= assumed.magnitude)) return false;
  if (assumed.exact()) return v.exact();
  return v.error <= assumed.error;
}

ValueBound CastBound(const backends::Backend& backend, const ValueBound& src_bound,
                     ir::DataType src, ir::DataType dst, ir::RoundMode mode, bool saturate,
                     bool* reachable) {
  *reachable = true;
  if (backend.IsNativeTcvt(src, dst)) {
    return src_bound.exact() ? ValueBound::Exact() : ValueBound::Opaque();
  }
  std::vector<DataType> hops = passes::FindTcvtPath(backend.GetTcvtAdjacency(), src, dst);
  if (hops.empty()) {
    *reachable = false;
    return ValueBound::Opaque();
  }
  if (!src_bound.exact()) return ValueBound::Opaque();
  bool early_rounding = false;
  for (size_t i = 0; i + 1 < hops.size(); ++i) {
    early_rounding = early_rounding || !CanHoldEveryValueOf(hops[i], src);
  }
  if (!early_rounding) return ValueBound::Exact();
  ValueBound b;
  b.kind = ValueBound::Kind::kNearCast;
  b.cast_src = src;
  b.cast_dst = dst;
  b.cast_mode = mode;
  b.cast_saturate = saturate;
  return b;
}

namespace {

// Position of a float code in value order, with +-Inf one step past the
// largest finite value; nullopt for NaN.
std::optional<int64_t> Ordinal(DataType dtype, uint32_t code) {
  sim::ExactNumber x = sim::DecodeFloat(dtype, code);
  if (x.IsNaN()) return std::nullopt;
  if (x.IsInfinity()) {
    int64_t top = sim::FloatOrdinal(dtype, sim::MaxFiniteCode(dtype)) + 1;
    return x.negative ? -top : top;
  }
  return sim::FloatOrdinal(dtype, code);
}

}  // namespace

bool NearCastAgrees(const ValueBound& bound, uint64_t source, uint64_t original,
                    uint64_t lowered) {
  if (original == lowered) return true;
  DataType dst = bound.cast_dst;
  if (!bound.cast_saturate) {
    sim::ExactNumber v = sim::DecodeElement(bound.cast_src, source);
    if (!v.IsFinite()) return true;
    double d = v.ToDouble();
    // For integers, within one of the range: such a source rounds to a
    // range end or one past it, which the wrap allowance below covers.
    bool representable =
        dst.IsFloat() ? std::fabs(d) <= sim::MaxFinite(dst)
                      : d >= static_cast<double>(sim::IntMin(dst)) - 1 &&
                            d <= static_cast<double>(sim::IntMax(dst)) + 1;
    if (!representable) return true;
  }
  if (dst.IsFloat()) {
    std::optional<int64_t> a = Ordinal(dst, static_cast<uint32_t>(original));
    std::optional<int64_t> b = Ordinal(dst, static_cast<uint32_t>(lowered));
    if (!a || !b) return !a && !b;
    return std::llabs(*a - *b) <= 1;
  }
  if (dst.IsBool()) return false;
  if (!bound.cast_saturate) {
    // The wrap: 127.5 -> 128 wraps to -128, one step from a direct 127.
    uint64_t mask = sim::ElementMask(dst);
    uint64_t diff = (original - lowered) & mask;
    return diff == 1 || diff == mask;
  }
  double a = sim::DecodeElement(dst, original).ToDouble();
  double b = sim::DecodeElement(dst, lowered).ToDouble();
  return std::fabs(a - b) <= 1;
}

}  // namespace pto::fuzz
