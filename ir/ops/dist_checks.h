// Operand checks shared by the distributed op families (dist_system.cc,
// dist_tile.cc, dist_collective.cc).
//
// A "window" is a DistributedTensorType: every rank holds a same-shaped copy
// and cross-rank ops address a peer's copy with the local coordinates. These
// helpers give the families one wording for the recurring expectations; every
// error carries the op-name prefix (DeduceContext::Error).
//
//   PTO_ASSIGN_OR_RETURN(const DistributedTensorType* s, ExpectWindow(dc, 0));
//   PTO_RETURN_IF_ERROR(ExpectDType(dc, s->dtype(), {DataType::kInt32}, "signal dtype"));
//   PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));                 // peer
//   PTO_ASSIGN_OR_RETURN(ExprSpan offsets, ExpectCoordinates(dc, 2, s->rank(), "offsets"));
//   PTO_ASSIGN_OR_RETURN(int64_t op, ExpectIntKwargIn(dc, "op", 0, 1));

#ifndef PTO_IR_OPS_DIST_CHECKS_H_
#define PTO_IR_OPS_DIST_CHECKS_H_

#include <cstdint>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/op.h"
#include "ir/type.h"

namespace pto::ir {

// Argument `i` is a DistributedTensorType (a plain tensor is rejected: it has
// no peer copies), with ExpectTensor's view checks.
absl::StatusOr<const DistributedTensorType*> ExpectWindow(const DeduceContext& dc, size_t i);
// A window whose element type is INT32: the signal / count cells the notify
// and wait primitives operate on. `what` names the role ("signal").
absl::StatusOr<const DistributedTensorType*> ExpectInt32Window(const DeduceContext& dc, size_t i,
                                                               absl::string_view what);
// Argument `i` is a scalar of an integer dtype (a rank, a counter value).
absl::Status ExpectIntegerScalar(const DeduceContext& dc, size_t i);
// Argument `i` is a list of `rank` integer scalars.
absl::StatusOr<ExprSpan> ExpectCoordinates(const DeduceContext& dc, size_t i, size_t rank,
                                           absl::string_view what);
// The int kwarg `name` (present: required or defaulted), within [lo, hi].
absl::StatusOr<int64_t> ExpectIntKwargIn(const DeduceContext& dc, absl::string_view name,
                                         int64_t lo, int64_t hi);

// A constant access of `extent` at `offset` that ends past a static `dim`
// (or starts before 0) is an error naming `what` and dimension `d`;
// symbolic parts are the op's precondition.
absl::Status CheckRegionInBounds(const DeduceContext& dc, absl::string_view what, size_t d,
                                 const Expr* offset, const Expr* extent, const Expr* dim);
// The shape a put/get moves between `dst` and `src`. With `region_base`
// arguments it is the full-slice form (dst and src of one shape); with three
// more they are dst_offsets, src_offsets and shape at `region_base`: rank-
// matched integer lists whose constant parts stay inside both tensors.
absl::StatusOr<ExprSpan> ExpectTransferRegion(const DeduceContext& dc, const TensorType* dst,
                                              const TensorType* src, size_t region_base);

// `dtype` is one hardware atomic-add can combine (FP32, BF16, FP16, INT32,
// INT16, INT8): the rule of every cross-rank push with atomic add.
absl::Status ExpectAtomicAddDType(const DeduceContext& dc, DataType dtype, absl::string_view what);

}  // namespace pto::ir

#endif  // PTO_IR_OPS_DIST_CHECKS_H_
