// Task handles of manual_scope orchestration and the device's core counts.
//
//   prev = pl.system.task_invalid()              # pl.Scalar[pl.TASK_ID], no task
//   ok = pl.system.task_is_valid(prev)           # pl.Scalar[pl.BOOL]
//   fence = pl.system.task_dummy()               # a dependency-only task's id
//   n = pl.system.available_cluster_count()      # pl.Scalar[pl.INT32]
//   v = pl.system.available_aiv_count()          # pl.Scalar[pl.INT32]
//
// A TASK_ID is an opaque runtime handle (ir/dtype.h): task_invalid is the
// sentinel that dependency lists skip, task_is_valid tells it from a real
// task. task_dummy submits a task that does nothing but order its
// dependencies, so it is an effect. The core counts are this run's device
// (the MIX clusters, the standalone AIV cores), read at run time.

#include "ir/ops/families.h"
#include "ir/ops/system_checks.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceTaskId(const DeduceContext& dc) {
  return dc.ctx().GetScalarType(DataType::kTaskId);
}

absl::StatusOr<const Type*> DeduceTaskIsValid(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectScalarOf(dc, 0, DataType::kTaskId));
  return dc.ctx().GetScalarType(DataType::kBool);
}

absl::StatusOr<const Type*> DeduceCount(const DeduceContext& dc) {
  return dc.ctx().GetScalarType(DataType::kInt32);
}

}  // namespace

void RegisterSystemTaskOps(OpRegistry& registry) {
  registry.Register("system.task_invalid")
      .Category(OpCategory::kSystem)
      .Doc("The invalid TASK_ID: a dependency on it is no dependency.")
      .Deduce(DeduceTaskId);
  registry.Register("system.task_dummy")
      .Category(OpCategory::kSystem)
      .Doc("Submits a dependency-only task and returns its TASK_ID.")
      .SideEffects()
      .Deduce(DeduceTaskId);
  registry.Register("system.task_is_valid")
      .Category(OpCategory::kSystem)
      .Doc("Whether a TASK_ID names a real task (false for task_invalid's).")
      .Arg("task_id")
      .Deduce(DeduceTaskIsValid);
  registry.Register("system.available_cluster_count")
      .Category(OpCategory::kSystem)
      .Doc("This run's number of MIX clusters (= AIC cores), as INT32.")
      .Deduce(DeduceCount);
  registry.Register("system.available_aiv_count")
      .Category(OpCategory::kSystem)
      .Doc("This run's number of standalone AIV cores, as INT32.")
      .Deduce(DeduceCount);
}

}  // namespace pto::ir
