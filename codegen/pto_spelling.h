// How the PTO dialect (the `pto.*` MLIR-like text PTOAS consumes) spells the
// tile IR's types, enums and literals.
//
// Pure functions with no emitter state, so every op family and the emitter
// core agree on one spelling. Functions that can meet an input PTO cannot
// express return nullopt or a bare error message (no location); the caller
// adds the location.
//
//   PtoElementType(DataType::kFP8E8M0);          // "!pto.f8E8M0"
//   PtoMemorySpace(MemorySpace::kLeftScale);     // "scaling"
//   absl::StatusOr<TileGeometry> g = FlattenTile(*tile_type);
//   std::string t = TileBufType(TileBufDesc{...});
//   // "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=?, ...>"

#ifndef PTO_CODEGEN_PTO_SPELLING_H_
#define PTO_CODEGEN_PTO_SPELLING_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/dtype.h"
#include "ir/enums.h"
#include "ir/pto_names.h"
#include "ir/expr.h"
#include "ir/type.h"

namespace pto::codegen {

// The names of dtypes and enums (ir/pto_names.h, shared with the PTO
// reader and interpreter).
using ir::PtoCmpMode;
using ir::PtoElementType;
using ir::PtoMemorySpace;
using ir::PtoRoundMode;
using ir::PtoSaturationMode;
using ir::PtoTensorLayout;
using ir::PtoTileLayout;

// An MLIR float literal for `value` as `dtype`: always with a '.', in the
// shortest form that reads back as the same double ("0.5", "1.0",
// "1.0e+30"); a non-finite value as the bit pattern of f32/f16/bf16
// ("0x7F800000"). nullopt for a non-finite value of another type.
std::optional<std::string> FloatLiteral(double value, ir::DataType dtype);

// An MLIR string literal: `s` in double quotes, `"` and `\` escaped
// (`loc("a.py":3:1)`).
std::string MlirString(absl::string_view s);
// A symbol name as `func.func @<name>` takes it: bare when it is an MLIR
// identifier (`[A-Za-z_][A-Za-z0-9_$.]*`), else an MlirString.
std::string MlirSymbolName(absl::string_view name);

// --- Types -------------------------------------------------------------------

// Every field of a `!pto.tile_buf<...>`; an empty v_row / v_col prints `?`.
struct TileBufDesc {
  absl::string_view loc;
  absl::string_view dtype;
  int64_t rows = 0;
  int64_t cols = 0;
  std::optional<int64_t> v_row;
  std::optional<int64_t> v_col;
  ir::TileLayout blayout = ir::TileLayout::kRowMajor;
  ir::TileLayout slayout = ir::TileLayout::kNoneBox;
  uint32_t fractal = 512;
  ir::PadValue pad = ir::PadValue::kNull;
  ir::CompactMode compact = ir::CompactMode::kNull;
};
std::string TileBufType(const TileBufDesc& desc);

// `!pto.ptr<f32>`.
std::string PtrType(absl::string_view dtype);
// `!pto.tensor_view<?x?xf32>`: every dim is `?` (the shape is an operand).
std::string TensorViewType(size_t rank, absl::string_view dtype);
// `!pto.partition_tensor_view<16x?xf32>`: static sizes or `?`.
std::string PartitionViewType(absl::Span<const std::optional<int64_t>> sizes,
                              absl::string_view dtype);

// A tile seen as the 2-D buffer PTO allocates. Leading dims fold into rows
// (a rank-1 tile is one row, a rank-0 tile one element); the valid region
// must then be a prefix of whole rows, so every leading valid dim after the
// first must equal its extent. A packed-FP4 Vec tile halves its packed axis
// (cols, or rows for col_major), as PTOAS counts x2 carriers.
struct TileGeometry {
  int64_t rows = 1;
  int64_t cols = 1;
  // Valid rows = product of these factors; valid cols = valid_col. Already
  // packed for FP4 (only static extents can be packed).
  absl::InlinedVector<const ir::Expr*, 4> valid_row_factors;
  const ir::Expr* valid_col = nullptr;
  std::optional<int64_t> static_v_row;  // set when every factor is constant
  std::optional<int64_t> static_v_col;
  // Divisors the packing applied to the static valid extents (1 or 2).
  int64_t row_divisor = 1;
  int64_t col_divisor = 1;
};
// Bare error message for a symbolic physical dim, an unflattenable valid
// region or an odd packed FP4 extent.
absl::StatusOr<TileGeometry> FlattenTile(const ir::TileType& tile);

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_PTO_SPELLING_H_
