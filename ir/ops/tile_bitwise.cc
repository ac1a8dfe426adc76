// Bitwise and shift tile ops on integer tiles: tile-tile and, or, xor, shl,
// shr; tile-scalar ands, ors, xors, shls, shrs; the unary not.
//
//   m = pl.tile.and_(a, b)              # `and` is a Python keyword
//   x = pl.tile.xor(a, b, tmp)          # TXOR needs a scratch tile
//   s = pl.tile.shls(a, 3)              # the shift amount is an integer scalar
//
// and/or/xor promote their operand dtypes like tile.add; a shift keeps the
// shifted tile's dtype whatever the amount's. tile.not is INT16/UINT16 only
// (TNOT's element types).

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kNotDTypes[] = {DataType::kInt16, DataType::kUInt16};

// and, or: integer tiles, promoted and broadcast.
absl::StatusOr<const Type*> DeduceBitwiseBinary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntDType(dc, lhs->dtype(), "lhs dtype"));
  PTO_RETURN_IF_ERROR(ExpectIntDType(dc, rhs->dtype(), "rhs dtype"));
  return BroadcastTileResult(dc, lhs, rhs, PromoteDataTypes(lhs->dtype(), rhs->dtype()));
}

// xor: as and/or plus TXOR's scratch tile.
absl::StatusOr<const Type*> DeduceBitwiseBinaryWithTmp(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 2).status());
  return DeduceBitwiseBinary(dc);
}

// shl, shr: rhs holds the per-element shift amounts; the result keeps lhs's
// dtype (as the scalar forms do).
absl::StatusOr<const Type*> DeduceShiftBinary(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntDType(dc, lhs->dtype(), "lhs dtype"));
  PTO_RETURN_IF_ERROR(ExpectIntDType(dc, rhs->dtype(), "rhs (shift amount) dtype"));
  return BroadcastTileResult(dc, lhs, rhs, lhs->dtype());
}

// ands, ors, shls, shrs (and xors, whose third operand is a scratch tile):
// an integer tile and an integer scalar of any width (codegen narrows it to
// i32); the result is the tile's type.
absl::StatusOr<const Type*> DeduceBitwiseScalar(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntDType(dc, lhs->dtype(), "lhs dtype"));
  PTO_ASSIGN_OR_RETURN(const ScalarType* rhs, ExpectScalar(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntDType(dc, rhs->dtype(), "rhs dtype"));
  if (dc.num_args() > 2) PTO_RETURN_IF_ERROR(ExpectTile(dc, 2).status());
  return SameShapeTileResult(dc, lhs, lhs->dtype());
}

absl::StatusOr<const Type*> DeduceNot(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, tile->dtype(), kNotDTypes, "tile dtype"));
  return SameShapeTileResult(dc, tile, tile->dtype());
}

void RegisterTwoOperand(OpRegistry& registry, absl::string_view name, absl::string_view doc,
                        DeduceFn deduce) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Deduce(deduce);
}

void RegisterWithTmp(OpRegistry& registry, absl::string_view name, absl::string_view doc,
                     DeduceFn deduce) {
  registry.Register(name)
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc(doc)
      .Arg("lhs")
      .Arg("rhs")
      .Arg("tmp")
      .Deduce(deduce);
}

}  // namespace

void RegisterTileBitwiseOps(OpRegistry& registry) {
  RegisterTwoOperand(registry, "tile.and", "Element-wise bitwise AND of two integer tiles.",
                     DeduceBitwiseBinary);
  RegisterTwoOperand(registry, "tile.or", "Element-wise bitwise OR of two integer tiles.",
                     DeduceBitwiseBinary);
  RegisterWithTmp(registry, "tile.xor",
                  "Element-wise bitwise XOR of two integer tiles, with a scratch tile (TXOR).",
                  DeduceBitwiseBinaryWithTmp);
  RegisterTwoOperand(registry, "tile.shl",
                     "Element-wise left shift of an integer tile by a tile of amounts.",
                     DeduceShiftBinary);
  RegisterTwoOperand(registry, "tile.shr",
                     "Element-wise right shift of an integer tile by a tile of amounts.",
                     DeduceShiftBinary);
  RegisterTwoOperand(registry, "tile.ands",
                     "Bitwise AND of every element of an integer tile with an integer scalar.",
                     DeduceBitwiseScalar);
  RegisterTwoOperand(registry, "tile.ors",
                     "Bitwise OR of every element of an integer tile with an integer scalar.",
                     DeduceBitwiseScalar);
  RegisterWithTmp(registry, "tile.xors",
                  "Bitwise XOR of every element of an integer tile with an integer scalar, with "
                  "a scratch tile (TXORS).",
                  DeduceBitwiseScalar);
  RegisterTwoOperand(registry, "tile.shls",
                     "Left shift of every element of an integer tile by an integer scalar.",
                     DeduceBitwiseScalar);
  RegisterTwoOperand(registry, "tile.shrs",
                     "Right shift of every element of an integer tile by an integer scalar.",
                     DeduceBitwiseScalar);
  registry.Register("tile.not")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Element-wise bitwise NOT of an INT16 or UINT16 tile.")
      .Arg("tile")
      .Deduce(DeduceNot);
}

}  // namespace pto::ir
