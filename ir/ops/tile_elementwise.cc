// Element-wise tile arithmetic: tile-tile (add, sub, mul, div, maximum,
// minimum), tile-scalar (adds, subs, muls, divs, maximums, minimums) and the
// unary neg and abs. All run on Vec tiles and produce Vec tiles.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kDivDTypes[] = {DataType::kInt16, DataType::kInt32, DataType::kFP16,
                                   DataType::kFP32};
constexpr DataType kSubsDTypes[] = {DataType::kInt8, DataType::kInt16, DataType::kInt32,
                                    DataType::kFP16, DataType::kFP32, DataType::kBF16};

// lhs op rhs with NumPy broadcasting; dtype promoted; valid shape and layout
// from lhs.
absl::StatusOr<const Type*> DeduceTileBinary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  absl::StatusOr<DimVec> shape = BroadcastShapes(lhs->shape(), rhs->shape());
  if (!shape.ok()) return dc.Error(shape.status().message());
  return MakeTile(dc, PromoteDataTypes(lhs->dtype(), rhs->dtype()), *shape, MemorySpace::kVec,
                  InheritedView(dc.ctx(), lhs, *shape));
}

// TDIV takes no broadcast and one element type: both sources must agree in
// dtype, physical shape and valid shape.
absl::StatusOr<const Type*> DeduceTileDiv(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  if (lhs->dtype() != rhs->dtype()) {
    return dc.Error(absl::StrCat("lhs and rhs must have the same dtype, got ", lhs->dtype().name(),
                                 " and ", rhs->dtype().name()));
  }
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs->dtype(), kDivDTypes, "dtype"));
  if (!ExprListIdentical(lhs->shape(), rhs->shape())) {
    return dc.Error(absl::StrCat("lhs and rhs must have the same shape, got ",
                                 FormatShape(lhs->shape()), " and ", FormatShape(rhs->shape())));
  }
  ExprSpan lv = lhs->ValidShape();
  ExprSpan rv = rhs->ValidShape();
  for (size_t d = 0; d < lv.size(); ++d) {
    if (ProveEqual(lv[d], rv[d]) != Proof::kTrue) {
      return dc.Error(absl::StrCat("lhs and rhs must have the same valid shape, got ",
                                   FormatShape(lv), " and ", FormatShape(rv)));
    }
  }
  if (const AttrValue* hp = dc.FindKwarg("high_precision");
      hp != nullptr && hp->bool_value() && !lhs->dtype().IsFloat()) {
    return dc.Error("high_precision is supported only for FP16 and FP32");
  }
  return MakeTile(dc, lhs->dtype(), lhs->shape(), MemorySpace::kVec, InheritedView(lhs));
}

// tile op scalar: the tile's shape and dtype (the scalar is narrowed at run
// time); view inherited from the tile.
absl::StatusOr<const Type*> DeduceTileScalar(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  (void)rhs;
  return MakeTile(dc, lhs->dtype(), lhs->shape(), MemorySpace::kVec, InheritedView(lhs));
}

absl::StatusOr<const Type*> DeduceTileSubs(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs->dtype(), kSubsDTypes, "tile dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, rhs->dtype(), kSubsDTypes, "scalar dtype"));
  return MakeTile(dc, lhs->dtype(), lhs->shape(), MemorySpace::kVec, InheritedView(lhs));
}

absl::StatusOr<const Type*> DeduceTileUnary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  return MakeTile(dc, tile->dtype(), tile->shape(), MemorySpace::kVec, InheritedView(tile));
}

void RegisterBinary(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Deduce(DeduceTileBinary);
}

void RegisterTileScalar(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Deduce(DeduceTileScalar);
}

void RegisterUnary(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .Doc(doc)
      .Arg("tile")
      .Deduce(DeduceTileUnary);
}

}  // namespace

void RegisterTileElementwiseOps(OpRegistry& registry) {
  RegisterBinary(registry, "tile.add", "Element-wise sum of two tiles, with broadcasting.");
  RegisterBinary(registry, "tile.sub", "Element-wise difference of two tiles, with broadcasting.");
  RegisterBinary(registry, "tile.mul", "Element-wise product of two tiles, with broadcasting.");
  RegisterBinary(registry, "tile.maximum",
                 "Element-wise maximum of two tiles, with broadcasting.");
  RegisterBinary(registry, "tile.minimum",
                 "Element-wise minimum of two tiles, with broadcasting.");
  registry.Register("tile.div")
      .Category(OpCategory::kTile)
      .Doc("Element-wise quotient of two tiles of one dtype, shape and valid shape.")
      .Arg("lhs")
      .Arg("rhs")
      .OptionalKwarg("high_precision", AttrKind::kBool)
      .Deduce(DeduceTileDiv);

  RegisterTileScalar(registry, "tile.adds", "Adds a scalar to every element of a tile.");
  registry.Register("tile.subs")
      .Category(OpCategory::kTile)
      .Doc("Subtracts a scalar from every element of a tile.")
      .Arg("lhs")
      .Arg("rhs")
      .Deduce(DeduceTileSubs);
  RegisterTileScalar(registry, "tile.muls", "Multiplies every element of a tile by a scalar.");
  RegisterTileScalar(registry, "tile.divs", "Divides every element of a tile by a scalar.");
  RegisterTileScalar(registry, "tile.maximums",
                     "Element-wise maximum of a tile and a scalar.");
  RegisterTileScalar(registry, "tile.minimums",
                     "Element-wise minimum of a tile and a scalar.");

  RegisterUnary(registry, "tile.neg", "Element-wise negation of a tile.");
  RegisterUnary(registry, "tile.abs", "Element-wise absolute value of a tile.");
}

}  // namespace pto::ir
