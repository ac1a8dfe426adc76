// tile.transpose: physical transpose of two axes of a tile (pto.ttrans).
//
//   kn = pl.tile.transpose(nk, 0, 1)          # [N, K] -> [K, N], data moved
//
// Unlike tile.transpose_view (a zero-copy relabelling of the same bytes),
// this moves data: the result is a fresh flat tile (row_major, none_box) in
// the source's memory space. The optional `tmp` scratch is added by
// FlattenTileNdTo2D for codegen; high-level code passes three operands.

#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

// The normalised axis of arg `i` (negative counts from the end).
absl::StatusOr<size_t> ExpectAxis(const DeduceContext& dc, size_t i, size_t rank) {
  absl::string_view name = dc.op().args()[i].name;
  std::optional<int64_t> axis = AsConstInt(dc.arg(i));
  if (!axis) {
    return dc.Error(absl::StrCat(name, " must be an integer constant, got ",
                                 FormatExpr(dc.arg(i))));
  }
  int64_t r = static_cast<int64_t>(rank);
  if (*axis < -r || *axis >= r) {
    return dc.Error(absl::StrCat(name, " ", *axis, " is out of range for a rank-", rank, " tile"));
  }
  return static_cast<size_t>(*axis < 0 ? *axis + r : *axis);
}

absl::StatusOr<const Type*> DeduceTileTranspose(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  size_t rank = src->rank();
  if (rank < 2) return dc.Error(absl::StrCat("needs a tile of rank >= 2, got rank ", rank));
  PTO_ASSIGN_OR_RETURN(size_t a, ExpectAxis(dc, 1, rank));
  PTO_ASSIGN_OR_RETURN(size_t b, ExpectAxis(dc, 2, rank));
  if (a == b) {
    return dc.Error(absl::StrCat("axis1 and axis2 must differ, both are axis ", a));
  }
  if (src->dtype() == DataType::kFP4) {
    return dc.Error("does not support FP4 (pto.ttrans has no 4-bit form)");
  }
  if (dc.num_args() > 3) {
    PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 3));
    if (tmp->dtype() != src->dtype() || tmp->rank() != rank) {
      return dc.Error(absl::StrCat("tmp must have the input's dtype and rank (",
                                   src->dtype().name(), ", rank ", rank, "), got ",
                                   tmp->dtype().name(), ", rank ", tmp->rank()));
    }
  }
  DimVec shape(src->shape().begin(), src->shape().end());
  DimVec valid(src->ValidShape().begin(), src->ValidShape().end());
  std::swap(shape[a], shape[b]);
  std::swap(valid[a], valid[b]);
  TileView view;  // a fresh flat tile: row_major, none_box
  view.valid_shape = valid;
  return MakeTile(dc, src->dtype(), shape, src->memory_space(), view);
}

}  // namespace

void RegisterTileTransposeOps(OpRegistry& registry) {
  registry.Register("tile.transpose")
      .Category(OpCategory::kTile)
      .Doc("Physical transpose swapping two axes of a tile (pto.ttrans); tmp is codegen "
           "scratch added by FlattenTileNdTo2D.")
      .Arg("input")
      .Arg("axis1")
      .Arg("axis2")
      .OptionalArg("tmp")
      .Deduce(DeduceTileTranspose);
}

}  // namespace pto::ir
