#include "sim/numerics/element_convert.h"

#include "ir/check.h"
#include "sim/numerics/float_formats.h"
#include "sim/numerics/rounding.h"

namespace pto::sim {

using ir::DataType;

uint64_t ElementMask(DataType dtype) {
  int bits = dtype.IsBool() ? 8 : dtype.bits();
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

int64_t IntMin(DataType dtype) {
  if (!dtype.IsSignedInt()) return 0;
  return dtype.bits() >= 64 ? INT64_MIN : -(int64_t{1} << (dtype.bits() - 1));
}

uint64_t IntMax(DataType dtype) {
  if (dtype.IsBool()) return 1;
  int bits = dtype.bits();
  if (dtype.IsSignedInt()) return (uint64_t{1} << (bits - 1)) - 1;
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

ExactNumber DecodeElement(DataType dtype, uint64_t bits) {
  if (dtype.IsFloat()) return DecodeFloat(dtype, static_cast<uint32_t>(bits));
  if (dtype.IsBool()) return ExactNumber::FromUInt((bits & 0xFF) != 0 ? 1 : 0);
  int width = dtype.bits();
  if (dtype.IsUnsignedInt()) return ExactNumber::FromUInt(bits & ElementMask(dtype));
  // Sign-extend from the element width.
  uint64_t v = bits & ElementMask(dtype);
  if (width < 64 && ((v >> (width - 1)) & 1) != 0) v |= ~ElementMask(dtype);
  return ExactNumber::FromInt(static_cast<int64_t>(v));
}

namespace {

uint64_t EncodeInteger(uint64_t mask, int64_t min, uint64_t max, const ExactNumber& x,
                       ir::RoundMode mode, bool saturate) {
  if (x.IsNaN()) return 0;
  if (x.IsInfinity()) {
    if (!saturate) return 0;
    return (x.negative ? static_cast<uint64_t>(min) : max) & mask;
  }
  RoundedCount r = RoundScaled(x.mantissa, x.exponent, x.negative, mode);
  if (saturate) {
    if (x.negative && (r.count != 0 || r.overflow)) {
      uint64_t limit = ~static_cast<uint64_t>(min) + 1;  // |min|
      if (r.overflow || r.count > limit) return static_cast<uint64_t>(min) & mask;
      return (~r.count + 1) & mask;
    }
    if (r.overflow || r.count > max) return max & mask;
    return r.count & mask;
  }
  // Wrap: the low 64 bits of the exact rounded integer.
  uint64_t low = r.count;
  if (r.overflow) {
    // >= 2^64: a left shift of the mantissa (whose low bits survive), or a
    // carry out of 2^64 - 1 (all of whose low bits are zero).
    low = x.exponent < 0 || x.exponent >= 64 ? 0 : x.mantissa << x.exponent;
  }
  if (x.negative) low = ~low + 1;
  return low & mask;
}

}  // namespace

uint64_t EncodeElement(DataType dtype, const ExactNumber& x, ir::RoundMode mode, bool saturate) {
  if (dtype.IsFloat()) return EncodeFloat(dtype, x, mode, saturate);
  if (dtype.IsBool()) return x.IsZero() ? 0 : 1;
  PTO_CHECK(dtype.IsInt()) << dtype.name();
  return EncodeInteger(ElementMask(dtype), IntMin(dtype), IntMax(dtype), x, mode, saturate);
}

ElementConverter::ElementConverter(const ElementCast& cast) : cast_(cast) {
  auto kind = [](DataType t) {
    if (t.IsFloat()) return Kind::kFloat;
    if (t.IsBool()) return Kind::kBool;
    return t.IsSignedInt() ? Kind::kSigned : Kind::kUnsigned;
  };
  src_kind_ = kind(cast.src);
  dst_kind_ = kind(cast.dst);
  src_width_ = cast.src.IsBool() ? 8 : cast.src.bits();
  src_mask_ = ElementMask(cast.src);
  dst_mask_ = ElementMask(cast.dst);
  dst_min_ = dst_kind_ == Kind::kFloat ? 0 : IntMin(cast.dst);
  dst_max_ = dst_kind_ == Kind::kFloat ? 0 : IntMax(cast.dst);
}

ExactNumber ElementConverter::Decode(uint64_t bits) const {
  switch (src_kind_) {
    case Kind::kFloat:
      return DecodeFloat(cast_.src, static_cast<uint32_t>(bits));
    case Kind::kBool:
      return ExactNumber::FromUInt((bits & 0xFF) != 0 ? 1 : 0);
    case Kind::kUnsigned:
      return ExactNumber::FromUInt(bits & src_mask_);
    case Kind::kSigned: {
      uint64_t v = bits & src_mask_;
      if (src_width_ < 64 && ((v >> (src_width_ - 1)) & 1) != 0) v |= ~src_mask_;
      return ExactNumber::FromInt(static_cast<int64_t>(v));
    }
  }
  return ExactNumber();
}

uint64_t ElementConverter::operator()(uint64_t bits) const {
  ExactNumber x = Decode(bits);
  switch (dst_kind_) {
    case Kind::kFloat:
      return EncodeFloat(cast_.dst, x, cast_.mode, cast_.saturate);
    case Kind::kBool:
      return x.IsZero() ? 0 : 1;
    default:
      return EncodeInteger(dst_mask_, dst_min_, dst_max_, x, cast_.mode, cast_.saturate);
  }
}

}  // namespace pto::sim
