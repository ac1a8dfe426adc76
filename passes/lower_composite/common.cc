#include "passes/lower_composite/common.h"

#include <algorithm>
#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/ops/type_inference.h"

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

absl::StatusOr<const ir::MakeTuple*> MakeAlignedStageShape(ir::Context& ctx,
                                                           const ChunkGeometry& geometry,
                                                           ir::DataType dtype,
                                                           ir::ExprSpan transfer_shape,
                                                           absl::string_view op_name) {
  PTO_CHECK(!transfer_shape.empty());
  if (std::optional<int64_t> last = ir::AsConstInt(transfer_shape.back());
      last && *last < geometry.alignment_elements) {
    return absl::InvalidArgumentError(absl::StrCat(
        op_name, ": a transfer row of ", *last, " ", dtype.name(),
        " elements is shorter than one 32-byte unit (", geometry.alignment_elements,
        " elements); no aligned staging tile fits it"));
  }
  return MakeCollectiveStageShape(ctx, geometry, transfer_shape);
}

const ir::Expr* ProductExtent(ir::Context& ctx, ir::ExprSpan dims) {
  const ir::Expr* p = ctx.Index(1);
  for (const ir::Expr* d : dims) p = ir::MulExtent(ctx, p, d);
  return p;
}

namespace {

bool Same(const ir::Expr* a, const ir::Expr* b) {
  return ir::ProveEqual(a, b) == ir::Proof::kTrue;
}

}  // namespace

bool IsRowMajorLinearPrefix(ir::ExprSpan shape, ir::ExprSpan valid) {
  if (shape.size() != valid.size()) return false;
  bool past_partial = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (past_partial) {
      if (!Same(valid[i], shape[i])) return false;
    } else if (ir::AsConstInt(valid[i]) != 1) {
      past_partial = true;  // this dim may be partial; every later one is full
    }
  }
  return true;
}

bool IsLeadingDimCollapseContiguous(ir::ExprSpan shape, ir::ExprSpan valid) {
  if (shape.empty() || shape.size() != valid.size()) return false;
  return IsRowMajorLinearPrefix(shape.subspan(0, shape.size() - 1),
                                valid.subspan(0, valid.size() - 1));
}

absl::Status CheckPackedNdTarget(ir::Context& ctx, const ir::TensorType& target,
                                 absl::string_view op_name) {
  ir::TensorView view = target.EffectiveView();
  if (view.layout != ir::TensorLayout::kND) {
    return absl::InvalidArgumentError(absl::StrCat(
        op_name, ": target view only supports ND layout, got ", ir::EnumName(view.layout)));
  }
  if (view.stride.empty()) return absl::OkStatus();
  ir::ExprSpan shape = target.shape();
  bool packed = view.stride.size() == shape.size();
  const ir::Expr* expected = ctx.Index(1);
  for (size_t i = shape.size(); packed && i-- > 0;) {
    packed = Same(view.stride[i], expected);
    expected = ir::MulExtent(ctx, expected, shape[i]);
  }
  if (!packed) {
    return absl::InvalidArgumentError(absl::StrCat(
        op_name, ": target shape reinterpret requires a packed source; stride ",
        ir::FormatShape(view.stride), " is not the row-major stride of ",
        ir::FormatShape(shape)));
  }
  return absl::OkStatus();
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
