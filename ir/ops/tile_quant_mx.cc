// MXFP8 quantization: the public tile.tquant_mx and the two value-returning
// internal ops LowerCompositeOps expands it into.
//
//   q, s = pl.tile.tquant_mx(src, group_axis=1)       # public, composite
// becomes
//   raw = pl.tile.tquant_mx_raw(src, max_ws, scaling_ws, group_axis=1)
//   zz  = pl.tile.tmov_x2zz(raw[1], tmp, group_axis=1, dst_rows=M, dst_cols=K/32)
//   ... plus zero-copy FP8 aliases (tile.reinterpret_view / tile.transpose_view)
//
// `group_axis` is PTOAS's grpAxis: 1 is the A side ([M, K] source, scale
// [M, K/32] row/row), 0 the B side ([N, K] source, transposed to [K, N];
// scale [K/32, N] col/col). Blocks of 32 elements share one E8M0 exponent.
// Only MXFP8 (FP8E4M3FN) is supported. The workspace operands of the internal
// ops are write-only; they are registered as written so dead-code elimination
// keeps the calls even when a public result is unused.

#include <cstdint>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kMxGroupSize = 32;       // elements sharing one exponent
constexpr uint32_t kMxScaleFractal = 32;   // bytes of one scale fractal
constexpr int64_t kMxScaleFractalRows = 16;
constexpr int64_t kMxQuantKMultiple = 64;
constexpr int64_t kVecByteAlign = 32;
constexpr int64_t kX2ZzTmpHeaderBytes = 64;
constexpr DataType kQuantSrcDTypes[] = {DataType::kFP16, DataType::kFP32, DataType::kBF16};

struct StaticDims {
  int64_t rows;
  int64_t cols;
};

absl::StatusOr<int> ExpectGroupAxis(const DeduceContext& dc) {
  int64_t axis = dc.FindKwarg("group_axis")->int_value();
  if (axis != 0 && axis != 1) {
    return dc.Error(absl::StrCat("group_axis must be 0 or 1, got ", axis));
  }
  return static_cast<int>(axis);
}

absl::Status ExpectMxFp8(const DeduceContext& dc) {
  DataType dtype = dc.FindKwarg("dtype")->dtype();
  if (dtype != DataType::kFP8E4M3FN) {
    return dc.Error(absl::StrCat("requires dtype FP8E4M3FN (MXFP8 only), got ", dtype.name()));
  }
  return absl::OkStatus();
}

// A 2-D, fully valid FP16/FP32/BF16 tile of static positive extents.
absl::StatusOr<StaticDims> ExpectQuantSource(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  if (src->rank() != 2) {
    return dc.Error(absl::StrCat("needs a 2-D src tile, got rank ", src->rank()));
  }
  PTO_RETURN_IF_ERROR(ExpectDType(dc, src->dtype(), kQuantSrcDTypes, "src dtype"));
  std::optional<int64_t> rows = AsConstInt(src->shape()[0]);
  std::optional<int64_t> cols = AsConstInt(src->shape()[1]);
  if (!rows || !cols || *rows <= 0 || *cols <= 0) {
    return dc.Error(absl::StrCat("needs a src tile of static positive shape, got ",
                                 FormatShape(src->shape())));
  }
  if (!ExprListIdentical(src->ValidShape(), src->shape())) {
    return dc.Error(absl::StrCat("does not support a partial src valid_shape (",
                                 FormatShape(src->ValidShape()), " of ", FormatShape(src->shape()),
                                 "); the whole tile is quantized"));
  }
  return StaticDims{*rows, *cols};
}

// Static element count of `extents`, or nullopt when one is not a positive
// constant (or the product overflows).
std::optional<int64_t> StaticCount(ExprSpan extents) {
  int64_t n = 1;
  for (const Expr* e : extents) {
    std::optional<int64_t> c = AsConstInt(e);
    if (!c || *c <= 0 || __builtin_mul_overflow(n, *c, &n)) return std::nullopt;
  }
  return n;
}

// The MX scale fractal view: `layout` for both block and scatter layout.
TileView ScaleView(TileLayout layout) {
  TileView view;
  view.blayout = layout;
  view.slayout = layout;
  view.fractal = kMxScaleFractal;
  return view;
}

// --- tile.tquant_mx ---------------------------------------------------------------

absl::StatusOr<const Type*> DeduceTQuantMx(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(StaticDims dims, ExpectQuantSource(dc));
  PTO_RETURN_IF_ERROR(ExpectMxFp8(dc));
  PTO_ASSIGN_OR_RETURN(int axis, ExpectGroupAxis(dc));
  if (dims.cols % kMxQuantKMultiple != 0) {
    return dc.Error(absl::StrCat("requires K (src dim 1) divisible by ", kMxQuantKMultiple,
                                 ", got ", dims.cols));
  }
  if (axis == 1 && dims.rows % kMxScaleFractalRows != 0) {
    return dc.Error(absl::StrCat("requires M (src dim 0) divisible by ", kMxScaleFractalRows,
                                 " for group_axis=1, got ", dims.rows));
  }
  if (axis == 0 && dims.rows % kMxGroupSize != 0) {
    return dc.Error(absl::StrCat("requires N (src dim 0) divisible by ", kMxGroupSize,
                                 " for group_axis=0, got ", dims.rows));
  }
  Context& ctx = dc.ctx();
  // axis1: [M, K] -> quant [M, K], scale [M, K/32] row/row.
  // axis0: [N, K] -> quant [K, N], scale [K/32, N] col/col.
  int64_t quant[] = {dims.rows, dims.cols};
  int64_t scale[] = {dims.rows, dims.cols / kMxGroupSize};
  if (axis == 0) {
    quant[0] = dims.cols;
    quant[1] = dims.rows;
    scale[0] = dims.cols / kMxGroupSize;
    scale[1] = dims.rows;
  }
  PTO_ASSIGN_OR_RETURN(const TileType* quant_type,
                       MakeTile(dc, DataType::kFP8E4M3FN, ctx.IndexList(quant), MemorySpace::kVec));
  TileView view = ScaleView(axis == 0 ? TileLayout::kColMajor : TileLayout::kRowMajor);
  PTO_ASSIGN_OR_RETURN(const TileType* scale_type,
                       MakeTile(dc, DataType::kFP8E8M0, ctx.IndexList(scale), MemorySpace::kVec,
                                view));
  const Type* elements[] = {quant_type, scale_type};
  return ctx.GetTupleType(elements);
}

// --- tile.tquant_mx_raw ------------------------------------------------------------

absl::StatusOr<const Type*> DeduceTQuantMxRaw(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(StaticDims dims, ExpectQuantSource(dc));
  PTO_RETURN_IF_ERROR(ExpectMxFp8(dc));
  PTO_ASSIGN_OR_RETURN(int axis, ExpectGroupAxis(dc));
  if (axis == 1 && dims.rows % kMxScaleFractalRows != 0) {
    return dc.Error(absl::StrCat("requires M (src dim 0) divisible by ", kMxScaleFractalRows,
                                 " for group_axis=1, got ", dims.rows));
  }
  int64_t grouped = axis == 0 ? dims.rows : dims.cols;
  if (grouped % kMxGroupSize != 0) {
    return dc.Error(absl::StrCat("requires src dim ", axis, " divisible by ", kMxGroupSize,
                                 " for group_axis=", axis, ", got ", grouped));
  }
  int64_t group_rows = axis == 0 ? dims.rows / kMxGroupSize : dims.rows;
  int64_t group_cols = axis == 0 ? dims.cols : dims.cols / kMxGroupSize;
  int64_t groups = group_rows * group_cols;  // <= rows * cols: no overflow
  DataType src_dtype = dc.arg(0)->type()->As<TileType>()->dtype();
  for (size_t i : {1, 2}) {
    absl::string_view name = dc.op().args()[i].name;
    PTO_ASSIGN_OR_RETURN(const TileType* ws, ExpectTile(dc, i));
    if (ws->dtype() != src_dtype) {
      return dc.Error(absl::StrCat(name, " workspace must have the src dtype ", src_dtype.name(),
                                   ", got ", ws->dtype().name()));
    }
    std::optional<int64_t> valid = StaticCount(ws->ValidShape());
    if (valid != groups) {
      return dc.Error(absl::StrCat(name, " workspace must have a static valid extent of ", groups,
                                   " elements (one per scale group), got valid shape ",
                                   FormatShape(ws->ValidShape())));
    }
  }
  Context& ctx = dc.ctx();
  PTO_ASSIGN_OR_RETURN(const TileType* dst,
                       MakeTile(dc, DataType::kInt8, dc.arg(0)->type()->As<TileType>()->shape(),
                                MemorySpace::kVec));
  // Axis 1 keeps TQUANT's legacy flat exponent row [1, M*K/32]; axis 0 the
  // canonical [N/32, K].
  int64_t exp_shape[] = {axis == 0 ? group_rows : 1, axis == 0 ? group_cols : groups};
  TileView exp_view;
  exp_view.fractal = kMxScaleFractal;
  PTO_ASSIGN_OR_RETURN(const TileType* exp, MakeTile(dc, DataType::kUInt8,
                                                     ctx.IndexList(exp_shape), MemorySpace::kVec,
                                                     exp_view));
  const Type* elements[] = {dst, exp};
  return ctx.GetTupleType(elements);
}

// --- tile.tmov_x2zz ---------------------------------------------------------------

absl::StatusOr<const Type*> DeduceTMovX2Zz(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* src, ExpectTile(dc, 0));
  PTO_ASSIGN_OR_RETURN(const TileType* tmp, ExpectTile(dc, 1));
  if (src->dtype() != DataType::kUInt8 || tmp->dtype() != DataType::kUInt8) {
    return dc.Error(absl::StrCat("requires UINT8 src and tmp, got ", src->dtype().name(), " and ",
                                 tmp->dtype().name()));
  }
  if (src->rank() != 2 || tmp->rank() != 2) {
    return dc.Error(absl::StrCat("requires rank-2 src and tmp, got ranks ", src->rank(), " and ",
                                 tmp->rank()));
  }
  PTO_ASSIGN_OR_RETURN(int axis, ExpectGroupAxis(dc));
  for (auto [name, t] : {std::pair<absl::string_view, const TileType*>{"src", src}, {"tmp", tmp}}) {
    TileView v = t->EffectiveView();
    if (v.blayout != TileLayout::kRowMajor || v.slayout != TileLayout::kNoneBox) {
      return dc.Error(absl::StrCat("requires a row_major/none_box ", name, ", got ",
                                   EnumName(v.blayout), "/", EnumName(v.slayout)));
    }
  }
  std::optional<int64_t> src_rows = AsConstInt(src->ValidShape()[0]);
  std::optional<int64_t> src_cols = AsConstInt(src->ValidShape()[1]);
  if (!src_rows || !src_cols) {
    return dc.Error(absl::StrCat("requires a static src valid shape, got ",
                                 FormatShape(src->ValidShape())));
  }
  const AttrValue* dst_rows = dc.FindKwarg("dst_rows");
  const AttrValue* dst_cols = dc.FindKwarg("dst_cols");
  int64_t zz_rows, zz_cols, zz_physical_rows, tmp_bytes;
  if (axis == 1) {
    // TQUANT's axis-1 exponent is a flat [1, M*G] row: the ZZ [M, G] target
    // cannot be recovered from it, so the caller names it.
    if (dst_rows == nullptr || dst_cols == nullptr) {
      return dc.Error("with group_axis=1 requires dst_rows and dst_cols (the ZZ [M, G] shape "
                      "cannot be recovered from a flat [1, M*G] exponent)");
    }
    zz_rows = dst_rows->int_value();
    zz_cols = dst_cols->int_value();
    if (zz_rows <= 0 || zz_cols <= 0 || zz_rows > (int64_t{1} << 31) ||
        zz_cols > (int64_t{1} << 31)) {
      return dc.Error(absl::StrCat("requires positive dst_rows and dst_cols, got ", zz_rows,
                                   " and ", zz_cols));
    }
    if (zz_cols % 2 != 0) {
      return dc.Error(absl::StrCat("requires an even dst_cols for group_axis=1, got ", zz_cols));
    }
    int64_t groups = zz_rows * zz_cols;
    bool flat = *src_rows == 1 && *src_cols == groups;
    bool shaped = *src_rows == zz_rows && *src_cols == zz_cols;
    if (!flat && !shaped) {
      return dc.Error(absl::StrCat("group_axis=1 src valid shape must be [1, ", groups, "] or [",
                                   zz_rows, ", ", zz_cols, "], got ",
                                   FormatShape(src->ValidShape())));
    }
    int64_t row_blocks = (zz_rows + kMxScaleFractalRows - 1) / kMxScaleFractalRows;
    zz_physical_rows = row_blocks * kMxScaleFractalRows;
    std::optional<int64_t> capacity = StaticCount(src->shape());
    if (!capacity || *capacity < zz_physical_rows * zz_cols) {
      return dc.Error(absl::StrCat("requires src capacity for align16(dst_rows) * dst_cols = ",
                                   zz_physical_rows * zz_cols, " elements, got shape ",
                                   FormatShape(src->shape())));
    }
    tmp_bytes = kX2ZzTmpHeaderBytes + row_blocks * zz_cols;
  } else {
    // TMovDnTo2Zz: DN [M^, N] -> ZZ [N, M^].
    if (dst_rows != nullptr || dst_cols != nullptr) {
      return dc.Error("dst_rows and dst_cols apply only to group_axis=1");
    }
    if (*src_rows < 2 || *src_rows % 2 != 0) {
      return dc.Error(absl::StrCat("requires an even src row count >= 2 for group_axis=0, got ",
                                   *src_rows));
    }
    if (*src_cols % kMxScaleFractalRows != 0) {
      return dc.Error(absl::StrCat("requires src columns divisible by ", kMxScaleFractalRows,
                                   " for group_axis=0, got ", *src_cols));
    }
    if (AsConstInt(src->shape()[1]) != *src_cols) {
      return dc.Error(absl::StrCat("requires a tight src row for group_axis=0 (physical columns "
                                   "equal to the valid ", *src_cols, "), got shape ",
                                   FormatShape(src->shape())));
    }
    zz_rows = *src_cols;
    zz_cols = *src_rows;
    zz_physical_rows = zz_rows;
    tmp_bytes = kVecByteAlign;
  }
  std::optional<int64_t> tmp_capacity = StaticCount(tmp->shape());
  if (!tmp_capacity || *tmp_capacity < tmp_bytes) {
    return dc.Error(absl::StrCat("requires a tmp of at least ", tmp_bytes,
                                 " bytes (the X-to-ZZ workspace of group_axis=", axis,
                                 "), got shape ", FormatShape(tmp->shape())));
  }
  Context& ctx = dc.ctx();
  TileView view = ScaleView(TileLayout::kRowMajor);
  int64_t valid[] = {zz_rows, zz_cols};
  view.valid_shape = ctx.IndexList(valid);
  int64_t physical[] = {zz_physical_rows, zz_cols};
  return MakeTile(dc, DataType::kUInt8, ctx.IndexList(physical), MemorySpace::kVec, view);
}

}  // namespace

void RegisterTileQuantMxOps(OpRegistry& registry) {
  registry.Register("tile.tquant_mx")
      .LoweredBy("lower-composite-ops")
      .Category(OpCategory::kTile)
      .Doc("MXFP8 block-32 dynamic quantization: returns (quant FP8E4M3FN, scale FP8E8M0) "
           "(composite; lowered to tile.tquant_mx_raw + tile.tmov_x2zz).")
      .Arg("src")
      .Kwarg("dtype", AttrKind::kDataType, AttrValue::DType(DataType::kFP8E4M3FN))
      .Kwarg("group_axis", AttrKind::kInt)
      .Deduce(DeduceTQuantMx);
  registry.Register("tile.tquant_mx_raw")
      .Category(OpCategory::kTile)
      .Doc("Internal value-returning TQUANT: returns (raw INT8 data, raw UINT8 exponent); max "
           "and scaling are write-only workspaces of the src dtype.")
      .Arg("src")
      .Arg("max")
      .Arg("scaling")
      .Kwarg("dtype", AttrKind::kDataType, AttrValue::DType(DataType::kFP8E4M3FN))
      .Kwarg("group_axis", AttrKind::kInt)
      .Writes(1)
      .Writes(2)
      .Deduce(DeduceTQuantMxRaw);
  registry.Register("tile.tmov_x2zz")
      .Category(OpCategory::kTile)
      .Doc("Exponent X-to-ZZ layout conversion (returns the ZZ UINT8 tile); tmp is a write-only "
           "workspace of 64 + ceil(rows/16)*cols bytes (group_axis=1) or 32 bytes "
           "(group_axis=0).")
      .Arg("src")
      .Arg("tmp")
      .Kwarg("group_axis", AttrKind::kInt)
      .OptionalKwarg("dst_rows", AttrKind::kInt)
      .OptionalKwarg("dst_cols", AttrKind::kInt)
      .Writes(1)
      .Deduce(DeduceTMovX2Zz);
}

}  // namespace pto::ir
