// Op recipes for the #20 families without tiles of their own: system.*
// (synchronisation, cross-core, tasks), prefetch.*, array.*, dist.*, the
// window buffers, the tensor-level transfers and the builtin.tensor.* host
// collectives (ir/ops/system_*.cc, prefetch.cc, array.cc, dist_memory.cc,
// dist_intrinsics.cc, dist_transfer.cc, dist_host_collective.cc).
// Windows are made here with pld.tensor.alloc_window_buffer +
// pld.tensor.window, so every recipe finds the shapes it needs.
// Internal to the program generator; see recipe_util.h.

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

using ir::HandleKind;

// Emits a call of `op`: bound to a fresh Var when it has a value, as a
// statement otherwise (an effect). False when the deducer rejected it.
bool Effect(GenScope& s, absl::string_view op, absl::Span<const Expr* const> args,
            absl::Span<const NamedAttr> kwargs = {}) {
  const ir::Call* call = s.TryCall(op, args, kwargs);
  if (call == nullptr) return false;
  if (call->type()->Is<ir::UnknownType>()) {
    s.Emit(s.ctx().NewEval(call));
  } else {
    s.Bind(call, "v");
  }
  return true;
}

bool Bare(GenScope& s, absl::string_view op) { return Effect(s, op, {}); }

// A pipe: valid mostly, out of range now and then (a rejection path).
NamedAttr Pipe(GenScope& s, absl::string_view key) {
  return {key, AttrValue::Int(s.OneIn(16) ? 8 : s.Int(0, 7))};
}

bool Flag(GenScope& s, absl::string_view op) {
  NamedAttr kw[] = {Pipe(s, "set_pipe"), Pipe(s, "wait_pipe"), {"event_id", AttrValue::Int(s.Int(0, 7))}};
  return Effect(s, op, {}, kw);
}

bool CacheInvalid(GenScope& s) {
  if (s.Coin()) return Effect(s, "system.cacheinvalid", {});
  const Var* t = s.AnyTensor();
  if (t == nullptr) return false;
  std::vector<int64_t> ones(TensorOf(t)->rank(), 1);
  const Expr* args[] = {t, s.IndexList(ones), Coordinates(s, TensorOf(t))};
  return Effect(s, "system.cacheinvalid", args);
}

bool SyncAll(GenScope& s) {
  NamedAttr core = {"core_type",
                    AttrValue::String(s.Pick<absl::string_view>({"aiv_only", "aic_only", "mix"}))};
  if (s.Coin()) {
    NamedAttr kw[] = {core};
    return Effect(s, "system.syncall", {}, kw);
  }
  const Var* ws = s.FreshTensor(DataType::kInt32, std::vector<int64_t>{s.Pick<int64_t>({16, 32, 8})});
  NamedAttr kw[] = {core, {"mode", AttrValue::String("soft")}};
  if (s.Coin()) {
    const Expr* args[] = {ws, s.Literal(DataType::kInt32)};
    return Effect(s, "system.syncall", args, kw);
  }
  const Expr* args[] = {ws};
  return Effect(s, "system.syncall", args, kw);
}

bool SetFfts(GenScope& s) {
  const Expr* args[] = {
      s.FreshTensor(DataType::kInt64, std::vector<int64_t>{s.Pick<int64_t>({256, 512, 128})})};
  return Effect(s, "system.set_ffts", args);
}

bool CrossCoreSync(GenScope& s, absl::string_view op) {
  std::vector<NamedAttr> kw = {Pipe(s, "pipe")};
  if (s.OneIn(4)) kw.push_back({"core_type", AttrValue::String(s.Coin() ? "aic" : "aiv")});
  if (s.Coin()) {
    kw.push_back({"event_id", AttrValue::Int(s.Int(0, 14))});
    return Effect(s, op, {}, kw);
  }
  const Var* e = s.FindScalar([](DataType t) { return t == DataType::kIndex; });
  const Expr* args[] = {e != nullptr ? static_cast<const Expr*>(e) : s.Literal(DataType::kIndex)};
  return Effect(s, op, args, kw);
}

bool TFree(GenScope& s, absl::string_view op) {
  const Var* t = s.AnyTile();
  if (t == nullptr) return false;
  std::vector<NamedAttr> kw;
  if (s.Coin()) kw.push_back({"split", AttrValue::Int(s.Int(0, 2))});
  const Expr* args[] = {t};
  return Effect(s, op, args, kw);
}

const Expr* Int32Address(GenScope& s) {
  if (s.Coin()) {
    if (const Var* v = s.FindScalar([](DataType t) { return t == DataType::kInt32; })) return v;
  }
  return s.Literal(DataType::kInt32);
}

bool InitializePipe(GenScope& s, absl::string_view op) {
  const Expr* args[] = {Int32Address(s), Int32Address(s)};
  std::vector<NamedAttr> kw = {{"dir_mask", AttrValue::Int(s.Int(1, 3))},
                               {"slot_size", AttrValue::Int(s.Pick<int64_t>({256, 512}))}};
  if (s.Coin()) kw.push_back({"slot_num", AttrValue::Int(s.Int(1, 8))});
  return Effect(s, op, args, kw);
}

bool ReserveBuffer(GenScope& s) {
  NamedAttr kw[] = {{"name", AttrValue::String(s.Coin() ? "v2c_slot_buffer" : "c2v_slot_buffer")},
                    {"size", AttrValue::Int(s.Pick<int64_t>({4096, 1024}))},
                    {"base", AttrValue::Int(s.Coin() ? -1 : 4096)}};
  return s.TryOp("system.reserve_buffer", {}, kw) != nullptr;
}

bool ImportPeerBuffer(GenScope& s) {
  NamedAttr kw[] = {{"name", AttrValue::String("v2c_slot_buffer")},
                    {"peer_func", AttrValue::String(s.Coin() ? "cube_consumer" : "")}};
  return s.TryOp("system.import_peer_buffer", {}, kw) != nullptr;
}

// A visible TASK_ID scalar, or a fresh invalid one.
const Expr* TaskId(GenScope& s) {
  if (const Var* t = s.FindScalar([](DataType d) { return d == DataType::kTaskId; })) return t;
  return s.TryOp("system.task_invalid", {});
}

bool TaskIsValid(GenScope& s) {
  const Expr* t = TaskId(s);
  return t != nullptr && s.TryOp("system.task_is_valid", {t}) != nullptr;
}

// --- arrays ----------------------------------------------------------------------

const Var* Array(GenScope& s) {
  if (const Var* a = s.Find([](const ir::Type* t) { return t->Is<ir::ArrayType>(); })) return a;
  DataType dtype = s.Pick({DataType(DataType::kTaskId), DataType(DataType::kInt32),
                           DataType(DataType::kBool)});
  NamedAttr kw[] = {{"dtype", AttrValue::DType(dtype)}};
  const Expr* args[] = {s.ctx().Index(s.Int(1, 8))};
  return s.TryOp("array.create", args, kw);
}

bool ArrayCreate(GenScope& s) {
  DataType dtype = s.OneIn(8) ? DataType::kFP32 : s.Pick({DataType(DataType::kTaskId),
                                                          DataType(DataType::kInt32)});
  NamedAttr kw[] = {{"dtype", AttrValue::DType(dtype)}};
  const Expr* args[] = {s.ctx().Index(s.Int(0, 8))};
  return s.TryOp("array.create", args, kw) != nullptr;
}

bool ArrayGet(GenScope& s) {
  const Var* a = Array(s);
  return a != nullptr && s.TryOp("array.get_element", {a, s.ctx().Index(0)}) != nullptr;
}

bool ArrayUpdate(GenScope& s) {
  const Var* a = Array(s);
  if (a == nullptr) return false;
  DataType dtype = a->type()->As<ir::ArrayType>()->dtype();
  const Expr* value = dtype == DataType::kTaskId ? TaskId(s) : s.Literal(dtype);
  return value != nullptr && s.TryOp("array.update_element", {a, s.ctx().Index(0), value});
}

// --- prefetch ----------------------------------------------------------------------

const Expr* Handle(GenScope& s, HandleKind kind) {
  return s.FindOfType(s.ctx().GetHandleType(kind));
}

const Expr* PrefetchContext(GenScope& s) {
  const Expr* c = Handle(s, HandleKind::kPrefetchAsyncContext);
  return c != nullptr ? c : s.TryOp("prefetch.make_context", {});
}

const Expr* AsyncPrefetch(GenScope& s) {
  std::vector<int64_t> shape = s.OneIn(8) ? std::vector<int64_t>{2, 64}
                                          : std::vector<int64_t>{1, s.Extent()};
  const Var* src = s.FreshTensor(DataType::kFP16, shape);
  const Expr* ctx = PrefetchContext(s);
  if (src == nullptr || ctx == nullptr) return nullptr;
  const ir::Call* call = s.TryCall("prefetch.async_prefetch", {src, ctx}, {});
  return call == nullptr ? nullptr : s.Bind(call, "evt");
}

bool StartPrefetch(GenScope& s) { return AsyncPrefetch(s) != nullptr; }

bool PrefetchSession(GenScope& s) {
  const Expr* c = PrefetchContext(s);
  return c != nullptr && s.TryOp("prefetch.session", {c}) != nullptr;
}

bool PrefetchWait(GenScope& s) {
  const Expr* evt = Handle(s, HandleKind::kAsyncEvent);
  if (evt == nullptr) evt = AsyncPrefetch(s);
  const Expr* ses = Handle(s, HandleKind::kAsyncSession);
  if (ses == nullptr) {
    const Expr* c = PrefetchContext(s);
    if (c != nullptr) ses = s.TryOp("prefetch.session", {c});
  }
  return evt != nullptr && ses != nullptr && s.TryOp("prefetch.wait", {evt, ses}) != nullptr;
}

// --- windows and transfers -----------------------------------------------------------

// A window buffer, in HOST code only, bound to a variable of its own
// (program-unique) name, as the DSL names it.
const Var* WindowBuffer(GenScope& s) {
  if (!s.host()) return nullptr;
  const Expr* size = s.ctx().Index(s.OneIn(16) ? 0 : 4 * s.Int(1, 1024));
  std::string name = s.NextWindowBufferName();
  NamedAttr kw[] = {{"name", AttrValue::String(s.ctx().SaveString(name))}};
  const Expr* args[] = {size};
  const ir::Call* call = s.TryCall("pld.tensor.alloc_window_buffer", args, kw);
  return call != nullptr ? s.Bind(call, s.ctx().SaveString(name)) : nullptr;
}

// A new window of `dtype` and `shape` over a new window buffer; outside
// HOST code, where no buffer can be made, a visible window of that type (a
// DistributedTensor param) or nullptr.
const Var* MakeWindow(GenScope& s, DataType dtype, std::vector<int64_t> shape) {
  if (!s.host()) {
    return s.FindOfType(s.ctx().GetDistributedTensorType(dtype, s.ctx().IndexList(shape)));
  }
  const Var* buf = WindowBuffer(s);
  if (buf == nullptr) return nullptr;
  NamedAttr kw[] = {{"dtype", AttrValue::DType(dtype)}};
  const Expr* args[] = {buf, s.IndexList(shape)};
  return s.TryOp("pld.tensor.window", args, kw);
}

bool AllocWindowBuffer(GenScope& s) { return WindowBuffer(s) != nullptr; }

bool WorldSize(GenScope& s) {
  return s.host() && Bare(s, "pld.system.world_size");
}

bool Window(GenScope& s) { return MakeWindow(s, s.AnyDType(), s.Shape(1, 2)) != nullptr; }

const Expr* Peer(GenScope& s) {
  if (s.Coin()) {
    if (const Var* v = s.FindScalar([](DataType t) { return t.IsInt(); })) return v;
  }
  return s.Literal(DataType::kInt32);
}

bool Transfer(GenScope& s, bool put) {
  DataType dtype = s.Pick({DataType(DataType::kFP32), DataType(DataType::kFP16)});
  std::vector<int64_t> shape = Shape2D(s);
  const Var* w = MakeWindow(s, dtype, shape);
  const Var* x = s.FreshTensor(dtype, shape);
  if (w == nullptr || x == nullptr) return false;
  std::vector<const Expr*> args = put ? std::vector<const Expr*>{w, Peer(s), x}
                                      : std::vector<const Expr*>{x, Peer(s), w};
  if (s.Coin()) {
    args.push_back(s.IndexList(std::vector<int64_t>{0, 0}));
    args.push_back(s.IndexList(std::vector<int64_t>{0, 0}));
    args.push_back(s.IndexList(std::vector<int64_t>{1, shape[1]}));
  }
  std::vector<NamedAttr> kw;
  if (put && s.Coin()) kw.push_back({"atomic", AttrValue::Enum(ir::AtomicType::kAdd)});
  if (s.OneIn(4)) kw.push_back({"chunk_cols", AttrValue::Int(s.Int(0, 64))});
  return Effect(s, put ? "pld.tensor.put" : "pld.tensor.get", args, kw);
}

bool RemoteStore(GenScope& s, bool tile) {
  std::vector<int64_t> shape = Shape2D(s);
  const Var* w = MakeWindow(s, DataType::kFP32, shape);
  std::vector<int64_t> row = {1, shape[1]};
  const Var* src =
      tile ? s.FreshTile(DataType::kFP32, row) : s.FreshTensor(DataType::kFP32, row);
  if (w == nullptr || src == nullptr) return false;
  const Expr* args[] = {src, w, Peer(s), s.IndexList(std::vector<int64_t>{s.Int(0, static_cast<int>(shape[0])), 0})};
  std::vector<NamedAttr> kw;
  if (s.Coin()) kw.push_back({"atomic", AttrValue::Enum(ir::AtomicType::kAdd)});
  return Effect(s, tile ? "pld.tile.remote_store" : "pld.tensor.remote_store", args, kw);
}

const Var* Signal(GenScope& s, std::vector<int64_t> shape) {
  return MakeWindow(s, DataType::kInt32, shape);
}

bool DeferWait(GenScope& s) {
  const Var* sig = Signal(s, {4, 1});
  if (sig == nullptr) return false;
  const Expr* args[] = {sig, s.IndexList(std::vector<int64_t>{s.Int(0, 3), 0}), s.ctx().Index(s.Int(0, 4))};
  NamedAttr kw[] = {{"cmp", AttrValue::Int(s.OneIn(8) ? 0 : 1)}};
  return Effect(s, "pld.system.defer_wait", args, kw);
}

// --- runtime intrinsics and host collectives --------------------------------------------

const Expr* Runtime(GenScope& s) {
  if (const Var* v = s.FindScalar([](DataType t) { return t == DataType::kInt64; })) return v;
  return s.Literal(DataType::kInt64);
}

bool Intrinsic(GenScope& s, absl::string_view op, int arity) {
  std::vector<const Expr*> args = {Runtime(s)};
  if (arity == 2) args.push_back(s.Literal(DataType::kIndex));
  return Effect(s, op, args);
}

NamedAttr FP32(GenScope& s) {
  return {"dtype", AttrValue::DType(s.OneIn(8) ? DataType::kFP16 : DataType::kFP32)};
}

bool HostCollective(GenScope& s, absl::string_view op) {
  const int64_t nr = s.Pick<int64_t>({2, 4});
  const int64_t size = s.Pick<int64_t>({16, 64});
  const Var* data = MakeWindow(s, DataType::kFP32, {nr, size});
  const Var* sig = Signal(s, {nr});
  if (data == nullptr || sig == nullptr) return false;
  std::vector<const Expr*> args;
  std::vector<NamedAttr> kw;
  NamedAttr sum = {"op", AttrValue::Int(s.OneIn(8) ? 1 : 0)};
  if (op == "builtin.tensor.allreduce") {
    args = {data, sig};
    kw = {sum, FP32(s), {"core_num", AttrValue::Int(1)}};
  } else if (op == "builtin.tensor.allreduce_ring") {
    args = {data, Signal(s, {2 * (nr - 1) + 1, nr})};
    kw = {sum, FP32(s)};
  } else if (op == "builtin.tensor.barrier") {
    args = {sig};
  } else if (op == "builtin.tensor.broadcast") {
    args = {data, sig};
    kw = {{"root", AttrValue::Int(s.Int(0, 1))}, FP32(s)};
  } else if (op == "builtin.tensor.reduce_scatter") {
    args = {data, sig};
    kw = {sum, FP32(s)};
  } else if (op == "builtin.tensor.allgather") {
    args = {MakeWindow(s, DataType::kFP32, {1, size}), data, sig};
    kw = {FP32(s)};
  } else if (op == "builtin.tensor.all_to_all") {
    args = {MakeWindow(s, DataType::kFP32, {nr, size}), data, sig};
    kw = {FP32(s)};
  } else {  // all_to_all_v
    const Var* col = Signal(s, {nr, 1});
    args = {MakeWindow(s, DataType::kFP32, {nr, size}), data, col, Signal(s, {nr}), col};
    kw = {FP32(s)};
  }
  return s.TryOp(op, args, kw) != nullptr;
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("system.sync_src", Flag, "system.sync_src"),
    PTO_RECIPE("system.sync_dst", Flag, "system.sync_dst"),
    PTO_RECIPE("system.bar_v", Bare, "system.bar_v"),
    PTO_RECIPE("system.bar_m", Bare, "system.bar_m"),
    PTO_RECIPE("system.bar_all", Bare, "system.bar_all"),
    PTO_RECIPE("system.fence", Bare, "system.fence"),
    PTO_RECIPE("system.cacheinvalid", CacheInvalid),
    PTO_RECIPE("system.syncall", SyncAll),
    PTO_RECIPE("system.set_ffts", SetFfts),
    PTO_RECIPE("system.sync_set", CrossCoreSync, "system.sync_set"),
    PTO_RECIPE("system.sync_wait", CrossCoreSync, "system.sync_wait"),
    PTO_RECIPE("system.tfree_to_aic", TFree, "system.tfree_to_aic"),
    PTO_RECIPE("system.tfree_to_aiv", TFree, "system.tfree_to_aiv"),
    PTO_RECIPE("system.aic_initialize_pipe", InitializePipe, "system.aic_initialize_pipe"),
    PTO_RECIPE("system.aiv_initialize_pipe", InitializePipe, "system.aiv_initialize_pipe"),
    PTO_RECIPE("system.reserve_buffer", ReserveBuffer),
    PTO_RECIPE("system.import_peer_buffer", ImportPeerBuffer),
    PTO_RECIPE("system.task_invalid", Bare, "system.task_invalid"),
    PTO_RECIPE("system.task_dummy", Bare, "system.task_dummy"),
    PTO_RECIPE("system.task_is_valid", TaskIsValid),
    PTO_RECIPE("system.available_cluster_count", Bare, "system.available_cluster_count"),
    PTO_RECIPE("system.available_aiv_count", Bare, "system.available_aiv_count"),
    PTO_RECIPE("array.create", ArrayCreate),
    PTO_RECIPE("array.get_element", ArrayGet),
    PTO_RECIPE("array.update_element", ArrayUpdate),
    PTO_RECIPE("prefetch.make_context", Bare, "prefetch.make_context"),
    PTO_RECIPE("prefetch.async_prefetch", StartPrefetch),
    PTO_RECIPE("prefetch.session", PrefetchSession),
    PTO_RECIPE("prefetch.wait", PrefetchWait),
    PTO_RECIPE("pld.tensor.alloc_window_buffer", AllocWindowBuffer),
    PTO_RECIPE("pld.tensor.window", Window),
    PTO_RECIPE("pld.tensor.put", Transfer, true),
    PTO_RECIPE("pld.tensor.get", Transfer, false),
    PTO_RECIPE("pld.tile.remote_store", RemoteStore, true),
    PTO_RECIPE("pld.tensor.remote_store", RemoteStore, false),
    PTO_RECIPE("pld.system.defer_wait", DeferWait),
    PTO_RECIPE("pld.system.world_size", WorldSize),
    PTO_RECIPE("dist.make_tensor", Intrinsic, "dist.make_tensor", 2),
    PTO_RECIPE("dist.tree_reduce", Intrinsic, "dist.tree_reduce", 2),
    PTO_RECIPE("dist.submit_worker", Intrinsic, "dist.submit_worker", 1),
    PTO_RECIPE("dist.submit_orchestrator", Intrinsic, "dist.submit_orchestrator", 1),
    PTO_RECIPE("dist.future_get", Intrinsic, "dist.future_get", 1),
    PTO_RECIPE("builtin.tensor.allreduce", HostCollective, "builtin.tensor.allreduce"),
    PTO_RECIPE("builtin.tensor.allreduce_ring", HostCollective, "builtin.tensor.allreduce_ring"),
    PTO_RECIPE("builtin.tensor.barrier", HostCollective, "builtin.tensor.barrier"),
    PTO_RECIPE("builtin.tensor.broadcast", HostCollective, "builtin.tensor.broadcast"),
    PTO_RECIPE("builtin.tensor.reduce_scatter", HostCollective, "builtin.tensor.reduce_scatter"),
    PTO_RECIPE("builtin.tensor.allgather", HostCollective, "builtin.tensor.allgather"),
    PTO_RECIPE("builtin.tensor.all_to_all", HostCollective, "builtin.tensor.all_to_all"),
    PTO_RECIPE("builtin.tensor.all_to_all_v", HostCollective, "builtin.tensor.all_to_all_v"),
};

}  // namespace

absl::Span<const OpRecipe> SystemRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
