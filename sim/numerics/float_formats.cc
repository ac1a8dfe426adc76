#include "sim/numerics/float_formats.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "ir/check.h"
#include "sim/numerics/rounding.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ir::RoundMode;

enum class Encoding : uint8_t {
  kIeee,          // IEEE 754 layout with Inf and NaN
  kFiniteNaN,     // IEEE layout, no Inf, only S.1..1.1..1 is NaN (E4M3FN)
  kFinite,        // IEEE layout, no Inf, no NaN (FP4 E2M1)
  kExponentOnly,  // FP8E8M0
  kHiFloat8,      // HF8
};

// The largest finite magnitude as (mantissa, exponent) and its code.
struct MaxValue {
  uint64_t mantissa;
  int exponent;
  uint32_t code;
};

constexpr int kHiF8MinNormalExp = -15;
constexpr int kHiF8MaxExp = 15;
constexpr int kHiF8MinExp = -22;  // denormal 2^(M - 23), M = 1..7
constexpr uint32_t kHiF8NaN = 0x80;
constexpr uint32_t kHiF8Inf = 0x6F;

constexpr MaxValue ComputeMax(Encoding encoding, int exp_bits, int mant_bits, int bias) {
  uint32_t exp_mask = (uint32_t{1} << exp_bits) - 1;
  uint32_t field_mask = (uint32_t{1} << mant_bits) - 1;
  switch (encoding) {
    case Encoding::kIeee:
      return {(uint64_t{1} << (mant_bits + 1)) - 1,
              static_cast<int>(exp_mask - 1) - bias - mant_bits,
              ((exp_mask - 1) << mant_bits) | field_mask};
    case Encoding::kFiniteNaN:
      return {(uint64_t{1} << (mant_bits + 1)) - 2, static_cast<int>(exp_mask) - bias - mant_bits,
              (exp_mask << mant_bits) | (field_mask - 1)};
    case Encoding::kFinite:
      return {(uint64_t{1} << (mant_bits + 1)) - 1, static_cast<int>(exp_mask) - bias - mant_bits,
              (exp_mask << mant_bits) | field_mask};
    case Encoding::kExponentOnly:
      return {1, 127, 0xFE};
    case Encoding::kHiFloat8:
      return {1, kHiF8MaxExp, 0x6E};
  }
  return {0, 0, 0};
}

constexpr int Log2Of(uint64_t v) { return v <= 1 ? 0 : 1 + Log2Of(v >> 1); }

// A float format with its derived constants, all computed at compile time.
struct Format {
  constexpr Format(Encoding e, int b, int eb, int mb, int bi)
      : encoding(e),
        bits(b),
        exp_bits(eb),
        mant_bits(mb),
        bias(bi),
        max(ComputeMax(e, eb, mb, bi)),
        max_log2(Log2Of(max.mantissa) + max.exponent) {}
  Encoding encoding;
  int bits;
  int exp_bits;
  int mant_bits;
  int bias;
  MaxValue max;  // the largest finite value
  int max_log2;  // floor(log2(max))
};

constexpr Format kFP32{Encoding::kIeee, 32, 8, 23, 127};
constexpr Format kFP16{Encoding::kIeee, 16, 5, 10, 15};
constexpr Format kBF16{Encoding::kIeee, 16, 8, 7, 127};
constexpr Format kE5M2{Encoding::kIeee, 8, 5, 2, 15};
constexpr Format kE4M3{Encoding::kFiniteNaN, 8, 4, 3, 7};
constexpr Format kFP4{Encoding::kFinite, 4, 2, 1, 1};
constexpr Format kE8M0{Encoding::kExponentOnly, 8, 8, 0, 127};
constexpr Format kHF8{Encoding::kHiFloat8, 8, 0, 3, 0};
static_assert(kFP16.max.code == 0x7BFF && kE4M3.max.code == 0x7E && kFP4.max.code == 0x7);

const Format* FindFormat(DataType dtype) {
  switch (dtype.code()) {
    case DataType::kFP32: return &kFP32;
    case DataType::kFP16: return &kFP16;
    case DataType::kBF16: return &kBF16;
    case DataType::kFP8E5M2: return &kE5M2;
    case DataType::kFP8E4M3FN: return &kE4M3;
    case DataType::kFP4: return &kFP4;
    case DataType::kFP8E8M0: return &kE8M0;
    case DataType::kHF8: return &kHF8;
    default: return nullptr;
  }
}

const Format& GetFormat(DataType dtype) {
  const Format* f = FindFormat(dtype);
  PTO_CHECK(f != nullptr) << "not a float format: " << dtype.name();
  return *f;
}

uint32_t SignBit(const Format& f) { return uint32_t{1} << (f.bits - 1); }
uint32_t ExpMask(const Format& f) { return (uint32_t{1} << f.exp_bits) - 1; }
uint32_t FieldMask(const Format& f) { return (uint32_t{1} << f.mant_bits) - 1; }

// HiFloat8: mantissa width of the normal binade 2^e, |e| <= 15.
int HiF8Width(int e) {
  int a = e < 0 ? -e : e;
  if (a <= 3) return 3;
  if (a <= 7) return 2;
  return 1;
}

// Exponent of the quantum (ulp) of the binade [2^e, 2^(e+1)).
int QuantumExponent(const Format& f, int e) {
  switch (f.encoding) {
    case Encoding::kExponentOnly:
      return std::max(e, -127);
    case Encoding::kHiFloat8:
      if (e >= kHiF8MinNormalExp) return e - HiF8Width(std::min(e, kHiF8MaxExp));
      return std::max(e, kHiF8MinExp);
    default:
      return std::max(e, 1 - f.bias) - f.mant_bits;
  }
}

// count * 2^q > max?
bool Exceeds(uint64_t count, int q, const Format& f) {
  int e = 63 - __builtin_clzll(count) + q;
  if (e != f.max_log2) return e > f.max_log2;
  // Same binade: both significands are narrower than 64 bits, so aligning
  // them to the smaller exponent shifts by less than the difference of
  // their widths.
  if (q >= f.max.exponent) return (count << (q - f.max.exponent)) > f.max.mantissa;
  return count > (f.max.mantissa << (f.max.exponent - q));
}

uint32_t NaNCode(const Format& f, bool negative, uint64_t payload) {
  switch (f.encoding) {
    case Encoding::kIeee: {
      uint32_t field = static_cast<uint32_t>(payload >> (64 - f.mant_bits));
      if (field == 0) field = uint32_t{1} << (f.mant_bits - 1);
      return (negative ? SignBit(f) : 0) | (ExpMask(f) << f.mant_bits) | field;
    }
    case Encoding::kFiniteNaN:
      return (negative ? SignBit(f) : 0) | (ExpMask(f) << f.mant_bits) | FieldMask(f);
    case Encoding::kFinite:
      return 0;
    case Encoding::kExponentOnly:
      return 0xFF;
    case Encoding::kHiFloat8:
      return kHiF8NaN;
  }
  PTO_UNREACHABLE();
}

uint32_t ZeroCode(const Format& f, bool negative) {
  if (f.encoding == Encoding::kHiFloat8) return 0;
  return negative ? SignBit(f) : 0;
}

// Whether IEEE sends an overflow under `mode` to infinity (rather than to
// the largest finite value).
bool OverflowsToInfinity(RoundMode mode, bool negative) {
  switch (mode) {
    case RoundMode::kNone:
    case RoundMode::kRint:
    case RoundMode::kRound:
      return true;
    case RoundMode::kCeil:
      return !negative;
    case RoundMode::kFloor:
      return negative;
    case RoundMode::kTrunc:
    case RoundMode::kOdd:
      return false;
  }
  return true;
}

uint32_t OverflowCode(const Format& f, bool negative, RoundMode mode, bool saturate) {
  const MaxValue& max = f.max;
  uint32_t sign = negative ? SignBit(f) : 0;
  if (f.encoding == Encoding::kExponentOnly) {
    return saturate || !OverflowsToInfinity(mode, false) ? max.code : 0xFF;
  }
  if (saturate || f.encoding == Encoding::kFinite || !OverflowsToInfinity(mode, negative)) {
    return sign | max.code;
  }
  switch (f.encoding) {
    case Encoding::kIeee:
      return sign | (ExpMask(f) << f.mant_bits);
    case Encoding::kFiniteNaN:
      return NaNCode(f, negative, 0);
    case Encoding::kHiFloat8:
      return sign | kHiF8Inf;
    default:
      PTO_UNREACHABLE();
  }
}

// The code of the representable non-zero magnitude count * 2^q.
uint32_t EncodeRepresentable(const Format& f, bool negative, uint64_t count, int q) {
  int e = 63 - __builtin_clzll(count) + q;
  switch (f.encoding) {
    case Encoding::kExponentOnly:
      return static_cast<uint32_t>(e + 127);
    case Encoding::kHiFloat8: {
      uint32_t sign = negative ? 0x80 : 0;
      if (e < kHiF8MinNormalExp) return sign | static_cast<uint32_t>(e + 23);
      int w = HiF8Width(e);
      int s = q - (e - w);
      uint64_t scaled = s >= 0 ? count << s : count >> -s;
      uint32_t m = static_cast<uint32_t>(scaled - (uint64_t{1} << w));
      int a = e < 0 ? -e : e;
      uint32_t esign = e < 0 ? 1 : 0;
      if (a == 0) return sign | (0b0001u << 3) | m;
      if (a == 1) return sign | (0b001u << 4) | (esign << 3) | m;
      if (a <= 3) return sign | (0b01u << 5) | (esign << 4) | (uint32_t(a - 2) << 3) | m;
      if (a <= 7) return sign | (0b10u << 5) | (esign << 4) | (uint32_t(a - 4) << 2) | m;
      return sign | (0b11u << 5) | (esign << 4) | (uint32_t(a - 8) << 1) | m;
    }
    default: {
      uint32_t sign = negative ? SignBit(f) : 0;
      int emin = 1 - f.bias;
      if (e < emin) {
        int s = q - (emin - f.mant_bits);
        uint64_t field = s >= 0 ? count << s : count >> -s;
        return sign | static_cast<uint32_t>(field);
      }
      int s = q - (e - f.mant_bits);
      uint64_t scaled = s >= 0 ? count << s : count >> -s;
      uint32_t field = static_cast<uint32_t>(scaled) & FieldMask(f);
      return sign | (static_cast<uint32_t>(e + f.bias) << f.mant_bits) | field;
    }
  }
}

// Values of E8M0 are positive: what zero, negatives and NaN become.
uint32_t E8M0OutOfDomain(bool saturate) { return saturate ? 0x00 : 0xFF; }

}  // namespace

bool IsFloatFormat(DataType dtype) { return FindFormat(dtype) != nullptr; }

ExactNumber DecodeFloat(DataType dtype, uint32_t code) {
  const Format& f = GetFormat(dtype);
  switch (f.encoding) {
    case Encoding::kExponentOnly: {
      code &= 0xFF;
      if (code == 0xFF) return ExactNumber::NaN(false, uint64_t{1} << 63);
      ExactNumber x;
      x.mantissa = 1;
      x.exponent = static_cast<int32_t>(code) - 127;
      return x;
    }
    case Encoding::kHiFloat8: {
      code &= 0xFF;
      bool negative = (code & 0x80) != 0;
      if (code == 0) return ExactNumber::Zero();
      if (code == kHiF8NaN) return ExactNumber::NaN(true, uint64_t{1} << 63);
      if ((code & 0x7F) == kHiF8Inf) return ExactNumber::Infinity(negative);
      uint32_t rest = code & 0x7F;
      ExactNumber x;
      x.negative = negative;
      int e;
      int w;
      uint32_t m;
      if ((rest >> 5) == 0b11) {
        int a = 8 + static_cast<int>((rest >> 1) & 0b111);
        e = (rest & 0x10) ? -a : a;
        w = 1;
        m = rest & 0b1;
      } else if ((rest >> 5) == 0b10) {
        int a = 4 + static_cast<int>((rest >> 2) & 0b11);
        e = (rest & 0x10) ? -a : a;
        w = 2;
        m = rest & 0b11;
      } else if ((rest >> 5) == 0b01) {
        int a = 2 + static_cast<int>((rest >> 3) & 0b1);
        e = (rest & 0x10) ? -a : a;
        w = 3;
        m = rest & 0b111;
      } else if ((rest >> 4) == 0b001) {
        e = (rest & 0x08) ? -1 : 1;
        w = 3;
        m = rest & 0b111;
      } else if ((rest >> 3) == 0b0001) {
        e = 0;
        w = 3;
        m = rest & 0b111;
      } else {
        // Denormal: 2^(M - 23); M = 0 is zero or NaN, handled above.
        x.mantissa = 1;
        x.exponent = static_cast<int32_t>(rest & 0b111) - 23;
        return x;
      }
      x.mantissa = (uint64_t{1} << w) | m;
      x.exponent = e - w;
      return x;
    }
    default:
      break;
  }
  uint32_t mask = f.bits == 32 ? 0xFFFFFFFFu : (uint32_t{1} << f.bits) - 1;
  code &= mask;
  bool negative = (code & SignBit(f)) != 0;
  uint32_t biased = (code >> f.mant_bits) & ExpMask(f);
  uint32_t field = code & FieldMask(f);
  if (biased == ExpMask(f)) {
    if (f.encoding == Encoding::kIeee) {
      if (field == 0) return ExactNumber::Infinity(negative);
      return ExactNumber::NaN(negative, static_cast<uint64_t>(field) << (64 - f.mant_bits));
    }
    if (f.encoding == Encoding::kFiniteNaN && field == FieldMask(f)) {
      return ExactNumber::NaN(negative, static_cast<uint64_t>(field) << (64 - f.mant_bits));
    }
  }
  ExactNumber x;
  x.negative = negative;
  if (biased == 0) {
    x.mantissa = field;
    x.exponent = 1 - f.bias - f.mant_bits;
  } else {
    x.mantissa = field | (uint64_t{1} << f.mant_bits);
    x.exponent = static_cast<int32_t>(biased) - f.bias - f.mant_bits;
  }
  return x;
}

uint32_t EncodeFloat(DataType dtype, const ExactNumber& x, RoundMode mode, bool saturate) {
  const Format& f = GetFormat(dtype);
  bool e8m0 = f.encoding == Encoding::kExponentOnly;
  switch (x.kind) {
    case ExactNumber::Kind::kNaN:
      if (e8m0) return E8M0OutOfDomain(saturate);
      return NaNCode(f, x.negative, x.nan_payload);
    case ExactNumber::Kind::kInfinity:
      if (e8m0 && x.negative) return E8M0OutOfDomain(saturate);
      return OverflowCode(f, x.negative, RoundMode::kRint, saturate);
    case ExactNumber::Kind::kFinite:
      break;
  }
  if (e8m0 && (x.mantissa == 0 || x.negative)) return E8M0OutOfDomain(saturate);
  if (x.mantissa == 0) return ZeroCode(f, x.negative);
  int q = QuantumExponent(f, x.Log2Floor());
  RoundedCount r = RoundScaled(x.mantissa, static_cast<int64_t>(x.exponent) - q, x.negative,
                               mode);
  if (r.overflow) return OverflowCode(f, x.negative, mode, saturate);
  if (r.count == 0) {
    // Underflow; E8M0 has no zero and stops at its smallest value.
    return e8m0 ? 0x00 : ZeroCode(f, x.negative);
  }
  if (Exceeds(r.count, q, f)) return OverflowCode(f, x.negative, mode, saturate);
  return EncodeRepresentable(f, x.negative, r.count, q);
}

namespace {

// Decoded values of every code of a format of <= 16 bits.
class DecodeTables {
 public:
  static const std::vector<float>& For(DataType dtype) {
    static const DecodeTables* const tables = new DecodeTables();
    return tables->tables_.at(dtype.code());
  }

 private:
  DecodeTables() {
    for (DataType t : {DataType::kFP16, DataType::kBF16, DataType::kFP8E4M3FN,
                       DataType::kFP8E5M2, DataType::kFP4, DataType::kFP8E8M0, DataType::kHF8}) {
      const Format& f = GetFormat(t);
      std::vector<float>& table = tables_[t.code()];
      table.resize(size_t{1} << f.bits);
      for (uint32_t c = 0; c < table.size(); ++c) {
        ExactNumber x = DecodeFloat(t, c);
        table[c] = static_cast<float>(x.ToDouble());
      }
    }
  }
  std::map<uint8_t, std::vector<float>> tables_;
};

}  // namespace

float DecodeToFloat(DataType dtype, uint32_t code) {
  if (dtype == DataType::kFP32) {
    float v;
    std::memcpy(&v, &code, sizeof(v));
    return v;
  }
  const std::vector<float>& table = DecodeTables::For(dtype);
  return table[code & (table.size() - 1)];
}

uint32_t EncodeFromFloat(DataType dtype, float value) {
  if (dtype == DataType::kFP32) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
  }
  return EncodeFloat(dtype, ExactNumber::FromDouble(value), RoundMode::kRint, false);
}

double MaxFinite(DataType dtype) {
  const MaxValue& max = GetFormat(dtype).max;
  return std::ldexp(static_cast<double>(max.mantissa), max.exponent);
}

uint32_t MaxFiniteCode(DataType dtype) { return GetFormat(dtype).max.code; }

namespace {

// Sorted finite non-negative magnitudes of a format of <= 16 bits.
const std::vector<double>& SortedMagnitudes(DataType dtype) {
  static auto* const cache = new std::map<uint8_t, std::unique_ptr<std::vector<double>>>();
  static std::once_flag once;
  std::call_once(once, [] {
    for (DataType t : {DataType::kFP16, DataType::kBF16, DataType::kFP8E4M3FN,
                       DataType::kFP8E5M2, DataType::kFP4, DataType::kFP8E8M0, DataType::kHF8}) {
      const Format& f = GetFormat(t);
      auto values = std::make_unique<std::vector<double>>();
      for (uint32_t c = 0; c < (uint32_t{1} << f.bits); ++c) {
        ExactNumber x = DecodeFloat(t, c);
        if (x.IsFinite() && !x.negative) values->push_back(x.ToDouble());
      }
      std::sort(values->begin(), values->end());
      values->erase(std::unique(values->begin(), values->end()), values->end());
      (*cache)[t.code()] = std::move(values);
    }
  });
  return *cache->at(dtype.code());
}

}  // namespace

int64_t FloatOrdinal(DataType dtype, uint32_t code) {
  ExactNumber x = DecodeFloat(dtype, code);
  PTO_CHECK(x.IsFinite()) << "FloatOrdinal of a non-finite code";
  if (dtype == DataType::kFP32) {
    int64_t magnitude = static_cast<int64_t>(code & 0x7FFFFFFFu);
    return x.negative ? -magnitude : magnitude;
  }
  const std::vector<double>& sorted = SortedMagnitudes(dtype);
  double v = std::fabs(x.ToDouble());
  int64_t index = std::lower_bound(sorted.begin(), sorted.end(), v) - sorted.begin();
  // E8M0 has no zero: its smallest value is ordinal 0.
  return x.negative ? -index : index;
}

}  // namespace pto::sim
