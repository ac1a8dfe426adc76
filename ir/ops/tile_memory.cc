// Tile allocation and tensor <-> tile data movement: tile.create, tile.full,
// tile.load and tile.store.
//
//   t = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
//   z = pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)
//   r = pl.tile.store(t, [0, 0], out)
//
// A load's valid shape is the requested one narrowed to what the source
// actually holds under the window; a store returns the destination tensor's
// type, with its valid region grown by the written one when that is still one
// origin-anchored rectangle.

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/ops/window_read.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kMxScaleFractal = 32;
constexpr DataType kAtomicAddDTypes[] = {DataType::kFP32,  DataType::kBF16,  DataType::kFP16,
                                         DataType::kInt32, DataType::kInt16, DataType::kInt8};

// --- tile.create / tile.full ----------------------------------------------------

absl::StatusOr<const Type*> DeduceTileCreate(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, 0));
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  std::optional<MemorySpace> space;
  if (const AttrValue* m = dc.FindKwarg("target_memory")) space = m->As<MemorySpace>();
  if (space == MemorySpace::kLeftScale || space == MemorySpace::kRightScale) {
    return dc.Error(
        "target_memory LeftScale/RightScale is not supported; load the scale tile to Mat and "
        "move it");
  }
  const AttrValue* transpose = dc.FindKwarg("transpose");
  const AttrValue* flat = dc.FindKwarg("flat_layout");
  bool is_transposed = transpose != nullptr && transpose->bool_value();
  bool is_flat = flat != nullptr && flat->bool_value();
  if (is_transposed && (shape.size() != 2 || space != MemorySpace::kMat)) {
    return dc.Error("transpose=True needs a 2-D tile with target_memory=Mat");
  }
  if (is_flat && (space != MemorySpace::kMat || is_transposed)) {
    return dc.Error("flat_layout=True needs target_memory=Mat and no transpose");
  }
  if (is_transposed || is_flat) {
    // The transposed (ZN) and flat (non-boxed) Mat layouts.
    TileView view;
    view.blayout = TileLayout::kRowMajor;
    view.slayout = is_transposed ? TileLayout::kColMajor : TileLayout::kNoneBox;
    return MakeTile(dc, dtype, shape, space, view);
  }
  return MakeTile(dc, dtype, shape, space);
}

absl::StatusOr<const Type*> DeduceTileFull(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(DimVec shape, ExpectStaticShape(dc, 0));
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  const Expr* value = dc.arg(1);
  if (!value->Is<ConstInt>() && !value->Is<ConstFloat>()) {
    return dc.Error(absl::StrCat("value must be an int or float literal, got ",
                                 FormatExpr(value)));
  }
  return MakeRowMajorTile(dc, dtype, shape, MemorySpace::kVec, {});
}

// --- tile.load ----------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceTileLoad(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* tensor, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectTuple(dc, 1));
  PTO_ASSIGN_OR_RETURN(ExprSpan shapes, ExpectTuple(dc, 2));
  PTO_ASSIGN_OR_RETURN(ExprSpan valid, ExpectTuple(dc, 3));
  if (shapes.empty()) return dc.Error("shapes must not be empty");
  if (offsets.size() != shapes.size() || valid.size() != shapes.size()) {
    return dc.Error(absl::StrCat("offsets, shapes and valid_shape must have the same length, got ",
                                 offsets.size(), ", ", shapes.size(), " and ", valid.size()));
  }
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, offsets, "offsets"));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, shapes, "shapes"));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, valid, "valid_shape"));
  for (size_t d = 0; d < shapes.size(); ++d) {
    if (std::optional<int64_t> c = AsConstInt(shapes[d]); c && *c <= 0) {
      return dc.Error(absl::StrCat("shapes element ", d, " must be positive, got ", *c));
    }
  }
  MemorySpace space = dc.FindKwarg("target_memory")->As<MemorySpace>();
  if (space != MemorySpace::kVec && space != MemorySpace::kMat) {
    return dc.Error(absl::StrCat("target_memory must be Vec or Mat, got ", EnumName(space)));
  }
  const AttrValue* clamp_attr = dc.FindKwarg("clamp");
  bool clamp = clamp_attr != nullptr && clamp_attr->bool_value();

  TensorView source_view = tensor->EffectiveView();
  bool is_mx = source_view.layout == TensorLayout::kMxAZZ ||
               source_view.layout == TensorLayout::kMxBNN;
  TileView view;
  if (is_mx) {
    if (tensor->dtype() != DataType::kFP8E8M0 && tensor->dtype() != DataType::kUInt8) {
      return dc.Error(absl::StrCat("an MX-layout source must be FP8E8M0 or UINT8, got ",
                                   tensor->dtype().name()));
    }
    if (tensor->rank() != 2 || shapes.size() != 2) {
      return dc.Error("an MX-layout source needs a 2-D tensor and a 2-D window");
    }
    if (!source_view.stride.empty()) {
      return dc.Error("an MX-layout source must be packed (no explicit stride)");
    }
    if (space != MemorySpace::kMat) {
      return dc.Error("an MX-layout source needs target_memory=Mat");
    }
    bool is_b = source_view.layout == TensorLayout::kMxBNN;
    view.blayout = is_b ? TileLayout::kColMajor : TileLayout::kRowMajor;
    view.slayout = view.blayout;
    view.fractal = kMxScaleFractal;
  } else if (space == MemorySpace::kMat) {
    // NZ; a DN source holds the transposed bytes, so it loads as ZN.
    bool source_is_dn = source_view.layout == TensorLayout::kDN;
    view.blayout = source_is_dn ? TileLayout::kRowMajor : TileLayout::kColMajor;
    view.slayout = source_is_dn ? TileLayout::kColMajor : TileLayout::kRowMajor;
    // A single-row 2-D operand is an ND row vector, not a fractal.
    if (shapes.size() == 2 && AsConstInt(shapes[source_is_dn ? 1 : 0]) == 1) {
      view.blayout = TileLayout::kRowMajor;
      view.slayout = TileLayout::kNoneBox;
    }
  } else if (AsConstInt(shapes.back()) == 1) {
    view.blayout = TileLayout::kColMajor;
  }

  DimVec valid_shape;
  if (shapes.size() == tensor->rank()) {
    PTO_ASSIGN_OR_RETURN(valid_shape,
                         InferWindowReadValidShape(dc, WindowRead{tensor->shape(),
                                                                  tensor->ValidShape(), offsets,
                                                                  shapes, valid, clamp}));
  } else {
    // A lower-rank window reinterprets the source; its dims do not map onto
    // the source's, so the request stands.
    valid_shape.assign(valid.begin(), valid.end());
  }
  view.valid_shape = valid_shape;
  return MakeTile(dc, tensor->dtype(), shapes, space, view);
}

// --- tile.store ----------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceTileStore(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* tile, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectTuple(dc, 1));
  PTO_ASSIGN_OR_RETURN(const TensorType* out, ExpectTensor(dc, 2));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, offsets, "offsets"));
  if (const AttrValue* atomic = dc.FindKwarg("atomic");
      atomic != nullptr && atomic->As<AtomicType>() == AtomicType::kAdd) {
    PTO_RETURN_IF_ERROR(
        ExpectDType(dc, tile->dtype(), kAtomicAddDTypes, "tile dtype with atomic=Add"));
  }
  if (dc.num_args() > 3) {
    // FlattenTileNdTo2D's ND partition descriptor: the written region is not a
    // rectangle on the destination's axes, so the destination type stands.
    PTO_ASSIGN_OR_RETURN(ExprSpan shapes, ExpectTuple(dc, 3));
    if (shapes.empty() || shapes.size() != offsets.size()) {
      return dc.Error(absl::StrCat("shapes must be non-empty and as long as offsets, got ",
                                   shapes.size(), " and ", offsets.size()));
    }
    return out;
  }
  if (tile->rank() != out->rank() || offsets.size() != out->rank()) return out;
  PTO_ASSIGN_OR_RETURN(DimVec valid,
                       InferWriteValidShapeUnion(
                           dc, WriteUnion{out->shape(), out->ValidShape(), tile->ValidShape(),
                                          offsets}));
  if (ExprListIdentical(valid, out->ValidShape())) return out;
  TensorView view = out->EffectiveView();
  view.valid_shape = valid;
  return MakeTensor(dc, out->dtype(), out->shape(), view, out->IsDistributed());
}

}  // namespace

void RegisterTileMemoryOps(OpRegistry& registry) {
  registry.Register("tile.create")
      .Category(OpCategory::kTile)
      .Doc("Allocates an uninitialised tile of a static shape (no data movement).")
      .Arg("shape")
      .Kwarg("dtype", AttrKind::kDataType)
      // Upstream's builders default it to Vec and store it.
      .Kwarg("target_memory", AttrKind::kMemorySpace, AttrValue::Enum(MemorySpace::kVec))
      .OptionalKwarg("transpose", AttrKind::kBool)
      .OptionalKwarg("flat_layout", AttrKind::kBool)
      .Deduce(DeduceTileCreate);
  registry.Register("tile.full")
      .Category(OpCategory::kTile)
      .Doc("A Vec tile of a static shape with every element set to a literal value.")
      .Arg("shape")
      .KeywordArg("value", /*optional=*/false)
      .Kwarg("dtype", AttrKind::kDataType)
      .OverridableResultView()
      .Deduce(DeduceTileFull);
  registry.Register("tile.load")
      .Category(OpCategory::kTile)
      .Doc("Copies a window of a tensor into a new tile; only the valid extent is read.")
      .Arg("tensor")
      .Arg("offsets")
      .Arg("shapes")
      .Arg("valid_shape")
      .Kwarg("target_memory", AttrKind::kMemorySpace, AttrValue::Enum(MemorySpace::kVec))
      // Absent means false; the DSL records only clamp=True.
      .OptionalKwarg("clamp", AttrKind::kBool)
      .Deduce(DeduceTileLoad);
  registry.Register("tile.store")
      .Category(OpCategory::kTile)
      .Doc("Copies a tile's valid region into a tensor at the given offsets; returns the "
           "updated tensor.")
      .Arg("tile")
      .Arg("offsets")
      .Arg("output_tensor")
      .OptionalArg("shapes")
      // Absent means AtomicType.None_; the DSL records only Add.
      .OptionalKwarg("atomic", AttrKind::kAtomicType)
      .Writes(2)
      .InputMemory(0, {MemorySpace::kVec, MemorySpace::kAcc})
      .Deduce(DeduceTileStore);
}

}  // namespace pto::ir
