// How far the lowered program's value of a tile may stray from the original
// program's, for the differential check of tile_program_fuzzer.
//
// The fuzzer runs a program before and after the `default` pipeline in the
// reference interpreter and compares the outputs. Most ops must agree bit for
// bit; tile.sin / tile.cos are lowered to a polynomial that only meets the
// spec's error bound (docs/numerics.md, section 5), and a cast legalized
// through an intermediate that rounds first may land one destination ULP
// away. A ValueBound says which of these a value is, and the transfer
// functions below carry an absolute error bound through the FP32 arithmetic
// that may follow a sin or cos:
//
//   ValueBound x = ValueBound::Exact(3.1416f);          // loaded, |x| <= pi
//   ValueBound s = SinCosBound(x);                      // approx, err 2.4e-7
//   ValueBound y = ScalarBound("tile.muls", s, 2.0);    // err 2 * 2.4e-7 + ulp
//   y.usable();   // true: may feed further arithmetic
//
// Soundness argument for the approx rules: if the two programs' inputs of an
// FP32 op differ by at most e1, e2 and every value's magnitude is at most M,
// each result differs by at most the propagated difference plus one rounding
// step of each side, M_out * 2^-23 (one ULP at the result's magnitude).

#ifndef PTO_FUZZ_ORACLE_VALUE_BOUNDS_H_
#define PTO_FUZZ_ORACLE_VALUE_BOUNDS_H_

#include <cstdint>
#include <limits>

#include "absl/strings/string_view.h"
#include "backends/backend.h"
#include "ir/dtype.h"
#include "ir/enums.h"

namespace pto::fuzz {

inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// The largest |x| fed to tile.sin / tile.cos: the spec's accuracy claim
// holds over |x| <= 2*pi*1024; staying far inside keeps the range
// reduction's integer k small.
inline constexpr double kSinCosMaxMagnitude = 64.0;

// An approximate value whose bound grew past this is no longer worth
// comparing (the check would accept almost anything): the generator does not
// build it.
inline constexpr double kMaxUsefulError = 1e-4;

struct ValueBound {
  enum class Kind : uint8_t {
    // Bit-identical in both programs (definedness included).
    kExact,
    // FP32, |original - lowered| <= error on every defined element.
    kApprox,
    // The result of a legalized cast whose chain rounds early: within one
    // destination ULP (see NearCastAgrees). Only stored, never computed on.
    kNearCast,
    // Nothing is promised; never compared and never used.
    kOpaque,
  };

  Kind kind = Kind::kExact;
  double error = 0;               // kApprox
  double magnitude = kUnbounded;  // max |value| of an FP32 value in either program
  // kNearCast: the cast.
  ir::DataType cast_src;
  ir::DataType cast_dst;
  ir::RoundMode cast_mode = ir::RoundMode::kRint;
  bool cast_saturate = false;

  static ValueBound Exact(double magnitude = kUnbounded);
  static ValueBound Approx(double error, double magnitude);
  static ValueBound Opaque();

  // May be an operand of further ops (exact or approx).
  bool usable() const { return kind == Kind::kExact || kind == Kind::kApprox; }
  bool exact() const { return kind == Kind::kExact; }
};

// The spec's absolute error bound of the lowered sin/cos for |x| <= magnitude:
// 2.4e-7 within [-pi, pi] (measured 1.9e-7), 1e-5 up to 2*pi*1024.
double SinCosTolerance(double magnitude);

// One ULP of an FP32 value of magnitude `m` (an upper bound: m * 2^-23).
double Fp32Ulp(double m);

// tile.sin / tile.cos of `x` (FP32). Opaque when |x| may exceed
// kSinCosMaxMagnitude or x is not usable.
ValueBound SinCosBound(const ValueBound& x);

// tile.add, tile.sub, tile.mul, tile.maximum, tile.minimum.
ValueBound BinaryBound(absl::string_view op, const ValueBound& a, const ValueBound& b);

// tile.adds, tile.subs, tile.muls, tile.maximums, tile.minimums with the
// literal `c` (as a double).
ValueBound ScalarBound(absl::string_view op, const ValueBound& a, double c);

// tile.neg, tile.abs.
ValueBound UnaryBound(const ValueBound& a);

// tile.select / sel: each element is one branch's (the mask is exact).
ValueBound SelectBound(const ValueBound& on_true, const ValueBound& on_false);

// A value that is either `a` or `b` (an if's return var).
ValueBound Join(const ValueBound& a, const ValueBound& b);

// Whether every value `v` admits is admitted by `assumed` too (a loop
// iteration's yield against the bound assumed for the loop-carried value).
bool Covers(const ValueBound& assumed, const ValueBound& v);

// How a tile.cast src -> dst on `backend` compares after legalize-tile-cast:
// exact when the backend converts natively or every intermediate of the
// chain holds every value of src exactly (the first hop then loses nothing
// and the last hop rounds the same value as a direct conversion); near-cast
// when some intermediate rounds first; opaque when the operand is not exact
// (a cast amplifies any difference). `reachable` is set to whether the pass
// can build a chain at all.
ValueBound CastBound(const backends::Backend& backend, const ValueBound& src_bound,
                     ir::DataType src, ir::DataType dst, ir::RoundMode mode, bool saturate,
                     bool* reachable);

// Whether two results `original` and `lowered` (raw codes of `bound.cast_dst`)
// of the same near-cast agree, given the cast's source element `source`
// (raw code of `bound.cast_src`): equal, both NaN, or one destination ULP
// apart (for integers modulo the wrap, when saturation is off). With
// saturation off the guarantee only covers sources the destination can
// represent (docs/numerics.md; for integers: within one of the range, as in
// the spec's 127.49 -> 127.5 -> 128 -> -128 example), so other sources
// always agree.
bool NearCastAgrees(const ValueBound& bound, uint64_t source, uint64_t original,
                    uint64_t lowered);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_ORACLE_VALUE_BOUNDS_H_
