// Element-wise tile arithmetic: tile-tile (add, sub, mul, div, maximum,
// minimum, fmod, the partial part_add/part_mul/part_max/part_min),
// tile-scalar (adds, subs, muls, divs, maximums, minimums, fmods, lrelu), the
// three-operand forms (rem/rems with a scratch tile, addc/subc, addsc/subsc,
// prelu) and the unary neg and abs. All run on Vec tiles and produce Vec
// tiles.
//
//   r = pl.tile.rem(a, b, tmp)          # tmp: the scratch tile TREM needs
//   s = pl.tile.addsc(a, 2.0, c)        # a + 2.0 + c

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
  return BroadcastTileResult(dc, lhs, rhs, PromoteDataTypes(lhs->dtype(), rhs->dtype()));
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
  return SameShapeTileResult(dc, lhs, lhs->dtype());
}

// tile op scalar: the tile's shape and dtype (the scalar is narrowed at run
// time); view inherited from the tile.
absl::StatusOr<const Type*> DeduceTileScalar(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  (void)rhs;
  return SameShapeTileResult(dc, lhs, lhs->dtype());
}

absl::StatusOr<const Type*> DeduceTileSubs(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, lhs->dtype(), kSubsDTypes, "tile dtype"));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, rhs->dtype(), kSubsDTypes, "scalar dtype"));
  return SameShapeTileResult(dc, lhs, lhs->dtype());
}

absl::StatusOr<const Type*> DeduceTileUnary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  return SameShapeTileResult(dc, tile, tile->dtype());
}

void RegisterBinary(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Deduce(DeduceTileBinary);
}

void RegisterTileScalar(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Deduce(DeduceTileScalar);
}

void RegisterUnary(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("tile")
      .Deduce(DeduceTileUnary);
}

// lhs op rhs with a scratch tile (tile.rem): as DeduceTileBinary, the tmp
// only has to be a tile.
absl::StatusOr<const Type*> DeduceTileBinaryWithTmp(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 2).status());
  return BroadcastTileResult(dc, lhs, rhs, PromoteDataTypes(lhs->dtype(), rhs->dtype()));
}

// lhs op rhs op rhs2 over three tiles (addc, subc): dtype promoted and shape
// broadcast across all three; view from lhs.
absl::StatusOr<const Type*> DeduceTileTriTile(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs2, ExpectTile(dc, 2));
  absl::StatusOr<DimVec> shape12 = BroadcastShapes(lhs->shape(), rhs->shape());
  if (!shape12.ok()) return dc.Error(shape12.status().message());
  absl::StatusOr<DimVec> shape = BroadcastShapes(*shape12, rhs2->shape());
  if (!shape.ok()) return dc.Error(shape.status().message());
  DataType dtype =
      PromoteDataTypes(PromoteDataTypes(lhs->dtype(), rhs->dtype()), rhs2->dtype());
  return MakeTile(dc, dtype, *shape, MemorySpace::kVec, InheritedView(dc.ctx(), lhs, *shape));
}

// (tile, scalar, tile): addsc/subsc (the third tile is an operand) and
// rems (the third tile is TREMS's scratch). Upstream promotes the dtype over
// all three and broadcasts the two tiles' shapes for both uses.
absl::StatusOr<const Type*> DeduceTileScalarTile(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const ScalarType* scalar, ExpectScalar(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs2, ExpectTile(dc, 2));
  DataType dtype =
      PromoteDataTypes(PromoteDataTypes(lhs->dtype(), scalar->dtype()), rhs2->dtype());
  return BroadcastTileResult(dc, lhs, rhs2, dtype);
}

// TPRELU: src and slope share dtype (FP16/FP32), rank-2 physical shape and
// valid shape; tmp is a rank-2 tile. The result mirrors src.
absl::StatusOr<const Type*> DeduceTilePrelu(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* slope, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 2));
  constexpr DataType kPreluDTypes[] = {DataType::kFP16, DataType::kFP32};
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kPreluDTypes, "tile dtype"));
  if (slope->dtype() != src->dtype()) {
    return dc.Error(absl::StrCat("slope dtype must match the tile dtype, got ",
                                 slope->dtype().name(), " and ", src->dtype().name()));
  }
  if (src->rank() != 2) return dc.Error(absl::StrCat("tile must be rank 2, got rank ", src->rank()));
  if (!ExprListIdentical(src->shape(), slope->shape())) {
    return dc.Error(absl::StrCat("slope must have the tile's shape ", FormatShape(src->shape()),
                                 ", got ", FormatShape(slope->shape())));
  }
  ExprSpan sv = src->ValidShape();
  ExprSpan lv = slope->ValidShape();
  for (size_t d = 0; d < sv.size(); ++d) {
    if (ProveEqual(sv[d], lv[d]) != Proof::kTrue) {
      return dc.Error(absl::StrCat("slope must have the tile's valid shape ", FormatShape(sv),
                                   ", got ", FormatShape(lv)));
    }
  }
  if (tmp->rank() != 2) return dc.Error(absl::StrCat("tmp must be rank 2, got rank ", tmp->rank()));
  return SameShapeTileResult(dc, src, src->dtype());
}

void RegisterBinaryWithTmp(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Arg("tmp")
      .Deduce(DeduceTileBinaryWithTmp);
}

// Partial ops name their operands src0/src1 (upstream's schema).
void RegisterPartial(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("src0")
      .Arg("src1")
      .Deduce(DeduceTileBinary);
}

void RegisterThreeOperand(OpRegistry& registry, absl::string_view name, absl::string_view doc,
                          DeduceFn deduce) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Arg("rhs2")
      .Deduce(deduce);
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
      .VecOperands()
      .Doc("Element-wise quotient of two tiles of one dtype, shape and valid shape.")
      .Arg("lhs")
      .Arg("rhs")
      .OptionalKwarg("high_precision", AttrKind::kBool)
      .Deduce(DeduceTileDiv);

  RegisterTileScalar(registry, "tile.adds", "Adds a scalar to every element of a tile.");
  registry.Register("tile.subs")
      .Category(OpCategory::kTile)
      .VecOperands()
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

  RegisterBinaryWithTmp(registry, "tile.rem",
                        "Element-wise remainder of two tiles, with broadcasting and a scratch "
                        "tile (TREM).");
  registry.Register("tile.rems")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise remainder of a tile by a scalar, with a scratch tile (TREMS).")
      .Arg("lhs")
      .Arg("rhs")
      .Arg("tmp")
      .Deduce(DeduceTileScalarTile);
  RegisterBinary(registry, "tile.fmod",
                 "Element-wise floating-point remainder of two tiles, with broadcasting.");
  RegisterTileScalar(registry, "tile.fmods",
                     "Element-wise floating-point remainder of a tile by a scalar.");
  RegisterPartial(registry, "tile.part_add",
                  "Partial element-wise sum: where only one source is valid, copies it.");
  RegisterPartial(registry, "tile.part_mul",
                  "Partial element-wise product: where only one source is valid, copies it.");
  RegisterPartial(registry, "tile.part_max",
                  "Partial element-wise maximum: where only one source is valid, copies it.");
  RegisterPartial(registry, "tile.part_min",
                  "Partial element-wise minimum: where only one source is valid, copies it.");
  RegisterThreeOperand(registry, "tile.addc", "Element-wise lhs + rhs + rhs2 over three tiles.",
                       DeduceTileTriTile);
  RegisterThreeOperand(registry, "tile.subc", "Element-wise lhs - rhs - rhs2 over three tiles.",
                       DeduceTileTriTile);
  RegisterThreeOperand(registry, "tile.addsc",
                       "Element-wise lhs + scalar + rhs2 over two tiles and a scalar.",
                       DeduceTileScalarTile);
  RegisterThreeOperand(registry, "tile.subsc",
                       "Element-wise lhs - scalar - rhs2 over two tiles and a scalar.",
                       DeduceTileScalarTile);
  registry.Register("tile.prelu")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Parametric ReLU of a tile with a slope tile and a scratch tile (TPRELU).")
      .Arg("tile")
      .Arg("slope")
      .Arg("tmp")
      .Deduce(DeduceTilePrelu);
  registry.Register("tile.lrelu")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Leaky ReLU of a tile with a scalar slope: max(x, slope * x).")
      .Arg("tile")
      .Arg("slope")
      .Deduce(DeduceTileScalar);
}

}  // namespace pto::ir
