#include "ir/type.h"

#include "absl/algorithm/container.h"

namespace pto::ir {

TileView ImplicitTileView(std::optional<MemorySpace> space, TileLayout shape_blayout) {
  TileView view;
  view.blayout = shape_blayout;
  view.slayout = TileLayout::kNoneBox;
  view.fractal = 512;
  if (!space) return view;
  switch (*space) {
    case MemorySpace::kMat:
    case MemorySpace::kLeft:
      view.blayout = TileLayout::kColMajor;
      view.slayout = TileLayout::kRowMajor;
      break;
    case MemorySpace::kRight:
      view.slayout = TileLayout::kColMajor;
      break;
    case MemorySpace::kAcc:
      view.blayout = TileLayout::kColMajor;
      view.slayout = TileLayout::kRowMajor;
      view.fractal = 1024;
      break;
    case MemorySpace::kLeftScale:
      view.blayout = TileLayout::kRowMajor;
      view.slayout = TileLayout::kRowMajor;
      view.fractal = 32;
      break;
    case MemorySpace::kRightScale:
      view.blayout = TileLayout::kColMajor;
      view.slayout = TileLayout::kColMajor;
      view.fractal = 32;
      break;
    case MemorySpace::kDDR:
    case MemorySpace::kVec:
    case MemorySpace::kBias:
    case MemorySpace::kScalarLocal:
      break;
  }
  return view;
}

TileView TileType::EffectiveView() const {
  return view_ ? *view_ : ImplicitTileView(memory_space_, shape_blayout_);
}

bool SameTileUpToView(const Type* a, const Type* b) {
  const auto* ta = a->As<TileType>();
  const auto* tb = b->As<TileType>();
  if (ta == nullptr || tb == nullptr) return false;
  // Interned dims: equal static extents and the same symbol are one object.
  return ta->dtype() == tb->dtype() && ta->memory_space() == tb->memory_space() &&
         absl::c_equal(ta->shape(), tb->shape());
}

bool AnnotationMayRetype(const Type* deduced, const Type* annotated) {
  if (deduced == annotated) return true;
  if (deduced == nullptr || annotated == nullptr) return false;
  if (deduced->Is<UnknownType>()) return true;
  if (deduced->kind() != annotated->kind()) return false;
  if (const auto* d = deduced->As<ScalarType>()) {
    DataType a = annotated->As<ScalarType>()->dtype();
    return d->dtype() == DataType::kIndex && a.IsInt();
  }
  const auto* d = deduced->As<ShapedType>();
  const auto* a = annotated->As<ShapedType>();
  if (d == nullptr) return false;
  // Interned dims: equal static extents and the same symbol are one object.
  return d->dtype() == a->dtype() && absl::c_equal(d->shape(), a->shape());
}

absl::string_view HandleTypeSpelling(HandleKind kind) {
  switch (kind) {
    case HandleKind::kPtr: return "pl.Ptr";
    case HandleKind::kPrefetchAsyncContext: return "pl.PrefetchAsyncContext";
    case HandleKind::kAsyncEvent: return "pl.AsyncEvent";
    case HandleKind::kAsyncSession: return "pl.AsyncSession";
  }
  return "?";
}

const Type* WithoutMemRef(const Type* t) {
  if (t == nullptr) return t;
  const auto* shaped = t->As<ShapedType>();
  return shaped != nullptr ? shaped->bare() : t;
}

bool SameTypeIgnoringMemRef(const Type* a, const Type* b) {
  if (a == b) return true;
  if (a == nullptr || b == nullptr) return false;
  const auto* ta = a->As<TupleType>();
  const auto* tb = b->As<TupleType>();
  if (ta != nullptr && tb != nullptr) {
    auto ea = ta->elements();
    auto eb = tb->elements();
    if (ea.size() != eb.size()) return false;
    for (size_t i = 0; i < ea.size(); ++i) {
      if (!SameTypeIgnoringMemRef(ea[i], eb[i])) return false;
    }
    return true;
  }
  return WithoutMemRef(a) == WithoutMemRef(b);
}

std::optional<DataType> ElementType(const Type* type) {
  if (const auto* scalar = type->As<ScalarType>()) return scalar->dtype();
  if (const auto* shaped = type->As<ShapedType>()) return shaped->dtype();
  return std::nullopt;
}

}  // namespace pto::ir
