// Geometry and validation shared by the pld.tensor.* collective lowerings.
//
// Every InCore collective moves data through Vec tiles of at most one 16-KiB
// chunk whose rows are 32-byte aligned, and every mesh collective addresses
// its signal as one cell per rank. The functions here are those shared rules,
// so each collective's translation unit stays a recipe.
//
//   ChunkGeometry g = MakeChunkGeometry(DataType::kFP32);   // 4096 / 8 elements
//   SelectStaticChunkCols(g, ctx.Index(17));                // 24: 17 rounded up to 8s
//   MakeCollectiveStageShape(ctx, g, ctx.IndexList({2, 17}));  // [2, 16]
//   PTO_RETURN_IF_ERROR(ValidateMeshSignalShape(signal->type(), "pld.tensor.barrier"));
//
// The chunk arithmetic counts physical storage bits, so a 4-bit dtype gets
// twice the elements of an 8-bit one in the same bytes.

#ifndef PTO_PASSES_LOWER_COMPOSITE_COMMON_H_
#define PTO_PASSES_LOWER_COMPOSITE_COMMON_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/dtype.h"
#include "ir/expr.h"
#include "ir/type.h"

namespace pto::passes::lower_composite {

// One UB chunk of a chunked collective: nine such tiles stay inside the
// smallest Vec budget.
inline constexpr int64_t kChunkBytes = 16 * 1024;
// A PTO tile row is aligned to 32 bytes.
inline constexpr int64_t kTileAlignmentBytes = 32;

struct ChunkGeometry {
  int64_t storage_bits = 0;
  // Elements of one kChunkBytes tile.
  int64_t chunk_elements = 0;
  // Elements of one kTileAlignmentBytes row unit.
  int64_t alignment_elements = 0;
};

// The geometry of `dtype` by its storage width (FP32: 4096 / 8; FP16: 8192 /
// 16; FP4: 32768 / 64).
ChunkGeometry MakeChunkGeometry(ir::DataType dtype);

// The physical chunk width for a transfer of `extent` elements: a constant
// 0 < extent < chunk_elements rounded up to the alignment; the full chunk
// otherwise (a symbolic extent included).
int64_t SelectStaticChunkCols(const ChunkGeometry& geometry, const ir::Expr* extent);

// The [rows, cols] Vec staging tile a pld.tile.put / pld.tile.get transfer of
// `transfer_shape` slides through, as a list of INDEX constants. It fits one
// chunk and never exceeds a static transfer dim: cols = min(last dim, chunk),
// rounded down to the alignment when that is at least one unit and below a
// chunk (a symbolic last dim takes the whole chunk); rows = the product of
// the leading dims, capped at chunk / cols (1 if one is symbolic).
const ir::MakeTuple* MakeCollectiveStageShape(ir::Context& ctx, const ChunkGeometry& geometry,
                                              ir::ExprSpan transfer_shape);

// MakeCollectiveStageShape for a pld.tile.put / pld.tile.get transfer, with
// the one shape it cannot serve rejected: a static last dim shorter than one
// alignment unit (e.g. 3 FP32 elements) has no positive stage width that is
// both 32-byte aligned and no larger than the transfer. Messages start with
// `op_name`.
absl::StatusOr<const ir::MakeTuple*> MakeAlignedStageShape(ir::Context& ctx,
                                                           const ChunkGeometry& geometry,
                                                           ir::DataType dtype,
                                                           ir::ExprSpan transfer_shape,
                                                           absl::string_view op_name);

// The product of `dims` as an INDEX extent (constants folded).
const ir::Expr* ProductExtent(ir::Context& ctx, ir::ExprSpan dims);

// Whether the valid box `valid` of `shape` is one contiguous row-major
// prefix of the flattened tensor: leading 1s, then at most one partial dim,
// then full dims (a ring allreduce's partial target).
bool IsRowMajorLinearPrefix(ir::ExprSpan shape, ir::ExprSpan valid);
// Whether the valid box collapses to one [rows, cols] rectangle when the
// leading dims fold into rows: the leading dims alone form a linear prefix;
// the last dim may be partial (a mesh allreduce's partial target).
bool IsLeadingDimCollapseContiguous(ir::ExprSpan shape, ir::ExprSpan valid);

// An allreduce target must be an ND tensor with packed strides (explicit
// strides equal to the row-major ones are fine): the lowering views it as a
// flat [rows, cols] window. Messages start with `op_name`.
absl::Status CheckPackedNdTarget(ir::Context& ctx, const ir::TensorType& target,
                                 absl::string_view op_name);

// A mesh collective's signal: a DistributedTensor [NR, 1], one cell per rank.
// A static second dim other than 1 (a ring allreduce's [2*(NR-1), NR] signal)
// is rejected. Messages start with `op_name`.
absl::Status ValidateMeshSignalShape(const ir::Type* signal, absl::string_view op_name);

}  // namespace pto::passes::lower_composite

#endif  // PTO_PASSES_LOWER_COMPOSITE_COMMON_H_
