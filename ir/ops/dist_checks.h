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

}  // namespace pto::ir

#endif  // PTO_IR_OPS_DIST_CHECKS_H_
