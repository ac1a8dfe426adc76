// Kernels of the launch geometry and of task ids: which block of a pl.spmd
// launch runs and how many there are (tile./tensor.get_block_idx,
// get_block_num), the id of no task and the test for one. The interpreter
// runs a launch's blocks one after another, block 0 first, and a submitted
// task when it is submitted (interpreter.cc): schedules the runtime allows.
// A task id is a TASK_ID scalar: submitted tasks count up from 0, and
// system.task_invalid() is -1.

#include "ir/dtype.h"
#include "ir/status_macros.h"
#include "sim/interp/kernel.h"

namespace pto::sim {
namespace {

absl::Status BlockIdx(KernelContext& ctx) {
  ctx.SetResult(Value::Of(Scalar::Int(ir::DataType::kIndex, ctx.launch().block)));
  return absl::OkStatus();
}

absl::Status BlockNum(KernelContext& ctx) {
  ctx.SetResult(Value::Of(Scalar::Int(ir::DataType::kIndex, ctx.launch().blocks)));
  return absl::OkStatus();
}

absl::Status TaskInvalid(KernelContext& ctx) {
  ctx.SetResult(Value::Of(Scalar::Int(ir::DataType::kTaskId, -1)));
  return absl::OkStatus();
}

absl::Status TaskIsValid(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(Scalar id, ctx.ScalarArg(0));
  ctx.SetResult(Value::Of(Scalar::Bool(id.i >= 0)));
  return absl::OkStatus();
}

}  // namespace

void RegisterLaunchKernels(KernelRegistry& r) {
  r.Add("tile.get_block_idx", BlockIdx);
  r.Add("tile.get_block_num", BlockNum);
  r.Add("tensor.get_block_idx", BlockIdx);
  r.Add("tensor.get_block_num", BlockNum);
  r.Add("system.task_invalid", TaskInvalid);
  r.Add("system.task_is_valid", TaskIsValid);
}

}  // namespace pto::sim
