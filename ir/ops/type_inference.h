// Shared building blocks of the op deducers in //ir/ops.
//
// Every deducer validates its operands and builds its result type from the
// same small vocabulary: argument expectations with uniform messages, NumPy
// broadcasting of shapes, dtype promotion, the "inherit view" rule of
// element-wise tile ops, the packed predicate mask of tile.cmp/cmps, and a
// few constant-folding extent helpers. Errors returned by the Expect*
// helpers already carry the op-name prefix (they go through
// DeduceContext::Error); the pure functions (BroadcastShapes,
// CheckShapeForDType) return a bare message the caller prefixes.
//
//   absl::StatusOr<const Type*> DeduceAdd(const DeduceContext& dc) {
//     PTO_ASSIGN_OR_RETURN(const TileType* lhs, ExpectTile(dc, 0));
//     PTO_ASSIGN_OR_RETURN(const TileType* rhs, ExpectTile(dc, 1));
//     absl::StatusOr<DimVec> shape = BroadcastShapes(lhs->shape(), rhs->shape());
//     if (!shape.ok()) return dc.Error(shape.status().message());
//     return MakeTile(dc, PromoteDataTypes(lhs->dtype(), rhs->dtype()), *shape,
//                     MemorySpace::kVec, InheritedView(dc.ctx(), lhs, *shape));
//   }

#ifndef PTO_IR_OPS_TYPE_INFERENCE_H_
#define PTO_IR_OPS_TYPE_INFERENCE_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/container/inlined_vector.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/context.h"
#include "ir/expr_format.h"
#include "ir/op.h"

namespace pto::ir {

// Shapes built by deducers: tiles rarely exceed rank 4, so no heap.
using DimVec = absl::InlinedVector<const Expr*, 4>;

// --- Diagnostics -------------------------------------------------------------

// "TileType", "ScalarType", ... for messages.
absl::string_view TypeKindName(const Type* type);
// FormatExpr / FormatShape ("N + 1", "[16, N]"): ir/expr_format.h.
// "{INT8, FP16}" in DSL spelling.
std::string FormatDTypes(absl::Span<const DataType> dtypes);

// --- Argument expectations (errors carry the op-name prefix) ------------------

// Argument `i` is a tile; the message names the arg by its schema name. Also
// rejects a malformed view (valid_shape rank != shape rank), so deducers may
// index the valid shape by the shape's dims.
absl::StatusOr<const TileType*> ExpectTile(const DeduceContext& dc, size_t i);
// Argument `i` is a Tensor or a DistributedTensor, with the same view check
// plus: a stride, if any, has the shape's rank; a DN layout has rank >= 2.
absl::StatusOr<const TensorType*> ExpectTensor(const DeduceContext& dc, size_t i);
absl::StatusOr<const ScalarType*> ExpectScalar(const DeduceContext& dc, size_t i);
// Argument `i` is a MakeTuple (a list in the DSL); returns its elements.
absl::StatusOr<ExprSpan> ExpectTuple(const DeduceContext& dc, size_t i);
// Argument `i` is a non-empty MakeTuple of positive integer constants; returns
// them as shared INDEX constants, so equal shapes give equal types.
absl::StatusOr<DimVec> ExpectStaticShape(const DeduceContext& dc, size_t i);
// Every element is an integer scalar expression (`what` names the list).
absl::Status ExpectIntegerScalars(const DeduceContext& dc, ExprSpan elements,
                                  absl::string_view what);
// `dtype` is one of `allowed`; `what` names the operand ("lhs dtype").
absl::Status ExpectDType(const DeduceContext& dc, DataType dtype,
                         absl::Span<const DataType> allowed, absl::string_view what);
// The DataType kwarg `name`; the schema must declare it (required or present).
absl::StatusOr<DataType> RequireDTypeKwarg(const DeduceContext& dc, absl::string_view name);

// --- Shapes and dtypes ---------------------------------------------------------

// NumPy-style right-aligned broadcast. A static 1 broadcasts against any dim;
// other dims must be ExprIdentical. The error message has no op prefix.
absl::StatusOr<DimVec> BroadcastShapes(ExprSpan lhs, ExprSpan rhs);

// Same type: it. Float beats int. Otherwise the wider wins; at equal width a
// signed int is preferred; otherwise the first.
DataType PromoteDataTypes(DataType a, DataType b);

// The FP4 shape rule: an FP4 tensor or tile needs rank >= 1 and, when its
// last dim is static, a positive even one (it counts nibbles). An
// identifier dtype (TASK_ID) makes no tensor or tile at all. OK for any
// other dtype. The message has no op prefix.
absl::Status CheckShapeForDType(DataType dtype, ExprSpan shape);

// --- Result construction -------------------------------------------------------

// The view an element-wise result inherits from its first tile input `src`:
// valid_shape = src's effective valid shape, right-aligned onto `result_shape`
// (missing leading dims are fully valid); blayout, slayout, pad and compact
// from src's effective view; stride, start_offset and fractal at defaults.
// `ctx` stores the padded valid shape when the ranks differ.
TileView InheritedView(Context& ctx, const TileType* src, ExprSpan result_shape);
TileView InheritedView(const TileType* src);

// Interns a tile type after the dtype/shape checks every produced tile obeys
// (the FP4 rule). Errors carry the op prefix.
absl::StatusOr<const TileType*> MakeTile(const DeduceContext& dc, DataType dtype,
                                         ExprSpan shape, std::optional<MemorySpace> space,
                                         const TileView& view);
// With the implicit view of `space`.
absl::StatusOr<const TileType*> MakeTile(const DeduceContext& dc, DataType dtype,
                                         ExprSpan shape, std::optional<MemorySpace> space);
// Same for tensors; `distributed` selects DistributedTensorType.
absl::StatusOr<const TensorType*> MakeTensor(const DeduceContext& dc, DataType dtype,
                                             ExprSpan shape, const TensorView& view,
                                             bool distributed = false);
// The fresh tensor an element-wise tensor op returns: shape, dtype and only
// `src`'s effective valid_shape (no stride, layout or pad).
absl::StatusOr<const TensorType*> MakeFreshTensor(const DeduceContext& dc, DataType dtype,
                                                  ExprSpan shape, const TensorType* src);

// --- Packed predicate masks (tile.cmp / tile.cmps) --------------------------------

inline constexpr int64_t kMaskBitsPerByte = 8;
inline constexpr int64_t kMaskColumnAlignment = 32;

// The mask a compare over `value` produces: UINT8, same rank; last dim
// round_up(ceil(N / 8), 32); valid last dim ceil(validN / 8); other dims and
// valid dims as `value`; layout inherited from `value`; memory space Vec.
// Symbolic extents become INDEX expressions ((N + 7) // 8 and so on).
absl::StatusOr<const TileType*> PackedPredicateMaskType(const DeduceContext& dc,
                                                        const TileType* value);
// The mask over a broadcast `logical_shape` whose valid shape and layout come
// from `lhs` (tile.cmp); the valid shape is right-aligned as in InheritedView.
absl::StatusOr<const TileType*> PackedPredicateMaskType(const DeduceContext& dc,
                                                        ExprSpan logical_shape,
                                                        const TileType* lhs);
// Whether `mask` has exactly the dtype, shape and valid shape that
// PackedPredicateMaskType gives for `value` (layout and memory space are not
// part of the geometry). The single check a mask consumer such as a select
// applies.
bool IsPackedPredicateMask(const TileType* mask, const TileType* value);

// --- Extent arithmetic -----------------------------------------------------------

// Three-valued answer of the tiny extent prover: constants are compared,
// identical expressions are equal, everything else is unknown.
enum class Proof : uint8_t { kFalse, kTrue, kUnknown };
Proof ProveLessEqual(const Expr* a, const Expr* b);
Proof ProveEqual(const Expr* a, const Expr* b);

// INDEX arithmetic that folds constants and otherwise builds the BinaryExpr.
const Expr* AddExtent(Context& ctx, const Expr* a, const Expr* b);
const Expr* SubExtent(Context& ctx, const Expr* a, const Expr* b);
const Expr* MulExtent(Context& ctx, const Expr* a, const Expr* b);
// Picks the provably smaller (larger) operand, else builds min (max).
const Expr* MinExtent(Context& ctx, const Expr* a, const Expr* b);
const Expr* MaxExtent(Context& ctx, const Expr* a, const Expr* b);
// ceil(a / d) for a positive constant d: (a + d - 1) // d.
const Expr* CeilDivExtent(Context& ctx, const Expr* a, int64_t d);
// a // d for a positive constant d (a >= 0: an extent).
const Expr* FloorDivExtent(Context& ctx, const Expr* a, int64_t d);
// ceil(a / d) * d.
const Expr* RoundUpExtent(Context& ctx, const Expr* a, int64_t d);

// --- Element-wise tile results (issue #20's tile families) -----------------------

// `dtype` is an integer type (signed or unsigned); `what` names the operand
// ("lhs dtype"). The error carries the op prefix.
absl::Status ExpectIntDType(const DeduceContext& dc, DataType dtype, absl::string_view what);
// The result of an element-wise op over tiles `lhs` and `rhs`: their
// broadcast shape, `dtype`, Vec, and the view `lhs` passes on
// (InheritedView). A shape mismatch is an error naming the op.
absl::StatusOr<const TileType*> BroadcastTileResult(const DeduceContext& dc, const TileType* lhs,
                                                    const TileType* rhs, DataType dtype);
// The result of an element-wise op that keeps `src`'s shape: `dtype`, Vec,
// `src`'s inherited view.
absl::StatusOr<const TileType*> SameShapeTileResult(const DeduceContext& dc, const TileType* src,
                                                    DataType dtype);

// --- Fresh tiles with a valid region ---------------------------------------------

// A tile in `space` with the implicit view of its shape and space, narrowed to
// `valid` (empty: fully valid). For generators and windows whose result
// layout follows from where it lives, not from an operand.
absl::StatusOr<const TileType*> MakeTileWithValid(const DeduceContext& dc, DataType dtype,
                                                  ExprSpan shape,
                                                  std::optional<MemorySpace> space,
                                                  ExprSpan valid);
// The same with the default view whatever the shape: row-major blocks even
// for an [R, 1] column, whose implicit view is col_major. Upstream's
// value generators (tile.full, tile.random) build their tiles this way, so
// such a column prints `pl.TileView(blayout=pl.TileLayout.row_major)`.
absl::StatusOr<const TileType*> MakeRowMajorTile(const DeduceContext& dc, DataType dtype,
                                                 ExprSpan shape, MemorySpace space,
                                                 ExprSpan valid);

// --- Allocations ------------------------------------------------------------------

// The Ptr of tile.alloc / tensor.alloc(memory_space, size): `memory_space` is
// an integer scalar (a constant one must name a MemorySpace for which
// `space_ok` holds; `spaces` says which in the error) and `size` an integer
// scalar (a constant one positive).
absl::StatusOr<const Type*> DeduceAllocation(const DeduceContext& dc,
                                             bool (*space_ok)(MemorySpace),
                                             absl::string_view spaces);

}  // namespace pto::ir

#endif  // PTO_IR_OPS_TYPE_INFERENCE_H_
