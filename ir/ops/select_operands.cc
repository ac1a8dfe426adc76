#include "ir/ops/select_operands.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace pto::ir {
namespace {

// The value range of an integer dtype, as [lo, hi] in int64 (UINT64 is capped
// at INT64_MAX: a literal is an int64).
struct IntRange {
  int64_t lo;
  int64_t hi;
};

IntRange RangeOf(DataType dtype) {
  int bits = dtype.bits();
  if (bits >= 64) {
    return {dtype.IsUnsignedInt() ? 0 : std::numeric_limits<int64_t>::min(),
            std::numeric_limits<int64_t>::max()};
  }
  if (dtype.IsUnsignedInt()) return {0, (int64_t{1} << bits) - 1};
  return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1};
}

// The literal's value as an exact int64, if it has one.
std::optional<int64_t> IntegralValue(const Expr* literal) {
  if (const auto* i = literal->As<ConstInt>()) return i->value();
  const auto* f = literal->As<ConstFloat>();
  double v = f->value();
  // 2^63 is the first double beyond int64.
  if (!std::isfinite(v) || std::trunc(v) != v || v < -9223372036854775808.0 ||
      v >= 9223372036854775808.0) {
    return std::nullopt;
  }
  return static_cast<int64_t>(v);
}

}  // namespace

const Expr* RetypeSelectLiteral(Context& ctx, const Expr* literal, DataType dtype) {
  bool is_int = literal->Is<ConstInt>();
  if (!is_int && !literal->Is<ConstFloat>()) return nullptr;
  if (dtype.IsFloat()) {
    if (const auto* f = literal->As<ConstFloat>()) {
      return f->dtype() == dtype ? f : ctx.Float(f->value(), dtype, f->loc());
    }
    const auto* i = literal->As<ConstInt>();
    return ctx.Float(static_cast<double>(i->value()), dtype, i->loc());
  }
  if (!dtype.IsInt()) return nullptr;  // BOOL: tile.full has no boolean literal
  std::optional<int64_t> v = IntegralValue(literal);
  if (!v) return nullptr;
  IntRange range = RangeOf(dtype);
  if (*v < range.lo || *v > range.hi) return nullptr;
  if (const auto* i = literal->As<ConstInt>(); i != nullptr && i->dtype() == dtype) return i;
  return ctx.Int(*v, dtype, literal->loc());
}

DataType TselsScalarDataType(DataType src) {
  switch (src.code()) {
    case DataType::kUInt8: return DataType::kInt8;
    case DataType::kUInt16: return DataType::kInt16;
    case DataType::kUInt32: return DataType::kInt32;
    default: return src;
  }
}

}  // namespace pto::ir
