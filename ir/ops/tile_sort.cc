// Vector sorting: tile.sort32 (sorts 32-element blocks, pairing each value
// with its index) and the merge sorts tile.mrgsort_format1 (merges sorted
// runs of one tile) and tile.mrgsort_format2 (merges 2-4 sorted tiles).
//
//   s = pl.tile.sort32(vals, idx)                 # [R, C] -> [R, 2C] value/index pairs
//   m = pl.tile.mrgsort_format1(s, 64)            # runs of 64
//   m = pl.tile.mrgsort_format2(a, b, tmp, exhausted=False)
//
// The merge result has the shape of its workspace (format2's last operand).

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kSortDTypes[] = {DataType::kFP16, DataType::kFP32};
constexpr int64_t kMergeRunAlign = 64;

absl::StatusOr<const Type*> DeduceSort32(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 1).status());
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kSortDTypes, "src dtype"));
  if (src->rank() == 0) return dc.Error("requires a tile of rank >= 1");
  DimVec shape(src->shape().begin(), src->shape().end());
  shape.back() = MulExtent(dc.ctx(), shape.back(), dc.ctx().Index(2));
  TileView view = InheritedView(src);
  view.valid_shape = {};
  view.pad = PadValue::kNull;
  view.compact = CompactMode::kNull;
  return MakeTile(dc, src->dtype(), shape, MemorySpace::kVec, view);
}

absl::StatusOr<const Type*> DeduceMrgSort2(const DeduceContext& dc) {
  size_t n = dc.num_args();
  PTO_ASSIGN_OR_RETURN(const TileType* src0, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src0->dtype(), kSortDTypes, "src0 dtype"));
  for (size_t i = 1; i + 1 < n; ++i) {
    PTO_ASSIGN_OR_RETURN(const TileType* s, ExpectTile(dc, i));
    if (s->dtype() != src0->dtype()) {
      return dc.Error(absl::StrCat("requires every source of dtype ", src0->dtype().name(),
                                   ", argument ", i, " is ", s->dtype().name()));
    }
  }
  PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, n - 1));
  return MakeTile(dc, src0->dtype(), tmp->shape(), MemorySpace::kVec);
}

absl::StatusOr<const Type*> DeduceMrgSort1(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kSortDTypes, "src dtype"));
  PTO_ASSIGN_OR_RETURN(const ScalarType* len, ExpectScalar(dc, 1));
  if (!len->dtype().IsInt()) {
    return dc.Error(absl::StrCat("requires an integer block_len, got ", len->dtype().name()));
  }
  if (std::optional<int64_t> c = AsConstInt(dc.arg(1));
      c && (*c <= 0 || *c % kMergeRunAlign != 0)) {
    return dc.Error(absl::StrCat("requires block_len to be a positive multiple of ",
                                 kMergeRunAlign, ", got ", *c));
  }
  return MakeTile(dc, src->dtype(), src->shape(), MemorySpace::kVec);
}

}  // namespace

void RegisterTileSortOps(OpRegistry& registry) {
  registry.Register("tile.sort32")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Sorts each 32-element block of src, returning interleaved value/index pairs.")
      .Arg("src")
      .Arg("idx")
      .Deduce(DeduceSort32);
  registry.Register("tile.mrgsort_format2")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Merges 2-4 sorted tiles (src0, src1[, src2[, src3]], tmp) into tmp's shape.")
      .Arg("src0")
      .Arg("src1")
      .Arg("tmp_or_src2")
      .OptionalArg("tmp_or_src3")
      .OptionalArg("tmp")
      .Kwarg("exhausted", AttrKind::kBool, AttrValue::Bool(false))
      .Deduce(DeduceMrgSort2);
  registry.Register("tile.mrgsort_format1")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Merges the sorted runs of block_len elements inside one tile.")
      .Arg("src")
      .Arg("block_len")
      .Deduce(DeduceMrgSort1);
}

}  // namespace pto::ir
