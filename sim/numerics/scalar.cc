#include "sim/numerics/scalar.h"

#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/arith/int_eval.h"
#include "sim/numerics/element_convert.h"
#include "sim/numerics/float_formats.h"

namespace pto::sim {

using ir::BinaryOp;
using ir::DataType;
using ir::UnaryOp;

namespace {

__int128 Wide(const Scalar& s) {
  if (s.dtype.IsUnsignedInt() && s.dtype.bits() >= 64) {
    return static_cast<__int128>(static_cast<uint64_t>(s.i));
  }
  return s.i;
}

absl::StatusOr<Scalar> FloatBinary(BinaryOp op, const Scalar& a, const Scalar& b,
                                   DataType result) {
  // FP32 arithmetic is IEEE single; narrower floats round from the float result.
  float x = static_cast<float>(a.IsFloat() ? a.f : static_cast<double>(a.i));
  float y = static_cast<float>(b.IsFloat() ? b.f : static_cast<double>(b.i));
  float r;
  switch (op) {
    case BinaryOp::kAdd: r = x + y; break;
    case BinaryOp::kSub: r = x - y; break;
    case BinaryOp::kMul: r = x * y; break;
    case BinaryOp::kFloatDiv: r = x / y; break;
    case BinaryOp::kFloorDiv: r = std::floor(x / y); break;
    case BinaryOp::kFloorMod: {
      r = std::fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      break;
    }
    case BinaryOp::kPow: r = std::pow(x, y); break;
    case BinaryOp::kMin: r = std::isnan(x) || std::isnan(y) ? NAN : (y < x ? y : x); break;
    case BinaryOp::kMax: r = std::isnan(x) || std::isnan(y) ? NAN : (y > x ? y : x); break;
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("scalar operator ", static_cast<int>(op), " is not defined on floats"));
  }
  return Scalar::Float(result, r);
}

absl::StatusOr<Scalar> IntBinary(BinaryOp op, const Scalar& a, const Scalar& b, DataType result) {
  absl::StatusOr<int64_t> r = ir::EvalIntBinary(op, Wide(a), Wide(b), result);
  if (!r.ok()) return r.status();
  return Scalar::Int(result, *r);
}

bool Compare(BinaryOp op, const Scalar& a, const Scalar& b) {
  if (a.IsFloat() || b.IsFloat()) {
    double x = a.IsFloat() ? a.f : static_cast<double>(Wide(a));
    double y = b.IsFloat() ? b.f : static_cast<double>(Wide(b));
    return ir::CompareValues(op, x, y);
  }
  return ir::CompareValues(op, Wide(a), Wide(b));
}

}  // namespace

Scalar Scalar::Int(DataType dtype, int64_t value) {
  Scalar s;
  s.dtype = dtype;
  s.i = ir::WrapInt(dtype, static_cast<uint64_t>(value));
  return s;
}

Scalar Scalar::Float(DataType dtype, double value) {
  Scalar s;
  s.dtype = dtype;
  if (dtype == DataType::kFP32) {
    s.f = static_cast<double>(static_cast<float>(value));
  } else {
    uint32_t code = EncodeFloat(dtype, ExactNumber::FromDouble(value), ir::RoundMode::kRint,
                                false);
    s.f = DecodeFloat(dtype, code).ToDouble();
  }
  return s;
}

Scalar Scalar::Bool(bool value) { return Int(DataType::kBool, value ? 1 : 0); }

Scalar Scalar::FromElementBits(DataType dtype, uint64_t bits) {
  Scalar s;
  s.dtype = dtype;
  if (dtype.IsFloat()) {
    s.f = DecodeFloat(dtype, static_cast<uint32_t>(bits)).ToDouble();
  } else {
    s.i = ir::WrapInt(dtype, bits);
  }
  return s;
}

ExactNumber Scalar::ToExact() const {
  if (IsFloat()) return ExactNumber::FromDouble(f);
  if (dtype.IsUnsignedInt()) return ExactNumber::FromUInt(static_cast<uint64_t>(i));
  return ExactNumber::FromInt(i);
}

uint64_t Scalar::ToElementBits() const {
  if (IsFloat()) return EncodeFloat(dtype, ExactNumber::FromDouble(f), ir::RoundMode::kRint, false);
  return static_cast<uint64_t>(i) & ElementMask(dtype);
}

std::string Scalar::ToString() const {
  if (IsFloat()) return absl::StrCat(f, " (", dtype.name(), ")");
  if (dtype.IsUnsignedInt()) return absl::StrCat(static_cast<uint64_t>(i), " (", dtype.name(), ")");
  return absl::StrCat(i, " (", dtype.name(), ")");
}

absl::StatusOr<Scalar> EvalBinary(BinaryOp op, const Scalar& a, const Scalar& b, DataType result) {
  if (ir::IsComparison(op)) return Scalar::Bool(Compare(op, a, b));
  if (ir::IsLogical(op)) {
    bool x = a.Truthy();
    bool y = b.Truthy();
    bool r = op == BinaryOp::kAnd ? (x && y) : op == BinaryOp::kOr ? (x || y) : (x != y);
    return Scalar::Bool(r);
  }
  if (result.IsFloat()) return FloatBinary(op, a, b, result);
  if (a.IsFloat() || b.IsFloat()) {
    // An integer-typed result of float operands: compute in float, convert.
    absl::StatusOr<Scalar> r = FloatBinary(op, a, b, DataType::kFP32);
    if (!r.ok()) return r.status();
    return CastScalar(*r, result);
  }
  return IntBinary(op, a, b, result);
}

absl::StatusOr<Scalar> EvalUnary(UnaryOp op, const Scalar& a, DataType result) {
  switch (op) {
    case UnaryOp::kCast:
      return CastScalar(a, result);
    case UnaryOp::kNot:
      return Scalar::Bool(!a.Truthy());
    case UnaryOp::kNeg:
      if (a.IsFloat()) return Scalar::Float(result, -a.f);
      return Scalar::Int(result, static_cast<int64_t>(0 - static_cast<uint64_t>(a.i)));
    case UnaryOp::kAbs:
      if (a.IsFloat()) return Scalar::Float(result, std::fabs(a.f));
      return Scalar::Int(result, a.i < 0 && !a.dtype.IsUnsignedInt()
                                     ? static_cast<int64_t>(0 - static_cast<uint64_t>(a.i))
                                     : a.i);
    case UnaryOp::kBitNot:
      if (a.IsFloat()) return absl::InvalidArgumentError("operator ~ is not defined on floats");
      return Scalar::Int(result, static_cast<int64_t>(~static_cast<uint64_t>(a.i)));
  }
  return absl::InvalidArgumentError("unknown unary operator");
}

Scalar CastScalar(const Scalar& a, DataType to) {
  if (to.IsBool()) return Scalar::Bool(a.Truthy());
  if (to.IsFloat()) {
    if (a.IsFloat()) return Scalar::Float(to, a.f);
    uint64_t bits = EncodeElement(to, a.ToExact(), ir::RoundMode::kRint, false);
    return Scalar::FromElementBits(to, bits);
  }
  if (a.IsFloat()) {
    uint64_t bits = EncodeElement(to, a.ToExact(), ir::RoundMode::kTrunc, true);
    return Scalar::FromElementBits(to, bits);
  }
  return Scalar::Int(to, a.i);
}

}  // namespace pto::sim
