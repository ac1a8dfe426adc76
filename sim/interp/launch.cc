// Kernels of the launch geometry and of task ids: which block of a pl.spmd
// launch runs and how many there are (tile./tensor.get_block_idx,
// get_block_num), the id of no task and the test for one. The interpreter
// runs a launch's blocks one after another, block 0 first, and a submitted
// task when it is submitted (interpreter.cc): schedules the runtime allows.
// A task id is a TASK_ID scalar: submitted tasks count up from 0, and
// system.task_invalid() is -1.

#include "sim/interp/launch.h"

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/dtype.h"
#include "ir/status_macros.h"
#include "sim/interp/kernel.h"

namespace pto::sim {
namespace {

// A launch's core count: an integer of at least 1.
absl::StatusOr<int64_t> Count(const ir::Context& ctx, ir::SourceLoc loc, const ir::Expr* e,
                              const ScalarEvaluator& eval, absl::string_view what) {
  PTO_ASSIGN_OR_RETURN(Scalar n, eval.EvalScalar(e));
  if (n.IsFloat()) return ir::LocatedError(ctx, loc, absl::StrCat(what, " must be an integer"));
  if (n.i < 1) {
    return ir::LocatedError(ctx, loc, absl::StrCat(what, " launches ", n.i, " blocks; at least 1"));
  }
  return n.i;
}

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

absl::StatusOr<int64_t> SpmdBlocks(const ir::Context& ctx, const ir::ScopeStmt& s,
                                   const ScalarEvaluator& eval) {
  const ir::Expr* core_num = nullptr;
  for (const ir::ScopeArg& a : s.args()) {
    if (a.key == "core_num" && a.operand >= 0) core_num = s.operands()[a.operand];
    if (a.key == "predicate") {
      return ir::LocatedError(ctx, s.loc(),
                              "a predicated pl.spmd(...) is not supported by the interpreter");
    }
  }
  if (core_num == nullptr) return ir::LocatedError(ctx, s.loc(), "pl.spmd(...) without a core count");
  return Count(ctx, s.loc(), core_num, eval, "pl.spmd");
}

absl::StatusOr<std::optional<int64_t>> CallBlocks(const ir::Context& ctx, const ir::Call& call,
                                                  const ir::Function& callee,
                                                  const ScalarEvaluator& eval) {
  const ir::CallSite* site = call.site();
  if (site == nullptr) return std::nullopt;
  auto unsupported = [&](absl::string_view what) {
    return ir::LocatedError(ctx, call.loc(),
                            absl::StrCat(what, " of '", callee.name(),
                                         "' is not supported by the interpreter"));
  };
  if (site->device != nullptr) return unsupported("the device= dispatch");
  if (site->predicate != nullptr) return unsupported("the predicate= dispatch");
  if (call.args().size() < callee.params().size()) {
    return unsupported(absl::StrCat("leaving out '", callee.params()[call.args().size()]->name(),
                                    "' for the runtime to allocate in a submit"));
  }
  const std::string what = absl::StrCat("the call of '", callee.name(), "'");
  if (site->core_num != nullptr) return Count(ctx, call.loc(), site->core_num, eval, what);
  const ir::CallAttr* attr = site->FindAttr("core_num");
  if (attr == nullptr || attr->items.size() != 1) {
    // A submit without a core count is one task; other options launch nothing.
    return site->is_submit() ? std::optional<int64_t>(1) : std::nullopt;
  }
  const ir::CallAttrItem& item = attr->items[0];
  if (item.kind == ir::CallAttrItem::Kind::kExpr) return Count(ctx, call.loc(), item.expr, eval, what);
  if (item.value.kind() != ir::AttrKind::kInt) {
    return ir::LocatedError(ctx, call.loc(), absl::StrCat(what, ": core_num must be an integer"));
  }
  if (item.value.int_value() < 1) {
    return ir::LocatedError(ctx, call.loc(), absl::StrCat(what, " launches ",
                                                          item.value.int_value(),
                                                          " blocks; at least 1"));
  }
  return item.value.int_value();
}

void RegisterLaunchKernels(KernelRegistry& r) {
  r.Add("tile.get_block_idx", BlockIdx);
  r.Add("tile.get_block_num", BlockNum);
  r.Add("tensor.get_block_idx", BlockIdx);
  r.Add("tensor.get_block_num", BlockNum);
  r.Add("system.task_invalid", TaskInvalid);
  r.Add("system.task_is_valid", TaskIsValid);
}

}  // namespace pto::sim
