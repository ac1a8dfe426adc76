#include "passes/lower_composite/common.h"

#include <algorithm>
#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/check.h"

namespace pto::passes::lower_composite {

ChunkGeometry MakeChunkGeometry(ir::DataType dtype) {
  constexpr int64_t kBitsPerByte = 8;
  ChunkGeometry g;
  g.storage_bits = dtype.storage_bits();
  // Every dtype's storage width divides 256 bits; a new dtype that does not
  // needs a decision here, not a truncated chunk.
  PTO_CHECK(g.storage_bits > 0 && (kTileAlignmentBytes * kBitsPerByte) % g.storage_bits == 0)
      << dtype.name() << " has storage width " << g.storage_bits;
  g.chunk_elements = kChunkBytes * kBitsPerByte / g.storage_bits;
  g.alignment_elements = kTileAlignmentBytes * kBitsPerByte / g.storage_bits;
  return g;
}

int64_t SelectStaticChunkCols(const ChunkGeometry& geometry, const ir::Expr* extent) {
  std::optional<int64_t> e = ir::AsConstInt(extent);
  if (e && *e > 0 && *e < geometry.chunk_elements) {
    return (*e + geometry.alignment_elements - 1) / geometry.alignment_elements *
           geometry.alignment_elements;
  }
  return geometry.chunk_elements;
}

const ir::MakeTuple* MakeCollectiveStageShape(ir::Context& ctx, const ChunkGeometry& geometry,
                                              ir::ExprSpan transfer_shape) {
  PTO_CHECK(!transfer_shape.empty());
  int64_t cols = geometry.chunk_elements;
  if (std::optional<int64_t> last = ir::AsConstInt(transfer_shape.back()); last && *last > 0) {
    cols = std::min(*last, geometry.chunk_elements);
    // The stage must fit inside the transfer, so round down; a transfer
    // shorter than one alignment unit has no aligned width and stays as is.
    if (cols >= geometry.alignment_elements && cols < geometry.chunk_elements) {
      cols = cols / geometry.alignment_elements * geometry.alignment_elements;
    }
  }
  int64_t budget = std::max<int64_t>(1, geometry.chunk_elements / cols);
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < transfer_shape.size(); ++d) {
    std::optional<int64_t> dim = ir::AsConstInt(transfer_shape[d]);
    if (!dim || *dim <= 0) {
      rows = 1;
      break;
    }
    // Saturate before multiplying: only min(product, budget) matters.
    rows = *dim > budget / rows ? budget : rows * *dim;
  }
  const int64_t dims[] = {std::min(rows, budget), cols};
  return ctx.NewMakeTuple(ctx.IndexList(dims));
}

absl::Status ValidateMeshSignalShape(const ir::Type* signal, absl::string_view op_name) {
  const auto* t = signal->As<ir::DistributedTensorType>();
  if (t == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat(op_name, ": signal must be a DistributedTensor"));
  }
  if (t->rank() != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat(op_name, ": signal must be 2D [NR, 1], got rank ", t->rank()));
  }
  if (std::optional<int64_t> cols = ir::AsConstInt(t->shape()[1]); cols && *cols != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        op_name, ": signal shape[1] must be 1 (one cell per rank), got ", *cols,
        "; a signal shaped for mode=\"ring\" allreduce ([2*(NR-1), NR]) cannot be shared with "
        "this collective; give it its own [NR, 1] signal window"));
  }
  return absl::OkStatus();
}

}  // namespace pto::passes::lower_composite
