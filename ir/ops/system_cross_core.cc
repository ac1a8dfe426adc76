// Cross-core (Cube <-> Vector) synchronisation and the ring-buffer pipes
// between the AIC and AIV halves of a cluster.
//
//   pl.system.set_ffts(ws)                         # ws: INT64 [>= 256] GM tensor
//   pl.system.sync_set(pipe=4, event_id=3)         # static event id
//   pl.system.sync_wait(e, pipe=3)                 # dynamic event id, INDEX scalar
//   buf = pl.system.reserve_buffer(name='v2c', size=4096, base=-1)   # INT32 address
//   peer = pl.system.import_peer_buffer(name='v2c', peer_func='cube') # INT32 address
//   pl.system.aic_initialize_pipe(peer, buf, dir_mask=3, slot_size=512)
//   pl.system.tfree_to_aic(tile)                   # release a popped ring slot
//
// Semantics: sync_set raises a cross-core event on `pipe`, sync_wait blocks
// on it; the event id is either the `event_id` kwarg (0..13, the ids left to
// users) or one INDEX operand, never both. reserve_buffer names a local
// buffer of `size` bytes at `base` (-1: the compiler picks) and returns its
// address; import_peer_buffer returns the address of the buffer `name`
// reserved by `peer_func`. The initialize_pipe ops bind a ring of slot_num
// slots of slot_size bytes to those addresses; dir_mask is 1 (C2V), 2 (V2C)
// or 3 (both). Every op but the two buffer queries is an effect.

#include "absl/strings/str_cat.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/system_checks.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kMaxUserEventId = 13;
constexpr int64_t kMinFftsWorkspace = 256;

absl::StatusOr<const Type*> DeduceSetFfts(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TensorType* ws, ExpectTensor(dc, 0));
  if (ws->dtype() != DataType::kInt64) {
    return dc.Error(absl::StrCat("workspace must have INT64 elements, got ", ws->dtype().name()));
  }
  if (ws->rank() != 1) {
    return dc.Error(absl::StrCat("workspace must be 1-D, got rank ", ws->rank()));
  }
  std::optional<int64_t> n = AsConstInt(ws->shape()[0]);
  if (!n || *n < kMinFftsWorkspace) {
    return dc.Error(absl::StrCat("workspace must have a static length of at least ",
                                 kMinFftsWorkspace, " INT64 elements, got ",
                                 FormatShape(ws->shape())));
  }
  return NoValue(dc);
}

absl::StatusOr<const Type*> DeduceCrossCoreSync(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectPipeKwarg(dc, "pipe"));
  PTO_RETURN_IF_ERROR(ExpectOptionalIntKwargIn(dc, "event_id", 0, kMaxUserEventId));
  PTO_RETURN_IF_ERROR(ExpectOptionalIntKwargIn(dc, "ffts_mode", 0, 2));
  PTO_RETURN_IF_ERROR(ExpectStringKwargIn(dc, "core_type", {"aic", "aiv"}));
  bool has_static = dc.FindKwarg("event_id") != nullptr;
  if (has_static == (dc.num_args() == 1)) {
    return dc.Error("takes exactly one event id: the event_id kwarg or one INDEX operand");
  }
  if (!has_static) PTO_RETURN_IF_ERROR(ExpectScalarOf(dc, 0, DataType::kIndex));
  return NoValue(dc);
}

absl::StatusOr<const Type*> DeduceTFree(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectTile(dc, 0).status());
  PTO_RETURN_IF_ERROR(ExpectOptionalIntKwargIn(dc, "split", 0, 2));
  return NoValue(dc);
}

absl::StatusOr<const Type*> DeduceInitializePipe(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntKwargIn(dc, "dir_mask", 1, 3).status());
  if (int64_t s = dc.FindKwarg("slot_size")->int_value(); s <= 0) {
    return dc.Error(absl::StrCat("slot_size must be positive, got ", s));
  }
  const AttrValue* slots = dc.FindKwarg("slot_num");
  const AttrValue* local = dc.FindKwarg("local_slot_num");
  if (slots != nullptr && slots->int_value() <= 0) {
    return dc.Error(absl::StrCat("slot_num must be positive, got ", slots->int_value()));
  }
  if (local != nullptr && local->int_value() <= 0) {
    return dc.Error(absl::StrCat("local_slot_num must be positive, got ", local->int_value()));
  }
  if (slots != nullptr && local != nullptr && local->int_value() > slots->int_value()) {
    return dc.Error(absl::StrCat("local_slot_num (", local->int_value(),
                                 ") must not exceed slot_num (", slots->int_value(), ")"));
  }
  return NoValue(dc);
}

absl::Status ExpectName(const DeduceContext& dc, absl::string_view kwarg) {
  if (dc.FindKwarg(kwarg)->string_value().empty()) {
    return dc.Error(absl::StrCat(kwarg, " must not be empty"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeduceReserveBuffer(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectName(dc, "name"));
  if (int64_t size = dc.FindKwarg("size")->int_value(); size <= 0) {
    return dc.Error(absl::StrCat("size must be a positive number of bytes, got ", size));
  }
  if (int64_t base = dc.FindKwarg("base")->int_value(); base < -1) {
    return dc.Error(absl::StrCat("base must be an address (>= 0) or AUTO (-1), got ", base));
  }
  return dc.ctx().GetScalarType(DataType::kInt32);
}

absl::StatusOr<const Type*> DeduceImportPeerBuffer(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectName(dc, "name"));
  PTO_RETURN_IF_ERROR(ExpectName(dc, "peer_func"));
  return dc.ctx().GetScalarType(DataType::kInt32);
}

void TFreeOp(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kSystem)
      .Doc(doc)
      .Arg("tile")
      .KeywordOnly()
      .OptionalKwarg("split", AttrKind::kInt)
      .OptionalKwarg("id", AttrKind::kInt)
      .SideEffects()
      .Deduce(DeduceTFree);
}

void InitializePipeOp(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  registry.Register(name)
      .Category(OpCategory::kSystem)
      .Doc(doc)
      .Arg("c2v_consumer_buf")
      .Arg("v2c_consumer_buf")
      .KeywordOnly()
      .Kwarg("dir_mask", AttrKind::kInt)
      .Kwarg("slot_size", AttrKind::kInt)
      .OptionalKwarg("slot_num", AttrKind::kInt)
      .OptionalKwarg("local_slot_num", AttrKind::kInt)
      .OptionalKwarg("id", AttrKind::kInt)
      .SideEffects()
      .Deduce(DeduceInitializePipe);
}

}  // namespace

void RegisterSystemCrossCoreOps(OpRegistry& registry) {
  registry.Register("system.set_ffts")
      .Category(OpCategory::kSystem)
      .Doc("Declares the FFTS workspace (INT64, >= 256 elements) for cross-core events.")
      .Arg("workspace")
      .SideEffects()
      .Deduce(DeduceSetFfts);
  registry.Register("system.sync_set")
      .Category(OpCategory::kSystem)
      .Doc("Raises a cross-core event on a pipe.")
      .OptionalArg("event_id_dyn")
      .KeywordOnly()
      .Kwarg("pipe", AttrKind::kInt)
      .OptionalKwarg("event_id", AttrKind::kInt)
      .OptionalKwarg("ffts_mode", AttrKind::kInt)
      .OptionalKwarg("core_type", AttrKind::kString)
      .SideEffects()
      .Deduce(DeduceCrossCoreSync);
  registry.Register("system.sync_wait")
      .Category(OpCategory::kSystem)
      .Doc("Blocks until a cross-core event is raised on a pipe.")
      .OptionalArg("event_id_dyn")
      .KeywordOnly()
      .Kwarg("pipe", AttrKind::kInt)
      .OptionalKwarg("event_id", AttrKind::kInt)
      .OptionalKwarg("core_type", AttrKind::kString)
      .SideEffects()
      .Deduce(DeduceCrossCoreSync);
  TFreeOp(registry, "system.tfree_to_aic", "Returns a popped ring slot to the AIC producer.");
  TFreeOp(registry, "system.tfree_to_aiv", "Returns a popped ring slot to the AIV producer.");
  InitializePipeOp(registry, "system.aic_initialize_pipe",
                   "Binds the AIC side of the cross-core ring buffers.");
  InitializePipeOp(registry, "system.aiv_initialize_pipe",
                   "Binds the AIV side of the cross-core ring buffers.");
  registry.Register("system.reserve_buffer")
      .Category(OpCategory::kSystem)
      .Doc("Reserves a named local buffer for cross-core rings; returns its INT32 address.")
      .KeywordOnly()
      .Kwarg("name", AttrKind::kString)
      .Kwarg("size", AttrKind::kInt)
      .Kwarg("base", AttrKind::kInt, AttrValue::Int(-1))
      .SideEffects()
      .Deduce(DeduceReserveBuffer);
  registry.Register("system.import_peer_buffer")
      .Category(OpCategory::kSystem)
      .Doc("The INT32 address of the buffer a peer function of the group reserved by name.")
      .KeywordOnly()
      .Kwarg("name", AttrKind::kString)
      .Kwarg("peer_func", AttrKind::kString)
      .SideEffects()
      .Deduce(DeduceImportPeerBuffer);
}

}  // namespace pto::ir
