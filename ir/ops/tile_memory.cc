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

#include <algorithm>

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

bool IsZero(const Expr* e) { return AsConstInt(e) == 0; }

// a + b when both are integer constants.
std::optional<int64_t> ConstSum(const Expr* a, const Expr* b) {
  std::optional<int64_t> x = AsConstInt(a);
  std::optional<int64_t> y = AsConstInt(b);
  if (!x || !y) return std::nullopt;
  return *x + *y;
}

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
  return MakeTile(dc, dtype, shape, MemorySpace::kVec);
}

// --- tile.load ----------------------------------------------------------------------

struct WindowRead {
  ExprSpan source;     // source physical shape
  ExprSpan source_valid;
  ExprSpan offsets;
  ExprSpan window;     // the tile shape
  ExprSpan requested;  // the requested valid shape
  bool clamp;
};

// The valid shape of a window read: the request, narrowed to the part of the
// source valid region the window covers when that is provably smaller.
absl::StatusOr<DimVec> InferWindowReadValidShape(const DeduceContext& dc, const WindowRead& r) {
  Context& ctx = dc.ctx();
  DimVec result;
  for (size_t i = 0; i < r.window.size(); ++i) {
    const Expr* offset = r.offsets[i];
    const Expr* requested = r.requested[i];
    if (ProveLessEqual(ctx.Index(0), offset) == Proof::kFalse) {
      return dc.Error(absl::StrCat("offset ", i, " is negative (", FormatExpr(offset),
                                   "); a window must start inside its source"));
    }
    if (ProveLessEqual(requested, r.window[i]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("valid_shape ", i, " is ", FormatExpr(requested),
                                   ", which exceeds the window extent ", FormatExpr(r.window[i])));
    }
    // Only constants can disprove the bound; a symbolic end is the op's
    // precondition (and building it would leave garbage in the arena).
    std::optional<int64_t> end = ConstSum(offset, requested);
    if (!r.clamp && end && ProveLessEqual(ctx.Index(*end), r.source[i]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("reads past the end of dimension ", i, ": offset ",
                                   FormatExpr(offset), " + extent ", FormatExpr(requested),
                                   " exceeds the source extent ", FormatExpr(r.source[i]),
                                   "; pass clamp=True to narrow the read to the source edge"));
    }
    result.push_back(WindowReadValidExtent(
        ctx, WindowReadDim{r.source[i], r.source_valid[i], offset, r.window[i], requested}, r.clamp,
        WindowNarrowing::kProven));
  }
  return result;
}

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

struct WriteUnion {
  ExprSpan target;  // destination physical shape
  ExprSpan target_valid;
  ExprSpan source_valid;  // the tile's valid shape: only it is transferred
  ExprSpan offsets;
};

// The destination's valid region after the write: the union of the two
// regions when that is one origin-anchored rectangle; an error otherwise.
absl::StatusOr<DimVec> InferWriteValidShapeUnion(const DeduceContext& dc, const WriteUnion& w) {
  Context& ctx = dc.ctx();
  size_t rank = w.target.size();
  for (size_t i = 0; i < rank; ++i) {
    const Expr* offset = w.offsets[i];
    if (ProveLessEqual(ctx.Index(0), offset) == Proof::kFalse) {
      return dc.Error(absl::StrCat("offset ", i, " is negative (", FormatExpr(offset),
                                   "); a write must start inside its target"));
    }
    std::optional<int64_t> end = ConstSum(offset, w.source_valid[i]);
    if (end && ProveLessEqual(ctx.Index(*end), w.target[i]) == Proof::kFalse) {
      return dc.Error(absl::StrCat("writes past the end of dimension ", i, ": offset ",
                                   FormatExpr(offset), " + extent ",
                                   FormatExpr(w.source_valid[i]), " exceeds the target extent ",
                                   FormatExpr(w.target[i])));
    }
  }
  DimVec target_valid(w.target_valid.begin(), w.target_valid.end());
  if (std::any_of(w.source_valid.begin(), w.source_valid.end(), IsZero)) return target_valid;
  bool anchored = std::all_of(w.offsets.begin(), w.offsets.end(), IsZero);
  if (std::any_of(target_valid.begin(), target_valid.end(), IsZero)) {
    if (!anchored) {
      return dc.Error(absl::StrCat("writes at offset ", FormatShape(w.offsets),
                                   " into a target whose valid region is empty; the result "
                                   "would not start at the origin"));
    }
    return DimVec(w.source_valid.begin(), w.source_valid.end());
  }
  bool target_full = true;
  for (size_t i = 0; i < rank; ++i) {
    target_full = target_full && ProveEqual(target_valid[i], w.target[i]) == Proof::kTrue;
  }
  if (target_full) return target_valid;

  DimVec far_edge;
  absl::InlinedVector<size_t, 4> growing;
  for (size_t i = 0; i < rank; ++i) {
    far_edge.push_back(AddExtent(ctx, w.offsets[i], w.source_valid[i]));
    if (ProveLessEqual(far_edge[i], target_valid[i]) != Proof::kTrue) growing.push_back(i);
  }
  if (growing.empty()) return target_valid;
  if (anchored) {
    bool covers = true;
    for (size_t i = 0; i < rank; ++i) {
      covers = covers && ProveLessEqual(target_valid[i], w.source_valid[i]) == Proof::kTrue;
    }
    if (covers) return DimVec(w.source_valid.begin(), w.source_valid.end());
  }
  std::string region = absl::StrCat("target valid ", FormatShape(target_valid), ", writing ",
                                    FormatShape(w.source_valid), " at offset ",
                                    FormatShape(w.offsets));
  if (growing.size() != 1) {
    return dc.Error(absl::StrCat("grows the valid region along several dimensions at once; the "
                                 "union is not one origin-anchored rectangle (",
                                 region, ")"));
  }
  size_t axis = growing.front();
  if (ProveLessEqual(w.offsets[axis], target_valid[axis]) != Proof::kTrue) {
    return dc.Error(absl::StrCat("leaves a gap in dimension ", axis,
                                 ": the write must start at or before the valid extent (", region,
                                 ")"));
  }
  for (size_t i = 0; i < rank; ++i) {
    if (i == axis) continue;
    if (!IsZero(w.offsets[i]) ||
        ProveEqual(w.source_valid[i], target_valid[i]) != Proof::kTrue) {
      return dc.Error(absl::StrCat("grows dimension ", axis, ", so it must span dimension ", i,
                                   " exactly from the origin (", region, ")"));
    }
  }
  target_valid[axis] =
      MinExtent(ctx, MaxExtent(ctx, target_valid[axis], far_edge[axis]), w.target[axis]);
  return target_valid;
}

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
      .OptionalKwarg("target_memory", AttrKind::kMemorySpace)
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
      .Deduce(DeduceTileStore);
}

}  // namespace pto::ir
