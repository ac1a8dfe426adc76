// Tile memory ops beyond load/store (tile_memory.cc): element access
// (tile.read, tile.write), block indices (tile.get_block_idx,
// get_subblock_idx, get_block_num), moves between on-chip buffers
// (tile.move), indexed DMA (tile.mscatter, tile.mgather) and the allocation
// marker tile.alloc.
//
//   v = pl.tile.read(t, [i, j])                   # Scalar[t.dtype]
//   t = pl.tile.write(t, [i, j], v)
//   b = pl.tile.get_block_idx()                   # Scalar[INDEX]
//   l = pl.tile.move(m, target_memory=pl.Mem.Left)
//   o = pl.tile.mscatter(src, idx, out)           # out[idx[i, j]] = src[i, j]
//   g = pl.tile.mgather(table, idx, coalesce=0)   # rows table[idx[0, r], :]
//
// tile.alloc(memory_space, size) returns a pl.Ptr, the identity of an
// on-chip allocation.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kMscatterDTypes[] = {DataType::kFP16, DataType::kFP32, DataType::kInt16,
                                        DataType::kInt32};
constexpr DataType kMgatherDTypes[] = {
    DataType::kInt8,  DataType::kUInt8,     DataType::kInt16,   DataType::kUInt16,
    DataType::kInt32, DataType::kUInt32,    DataType::kFP16,    DataType::kBF16,
    DataType::kFP32,  DataType::kFP8E4M3FN, DataType::kFP8E5M2, DataType::kHF8};
constexpr int64_t kMgatherRow = 0;   // coalesce: whole rows
constexpr int64_t kMgatherElem = 1;  // coalesce: single elements
constexpr int64_t kMgatherOobMax = 3;  // undefined, clamp, wrap, zero
constexpr int64_t kMatRowAlign = 16;
constexpr int64_t kMatRowBytes = 32;

// --- element access --------------------------------------------------------------

absl::Status ExpectIndices(const DeduceContext& dc, const TileType* tile) {
  PTO_ASSIGN_OR_RETURN(ExprSpan indices, ExpectTuple(dc, 1));
  if (indices.size() != tile->rank()) {
    return dc.Error(absl::StrCat("indices count (", indices.size(), ") must match the tile rank (",
                                 tile->rank(), ")"));
  }
  return ExpectIntegerScalars(dc, indices, "indices");
}

absl::StatusOr<const Type*> DeduceRead(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIndices(dc, tile));
  return dc.ctx().GetScalarType(tile->dtype());
}

absl::StatusOr<const Type*> DeduceWrite(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIndices(dc, tile));
  PTO_ASSIGN_OR_RETURN(const ScalarType* value, ExpectScalar(dc, 2));
  if (value->dtype() != tile->dtype()) {
    return dc.Error(absl::StrCat("requires the value dtype to match the tile dtype, got ",
                                 value->dtype().name(), " and ", tile->dtype().name()));
  }
  return tile;
}

absl::StatusOr<const Type*> DeduceIndexScalar(const DeduceContext& dc) {
  return dc.ctx().GetScalarType(DataType::kIndex);
}

bool IsOnChip(MemorySpace space) { return space != MemorySpace::kDDR; }

absl::StatusOr<const Type*> DeduceAlloc(const DeduceContext& dc) {
  return DeduceAllocation(dc, IsOnChip, "an on-chip memory space");
}

// --- tile.move -----------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceMove(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  MemorySpace space = dc.FindKwarg("target_memory")->As<MemorySpace>();
  const AttrValue* blayout = dc.FindKwarg("blayout");
  const AttrValue* slayout = dc.FindKwarg("slayout");
  TileView src = tile->EffectiveView();
  DataType dtype = tile->dtype();
  bool scale = space == MemorySpace::kLeftScale || space == MemorySpace::kRightScale;
  if (scale) {
    TileLayout fixed = space == MemorySpace::kLeftScale ? TileLayout::kRowMajor
                                                        : TileLayout::kColMajor;
    if ((blayout != nullptr && blayout->As<TileLayout>() != fixed) ||
        (slayout != nullptr && slayout->As<TileLayout>() != fixed)) {
      return dc.Error(absl::StrCat("blayout/slayout cannot override the fixed layout of ",
                                   EnumName(space)));
    }
    if (tile->rank() != 2 || tile->memory_space() != MemorySpace::kMat) {
      return dc.Error(absl::StrCat("into ", EnumName(space), " needs a 2-D tile in Mat"));
    }
    if (dtype != DataType::kUInt8 && dtype != DataType::kFP8E8M0) {
      return dc.Error(absl::StrCat("into ", EnumName(space), " needs UINT8 or FP8E8M0, got ",
                                   dtype.name()));
    }
    TileLayout want = space == MemorySpace::kLeftScale ? TileLayout::kRowMajor
                                                       : TileLayout::kColMajor;
    if (src.blayout != want || src.slayout != want || src.fractal != 32) {
      return dc.Error(absl::StrCat("into ", EnumName(space), " needs a Mat source in the ",
                                   space == MemorySpace::kLeftScale ? "row/row/32" : "col/col/32",
                                   " scale layout"));
    }
    dtype = DataType::kFP8E8M0;  // the scale bytes are E8M0 exponents
  }
  PTO_ASSIGN_OR_RETURN(const TileType* in_space,
                       MakeTileWithValid(dc, dtype, tile->shape(), space, tile->ValidShape()));
  PTO_ASSIGN_OR_RETURN(const TileType* unplaced,
                       MakeTile(dc, dtype, tile->shape(), std::nullopt));
  TileView view = in_space->EffectiveView();
  TileView neutral = unplaced->EffectiveView();
  // A space without a layout of its own (Vec) keeps the source's.
  if (view.blayout == neutral.blayout && view.slayout == neutral.slayout &&
      view.fractal == neutral.fractal) {
    view.blayout = src.blayout;
    view.slayout = src.slayout;
  }
  if (space == MemorySpace::kRight) view.blayout = TileLayout::kRowMajor;
  if (blayout != nullptr) view.blayout = blayout->As<TileLayout>();
  if (slayout != nullptr) view.slayout = slayout->As<TileLayout>();
  if (src.pad != PadValue::kNull) view.pad = src.pad;
  return MakeTile(dc, dtype, tile->shape(), space, view);
}

// --- tile.mscatter / tile.mgather ------------------------------------------------------

absl::StatusOr<const Type*> DeduceMscatter(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* idx, ExpectTile(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TensorType* out, ExpectTensor(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kMscatterDTypes, "src dtype"));
  if (idx->dtype() != DataType::kInt32 || idx->rank() != src->rank()) {
    return dc.Error(absl::StrCat("requires an INT32 idx of the src rank ", src->rank(), ", got ",
                                 idx->dtype().name(), " rank ", idx->rank()));
  }
  for (size_t d = 0; d < src->rank(); ++d) {
    std::optional<int64_t> a = AsConstInt(src->shape()[d]);
    std::optional<int64_t> b = AsConstInt(idx->shape()[d]);
    if (a && b && *a != *b) {
      return dc.Error(absl::StrCat("requires idx shape ", FormatShape(idx->shape()),
                                   " to match src shape ", FormatShape(src->shape())));
    }
  }
  if (out->rank() == 0) return dc.Error("requires output_tensor of rank >= 1");
  if (out->dtype() != src->dtype()) {
    return dc.Error(absl::StrCat("requires output_tensor dtype ", out->dtype().name(),
                                 " to match src dtype ", src->dtype().name()));
  }
  return out;
}

absl::StatusOr<const Type*> DeduceMgatherVec(const DeduceContext& dc, const TensorType* mem,
                                             bool elem) {
  if (dc.num_args() > 2) return dc.Error("takes scratch/valid_shape only with a Mat output");
  PTO_ASSIGN_OR_RETURN(const TileType* idx, ExpectTile(dc, 1));
  if (idx->dtype() != DataType::kInt32 || idx->rank() != 2) {
    return dc.Error(absl::StrCat("requires a 2-D INT32 idx tile, got ", idx->dtype().name(),
                                 " rank ", idx->rank()));
  }
  if (elem) {
    return MakeTileWithValid(dc, mem->dtype(), idx->shape(), MemorySpace::kVec, idx->ValidShape());
  }
  if (mem->rank() < 2) {
    return dc.Error(absl::StrCat("row mode needs mem of rank >= 2, got rank ", mem->rank()));
  }
  std::optional<int64_t> r = AsConstInt(idx->shape()[0]);
  std::optional<int64_t> c = AsConstInt(idx->shape()[1]);
  if (!r || !c || (*r != 1 && *c != 1)) {
    return dc.Error(absl::StrCat("row mode needs a static [1, R] or [R, 1] idx, got ",
                                 FormatShape(idx->shape())));
  }
  size_t row_dim = *r == 1 ? 1 : 0;
  const Expr* cols = mem->shape().back();
  DimVec shape{idx->shape()[row_dim], cols};
  DimVec valid{idx->ValidShape()[row_dim], cols};
  TileView view;  // row-major, flat: the rows land as they are in GM
  view.valid_shape = valid;
  return MakeTile(dc, mem->dtype(), shape, MemorySpace::kVec, view);
}

absl::StatusOr<const Type*> DeduceMgatherMat(const DeduceContext& dc, const TensorType* mem,
                                             bool elem) {
  if (mem->EffectiveView().layout != TensorLayout::kND) {
    return dc.Error("with a Mat output requires mem in ND layout");
  }
  PTO_ASSIGN_OR_RETURN(const TensorType* idx, ExpectTensor(dc, 1));
  if (idx->dtype() != DataType::kInt32 || idx->rank() != 2) {
    return dc.Error(absl::StrCat("with a Mat output requires a 2-D INT32 idx tensor, got ",
                                 idx->dtype().name(), " rank ", idx->rank()));
  }
  size_t valid_index = 2;
  DimVec shape;
  if (elem) {
    if (dc.num_args() < 3 || !dc.arg(2)->type()->Is<TensorType>()) {
      return dc.Error("Mat elem mode requires a GM scratch tensor");
    }
    PTO_ASSIGN_OR_RETURN(const TensorType* scratch, ExpectTensor(dc, 2));
    if (dc.arg(2) == dc.arg(0) || dc.arg(2) == dc.arg(1)) {
      return dc.Error("Mat elem scratch must not alias mem or idx");
    }
    if (scratch->dtype() != mem->dtype()) {
      return dc.Error("Mat elem scratch dtype must match mem dtype");
    }
    shape.assign(idx->shape().begin(), idx->shape().end());
    valid_index = 3;
  } else {
    if (dc.num_args() > 3) return dc.Error("Mat row mode accepts only an optional valid_shape");
    if (mem->rank() < 2) return dc.Error("Mat row mode requires mem rank >= 2");
    if (AsConstInt(idx->shape()[0]) != 1) {
      return dc.Error(absl::StrCat("Mat row mode requires a [1, R] idx tensor, got ",
                                   FormatShape(idx->shape())));
    }
    shape = {idx->shape()[1], mem->shape().back()};
  }
  std::optional<int64_t> rows = AsConstInt(shape[0]);
  std::optional<int64_t> cols = AsConstInt(shape[1]);
  if (!rows || !cols) return dc.Error("Mat output shape must be static");
  int64_t c0 = kMatRowBytes / mem->dtype().bytes();
  if (*rows % kMatRowAlign != 0 || *cols % c0 != 0) {
    return dc.Error(absl::StrCat("Mat output ", FormatShape(shape), " needs rows % ",
                                 kMatRowAlign, " == 0 and cols % ", c0, " == 0"));
  }
  DimVec valid;
  if (dc.num_args() > valid_index) {
    PTO_ASSIGN_OR_RETURN(ExprSpan v, ExpectTuple(dc, valid_index));
    if (v.size() != 2) return dc.Error("Mat valid_shape must be 2-D");
    for (size_t d = 0; d < 2; ++d) {
      std::optional<int64_t> c = AsConstInt(v[d]);
      if (!c || *c <= 0 || *c > *AsConstInt(shape[d])) {
        return dc.Error(absl::StrCat("requires 0 < valid_shape[", d, "] <= ",
                                     FormatExpr(shape[d]), ", got ", FormatExpr(v[d])));
      }
      valid.push_back(dc.ctx().Index(*c));
    }
  }
  return MakeTileWithValid(dc, mem->dtype(), shape, MemorySpace::kMat, valid);
}

absl::StatusOr<const Type*> DeduceMgather(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* mem, ExpectTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, mem->dtype(), kMgatherDTypes, "mem dtype"));
  if (mem->rank() == 0) return dc.Error("requires mem of rank >= 1");
  int64_t coalesce = dc.FindKwarg("coalesce")->int_value();
  if (coalesce != kMgatherRow && coalesce != kMgatherElem) {
    return dc.Error(absl::StrCat("requires coalesce 0 (row) or 1 (elem), got ", coalesce));
  }
  if (const AttrValue* oob = dc.FindKwarg("gather_oob");
      oob != nullptr && (oob->int_value() < 0 || oob->int_value() > kMgatherOobMax)) {
    return dc.Error(absl::StrCat(
        "requires gather_oob 0 (undefined), 1 (clamp), 2 (wrap) or 3 (zero), got ",
        oob->int_value()));
  }
  MemorySpace target = MemorySpace::kVec;
  if (const AttrValue* t = dc.FindKwarg("target_memory")) target = t->As<MemorySpace>();
  if (target == MemorySpace::kVec) return DeduceMgatherVec(dc, mem, coalesce == kMgatherElem);
  if (target == MemorySpace::kMat) return DeduceMgatherMat(dc, mem, coalesce == kMgatherElem);
  return dc.Error(absl::StrCat("requires target_memory Vec or Mat, got ", EnumName(target)));
}

}  // namespace

void RegisterTileMemoryAccessOps(OpRegistry& registry) {
  registry.Register("tile.write")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Writes a scalar into a Vec tile at the given indices; returns the tile.")
      .Arg("tile")
      .Arg("indices")
      .Arg("value")
      .Writes(0)
      .Deduce(DeduceWrite);
  for (const char* name : {"tile.get_block_idx", "tile.get_subblock_idx", "tile.get_block_num"}) {
    registry.Register(name)
        .Category(OpCategory::kTile)
        .Doc("The current block index / vector sub-block index / block count, as an INDEX.")
        .Deduce(DeduceIndexScalar);
  }
  registry.Register("tile.read")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("Reads one element of a Vec tile at the given indices.")
      .Arg("tile")
      .Arg("indices")
      .Deduce(DeduceRead);
  registry.Register("tile.mscatter")
      .Category(OpCategory::kTile)
      .VecOperands()
      .Doc("output_tensor[idx[i, j]] = src[i, j]; returns the tensor.")
      .Arg("src")
      .Arg("idx")
      .Arg("output_tensor")
      .Writes(2)
      .Deduce(DeduceMscatter);
  registry.Register("tile.mgather")
      .Category(OpCategory::kTile)
      .Doc("Gathers indexed rows or elements of a GM tensor into a fresh Vec or Mat tile.")
      .Arg("mem")
      .Arg("idx")
      // Mat only: the elem-mode scratch tensor, then the written region; a
      // row-mode Mat gather puts its valid_shape in the scratch position.
      .OptionalArg("scratch")
      .OptionalArg("valid_shape")
      .Kwarg("coalesce", AttrKind::kInt, AttrValue::Int(kMgatherRow))
      .KeywordOnly()
      // Absent means Vec / undefined; the DSL records only deviations.
      .OptionalKwarg("target_memory", AttrKind::kMemorySpace)
      .OptionalKwarg("gather_oob", AttrKind::kInt)
      .Deduce(DeduceMgather);
  registry.Register("tile.move")
      .Category(OpCategory::kTile)
      .Doc("Copies a tile into another on-chip buffer (Vec/Mat/Left/Right/LeftScale/RightScale).")
      .Arg("tile")
      .Kwarg("target_memory", AttrKind::kMemorySpace)
      .OptionalKwarg("blayout", AttrKind::kTileLayout)
      .OptionalKwarg("slayout", AttrKind::kTileLayout)
      .Deduce(DeduceMove);
  registry.Register("tile.alloc")
      .Category(OpCategory::kTile)
      .Doc("Declares an on-chip allocation of `size` bytes (emitted by memory planning).")
      .Arg("memory_space")
      .Arg("size")
      .KeywordOnly()
      .OptionalKwarg("pinned", AttrKind::kBool)
      .SideEffects()
      .Deduce(DeduceAlloc);
}

}  // namespace pto::ir
