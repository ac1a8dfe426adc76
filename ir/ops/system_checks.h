// Operand and kwarg checks shared by the system.* op families
// (system_sync.cc, system_cross_core.cc, system_task.cc) and the other
// runtime-facing families (prefetch.cc, array.cc, dist_intrinsics.cc).
//
// Every error carries the op-name prefix (DeduceContext::Error).
//
//   PTO_RETURN_IF_ERROR(ExpectStringKwargIn(dc, "core_type", {"aic", "aiv"}));
//   PTO_RETURN_IF_ERROR(ExpectPipeKwarg(dc, "pipe"));
//   PTO_RETURN_IF_ERROR(ExpectHandle(dc, 0, HandleKind::kAsyncEvent, "prefetch.async_prefetch"));
//   return NoValue(dc);

#ifndef PTO_IR_OPS_SYSTEM_CHECKS_H_
#define PTO_IR_OPS_SYSTEM_CHECKS_H_

#include <cstdint>
#include <initializer_list>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/op.h"
#include "ir/type.h"

namespace pto::ir {

// The result of an op that is an effect only (UnknownType, as PyPTO's).
absl::StatusOr<const Type*> NoValue(const DeduceContext& dc);

// The string kwarg `name`, when present, is one of `allowed`.
absl::Status ExpectStringKwargIn(const DeduceContext& dc, absl::string_view name,
                                 std::initializer_list<absl::string_view> allowed);
// The int kwarg `name`, when present, is within [lo, hi].
absl::Status ExpectOptionalIntKwargIn(const DeduceContext& dc, absl::string_view name, int64_t lo,
                                      int64_t hi);
// The int kwarg `name`, when present, is a PipeType value (pipe_type.h).
absl::Status ExpectPipeKwarg(const DeduceContext& dc, absl::string_view name);
// Argument `i` has the handle type `kind`; `producer` names the op that
// makes such a handle, for the message.
absl::Status ExpectHandle(const DeduceContext& dc, size_t i, HandleKind kind,
                          absl::string_view producer);
// Argument `i` is a scalar of dtype `dtype`.
absl::Status ExpectScalarOf(const DeduceContext& dc, size_t i, DataType dtype);

}  // namespace pto::ir

#endif  // PTO_IR_OPS_SYSTEM_CHECKS_H_
