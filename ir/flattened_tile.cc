#include "ir/flattened_tile.h"

#include <cstdint>
#include <optional>

#include "ir/expr.h"

namespace pto::ir {
namespace {

// The product of `shape`'s extents; nullopt when one is not a constant.
std::optional<int64_t> StaticElements(ExprSpan shape) {
  int64_t n = 1;
  for (const Expr* dim : shape) {
    std::optional<int64_t> v = AsConstInt(dim);
    if (!v || *v < 0) return std::nullopt;
    if (*v != 0 && n > INT64_MAX / *v) return std::nullopt;
    n *= *v;
  }
  return n;
}

}  // namespace

bool FlattenedTileRetype(absl::string_view op, const Type* deduced, const Type* annotated) {
  if (op != "tile.load" && op != "tile.create") return false;
  if (deduced == nullptr || annotated == nullptr) return false;
  const auto* d = deduced->As<TileType>();
  const auto* a = annotated->As<TileType>();
  if (d == nullptr || a == nullptr) return false;
  if (d->rank() <= 2 || a->rank() > 2 || d->dtype() != a->dtype()) return false;
  std::optional<int64_t> dn = StaticElements(d->shape());
  std::optional<int64_t> an = StaticElements(a->shape());
  return !dn || !an || *dn == *an;
}

}  // namespace pto::ir
