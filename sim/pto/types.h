// The types of PTO text, parsed: builtin scalars (index, i32, f16, ...),
// `!pto.ptr<T>`, `!pto.tensor_view<?x?xT>`, `!pto.partition_tensor_view<16x64xT>`
// and `!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, ...>`.
//
//   absl::StatusOr<PtoType> t = ParsePtoType("!pto.tile_buf<loc=vec, dtype=f16, ...>");
//   t->kind == PtoType::kTileBuf; t->dtype == DataType::kFP16; t->rows; t->v_col;
//
// Errors are plain messages ("unknown element type 'f7'"); the caller
// locates them.

#ifndef PTO_SIM_PTO_TYPES_H_
#define PTO_SIM_PTO_TYPES_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/dtype.h"
#include "ir/enums.h"
#include "sim/interp/buffer.h"

namespace pto::sim::pto_text {

struct PtoType {
  enum Kind : uint8_t { kScalar, kPtr, kTensorView, kPartitionView, kTileBuf };
  Kind kind = kScalar;
  ir::DataType dtype;  // the scalar's, or the element type
  Dims shape;          // views: one per dim, -1 for `?`
  // kTileBuf.
  ir::MemorySpace loc = ir::MemorySpace::kVec;
  int64_t rows = 0;
  int64_t cols = 0;  // elements (see ElementsPerColumn)
  std::optional<int64_t> v_row;  // nullopt for `?`
  std::optional<int64_t> v_col;
  ir::TileLayout blayout = ir::TileLayout::kRowMajor;
  ir::TileLayout slayout = ir::TileLayout::kNoneBox;
};

// A tile_buf's cols, v_col and valid_col count FP4 values of a
// `!pto.f4E2M1x2` tile in pairs (a byte each); `rows`, `cols` and `v_col`
// above count elements, as views do. What one column of `dtype` holds.
int64_t ElementsPerColumn(ir::DataType dtype);

absl::StatusOr<PtoType> ParsePtoType(absl::string_view text);

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_TYPES_H_
