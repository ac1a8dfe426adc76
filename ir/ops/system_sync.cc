// In-core synchronisation: flags between pipes, barriers, fences, cache
// maintenance and the cross-core SYNCALL barrier. Each op is an effect and
// returns no value (UnknownType), as PyPTO's.
//
//   pl.system.sync_src(set_pipe=2, wait_pipe=4, event_id=0)  # set a flag
//   pl.system.sync_dst(set_pipe=2, wait_pipe=4, event_id=0)  # wait for it
//   pl.system.bar_v()   pl.system.bar_m()   pl.system.bar_all()   pl.system.fence()
//   pl.system.cacheinvalid()                        # all of GM
//   pl.system.cacheinvalid(t, [1, 16], [0, 0])      # the line holding t[0, 0]
//   pl.system.syncall(core_type='aiv_only')         # hard (FFTS) barrier
//   pl.system.syncall(ws, n, core_type='mix', mode='soft')  # GM-polling barrier
//
// Pipes are PipeType ints (pipe_type.h). The soft syncall's workspace is a
// shared, zero-initialised GM INT32 tensor of at least one 64-byte line (16
// elements) that every core writes and polls; `used_cores` (optional) is the
// number of participants.

#include "absl/strings/str_cat.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/system_checks.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceFlag(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectPipeKwarg(dc, "set_pipe"));
  PTO_RETURN_IF_ERROR(ExpectPipeKwarg(dc, "wait_pipe"));
  if (int64_t e = dc.FindKwarg("event_id")->int_value(); e < 0) {
    return dc.Error(absl::StrCat("event_id must be non-negative, got ", e));
  }
  return NoValue(dc);
}

absl::StatusOr<const Type*> DeduceCacheInvalid(const DeduceContext& dc) {
  if (dc.num_args() == 0) return NoValue(dc);
  if (dc.num_args() != 3) {
    return dc.Error(absl::StrCat(
        "takes no arguments (all of GM) or 3 (tensor, shapes, offsets), got ", dc.num_args()));
  }
  PTO_ASSIGN_OR_RETURN(const TensorType* t, ExpectTensor(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectCoordinates(dc, 1, t->rank(), "shapes").status());
  PTO_RETURN_IF_ERROR(ExpectCoordinates(dc, 2, t->rank(), "offsets").status());
  return NoValue(dc);
}

absl::StatusOr<const Type*> DeduceSyncAll(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectStringKwargIn(dc, "core_type", {"aiv_only", "aic_only", "mix"}));
  PTO_RETURN_IF_ERROR(ExpectStringKwargIn(dc, "mode", {"hard", "soft"}));
  const AttrValue* mode = dc.FindKwarg("mode");
  bool soft = mode != nullptr && mode->string_value() == "soft";
  if (!soft) {
    if (dc.num_args() != 0) {
      return dc.Error("the hard (FFTS) barrier takes no operands; mode='soft' takes gm_workspace");
    }
    return NoValue(dc);
  }
  if (dc.num_args() == 0) return dc.Error("mode='soft' needs a gm_workspace tensor");
  PTO_ASSIGN_OR_RETURN(const TensorType* ws, ExpectTensor(dc, 0));
  if (ws->dtype() != DataType::kInt32) {
    return dc.Error(absl::StrCat("gm_workspace must have INT32 elements, got ", ws->dtype().name()));
  }
  if (dc.num_args() > 1) PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  // Upstream checks that a static workspace holds one 64-byte line (16
  // INT32s) in its PTO codegen, not here: a program with a smaller one
  // parses. Our codegen has no system.syncall emitter yet (it rejects the op,
  // located); an emitter must check the size the way upstream's does.
  return NoValue(dc);
}

void FlagOp(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kSystem)
      .Doc(doc)
      .KeywordOnly()
      .Kwarg("set_pipe", AttrKind::kInt)
      .Kwarg("wait_pipe", AttrKind::kInt)
      .Kwarg("event_id", AttrKind::kInt)
      .SideEffects()
      .Deduce(DeduceFlag);
}

void BarrierOp(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name).Category(OpCategory::kSystem).Doc(doc).SideEffects().Deduce(NoValue);
}

}  // namespace

void RegisterSystemSyncOps(OpRegistry& registry) {
  FlagOp(registry, "system.sync_src", "Sets the event flag from set_pipe to wait_pipe.");
  FlagOp(registry, "system.sync_dst", "Waits for the event flag from set_pipe to wait_pipe.");
  BarrierOp(registry, "system.bar_v", "Barrier of the vector unit.");
  BarrierOp(registry, "system.bar_m", "Barrier of the matrix unit.");
  BarrierOp(registry, "system.bar_all", "Barrier of every pipe.");
  BarrierOp(registry, "system.fence", "Memory barrier over global memory.");
  registry.Register("system.cacheinvalid")
      .Category(OpCategory::kSystem)
      .Doc(
          "Invalidates the cache: all of GM with no operands, else the line holding the base of "
          "the tensor region (tensor, shapes, offsets).")
      .OptionalArg("tensor")
      .OptionalArg("shapes")
      .OptionalArg("offsets")
      .SideEffects()
      .Deduce(DeduceCacheInvalid);
  registry.Register("system.syncall")
      .Category(OpCategory::kSystem)
      .Doc(
          "Cross-core barrier of every participating core: the FFTS hardware barrier, or with "
          "mode='soft' a barrier polling a shared GM workspace.")
      .OptionalArg("gm_workspace")
      .OptionalArg("used_cores")
      .KeywordOnly()
      .Kwarg("core_type", AttrKind::kString, AttrValue::String("mix"))
      .OptionalKwarg("mode", AttrKind::kString)
      .Writes(0)
      .SideEffects()
      .Deduce(DeduceSyncAll);
}

}  // namespace pto::ir
