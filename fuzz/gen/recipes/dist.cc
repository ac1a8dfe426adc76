// Op recipes for the cross-rank ops: pld.system.*, the pld.tensor.*
// collectives and the pld.tile.* transfers, on windows that are
// DistributedTensor params (ir/ops/dist_system.cc, dist_tile.cc,
// dist_collective.cc).
// Internal to the program generator; see recipe_util.h.

#include <algorithm>
#include <optional>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "fuzz/gen/recipes/families.h"
#include "fuzz/gen/recipes/recipe_util.h"
#include "ir/attr.h"
#include "ir/context.h"
#include "ir/expr.h"

namespace pto::fuzz::recipes {
namespace {

bool Int32Window(const TensorType* t) {
  return t->IsDistributed() && t->dtype() == DataType::kInt32 && t->rank() >= 1;
}

const Var* Window(GenScope& s, absl::FunctionRef<bool(const TensorType*)> pred) {
  return s.FindTensor([&](const TensorType* t) { return t->IsDistributed() && pred(t); });
}

// An integer scalar operand (peer, value, expected): a visible int scalar
// or a literal.
const Expr* IntOperand(GenScope& s) {
  if (s.Coin()) {
    if (const Var* v = s.FindScalar([](DataType t) { return t.IsInt(); })) return v;
  }
  DataType dtype = s.Pick({DataType(DataType::kInt32), DataType(DataType::kIndex)});
  return s.Literal(dtype);
}

// A CommCtx value: a visible one or pld.system.get_comm_ctx of a window.
const Var* CommCtx(GenScope& s) {
  if (const Var* c = s.FindOfType(s.ctx().GetCommCtxType())) return c;
  const Var* w = Window(s, [](const TensorType*) { return true; });
  if (w == nullptr) return nullptr;
  return s.TryOp("pld.system.get_comm_ctx", {w});
}

bool GetCommCtx(GenScope& s) {
  const Var* w = Window(s, [](const TensorType*) { return true; });
  return w != nullptr && s.TryOp("pld.system.get_comm_ctx", {w}) != nullptr;
}

bool CommScalar(GenScope& s, absl::string_view op) {
  const Var* c = CommCtx(s);
  return c != nullptr && s.TryOp(op, {c}) != nullptr;
}

bool Notify(GenScope& s) {
  const Var* target = Window(s, Int32Window);
  if (target == nullptr) return false;
  const Expr* args[] = {target, IntOperand(s), Coordinates(s, TensorOf(target)), IntOperand(s)};
  NamedAttr kw[] = {{"op", AttrValue::Int(s.OneIn(16) ? 2 : s.Int(0, 1))}};
  return EmitEffect(s, "pld.system.notify", args, kw);
}

bool Wait(GenScope& s) {
  const Var* signal = Window(s, Int32Window);
  if (signal == nullptr) return false;
  const Expr* args[] = {signal, Coordinates(s, TensorOf(signal)), IntOperand(s)};
  NamedAttr kw[] = {{"cmp", AttrValue::Int(s.Int(0, 1))}};
  return EmitEffect(s, "pld.system.wait", args, kw);
}

bool ReduceDType(const TensorType* t) {
  return t->dtype() == DataType::kFP16 || t->dtype() == DataType::kFP32;
}

NamedAttr ReduceOpKwarg(GenScope& s) { return {"op", AttrValue::Int(s.Int(0, 3))}; }

bool AllReduce(GenScope& s) {
  const Var* target = Window(s, ReduceDType);
  if (target == nullptr) return false;
  std::vector<const Expr*> args = {target};
  if (s.Coin()) {
    if (const Var* signal = Window(s, Int32Window)) args.push_back(signal);
  }
  std::vector<NamedAttr> kw = {ReduceOpKwarg(s), {"core_num", AttrValue::Int(s.Int(1, 4))}};
  if (s.Coin()) kw.push_back({"mode", AttrValue::String(s.Coin() ? "ring" : "mesh")});
  return s.TryOp("pld.tensor.allreduce", args, kw) != nullptr;
}

// A window [NR, SIZE] of static shape and the INT32 signal window [NR, ...]
// of a collective.
struct Collective {
  const Var* target;
  int64_t rows;
  int64_t size;
  const Var* signal;
};

std::optional<Collective> PickCollective(GenScope& s, absl::FunctionRef<bool(DataType)> dtype) {
  const Var* target = Window(s, [&](const TensorType* t) {
    return t->rank() == 2 && dtype(t->dtype()) && StaticShape(t->shape()).has_value();
  });
  if (target == nullptr) return std::nullopt;
  std::vector<int64_t> shape = *StaticShape(TensorOf(target)->shape());
  const Var* signal = Window(s, [&](const TensorType* t) {
    return Int32Window(t) && ir::AsConstInt(t->shape()[0]) == shape[0];
  });
  if (signal == nullptr) return std::nullopt;
  return Collective{target, shape[0], shape[1], signal};
}

bool AllGather(GenScope& s) {
  std::optional<Collective> c = PickCollective(s, [](DataType) { return true; });
  if (!c) return false;
  const Var* input = s.FreshTensor(TensorOf(c->target)->dtype(), {1, c->size});
  const Expr* args[] = {input, c->target, c->signal};
  return s.TryOp("pld.tensor.allgather", args, {}) != nullptr;
}

bool AllToAll(GenScope& s) {
  std::optional<Collective> c = PickCollective(s, [](DataType) { return true; });
  if (!c) return false;
  const Var* input = s.FreshTensor(TensorOf(c->target)->dtype(), {c->rows, c->size});
  const Expr* args[] = {input, c->target, c->signal};
  return s.TryOp("pld.tensor.all_to_all", args, {}) != nullptr;
}

bool AllToAllV(GenScope& s) {
  std::optional<Collective> c = PickCollective(s, [](DataType) { return true; });
  if (!c) return false;
  const Var* input = s.FreshTensor(TensorOf(c->target)->dtype(), {c->rows, c->size});
  int64_t nr = c->rows;
  std::vector<int64_t> counts_shape = s.Coin() ? std::vector<int64_t>{nr}
                                               : std::vector<int64_t>{nr, 1};
  const Var* send_counts = s.FreshTensor(DataType::kInt32, counts_shape);
  const Var* recv_counts = Window(s, [&](const TensorType* t) {
    return Int32Window(t) && t->rank() == 2 && ir::AsConstInt(t->shape()[0]) == nr &&
           ir::AsConstInt(t->shape()[1]) == 1;
  });
  const Expr* args[] = {input, c->target, c->signal, send_counts, recv_counts};
  return s.TryOp("pld.tensor.all_to_all_v", args, {}) != nullptr;
}

bool ReduceScatter(GenScope& s) {
  std::optional<Collective> c =
      PickCollective(s, [](DataType t) { return t == DataType::kFP16 || t == DataType::kFP32; });
  if (!c) return false;
  const Expr* args[] = {c->target, c->signal};
  NamedAttr kw[] = {ReduceOpKwarg(s)};
  return s.TryOp("pld.tensor.reduce_scatter", args, kw) != nullptr;
}

bool Broadcast(GenScope& s) {
  const Var* target = Window(s, [](const TensorType*) { return true; });
  const Var* signal = Window(s, Int32Window);
  if (target == nullptr || signal == nullptr) return false;
  const Expr* args[] = {target, signal};
  NamedAttr kw[] = {{"root", AttrValue::Int(s.Int(0, 3))}};
  return s.TryOp("pld.tensor.broadcast", args, kw) != nullptr;
}

bool Barrier(GenScope& s) {
  const Var* signal = Window(s, Int32Window);
  return signal != nullptr && s.TryOp("pld.tensor.barrier", {signal}) != nullptr;
}

bool RemoteLoad(GenScope& s) {
  const Var* w = Window(s, [](const TensorType* t) { return StaticShape(t->shape()).has_value(); });
  if (w == nullptr) return false;
  std::vector<int64_t> dims = *StaticShape(TensorOf(w)->shape());
  std::vector<int64_t> shape, offsets;
  for (int64_t d : dims) {
    int64_t extent = s.Coin() ? d : s.Int64(1, d);
    shape.push_back(extent);
    offsets.push_back(s.Int64(0, d - extent));
  }
  std::vector<const Expr*> args = {w, IntOperand(s), s.IndexList(offsets), s.IndexList(shape)};
  if (s.Coin()) {
    std::vector<const Expr*> valid;
    for (int64_t e : shape) valid.push_back(IndexOperand(s, 0, e));
    args.push_back(s.ctx().NewMakeTuple(s.ctx().Save<const Expr*>(valid)));
  }
  return s.TryOp("pld.tile.remote_load", args, {}) != nullptr;
}

// put/get: the window, the local tensor of its shape and dtype, and a Vec
// bounce tile whose row is a whole number of 32-byte units; sometimes a
// second one of its shape (ping-pong staging, the 5- and 8-operand forms).
bool Transfer(GenScope& s, absl::string_view op) {
  const Var* w = Window(s, [](const TensorType* t) {
    return t->rank() >= 1 && StaticShape(t->shape()).has_value() && t->dtype().bits() >= 8;
  });
  if (w == nullptr) return false;
  DataType dtype = TensorOf(w)->dtype();
  std::vector<int64_t> dims = *StaticShape(TensorOf(w)->shape());
  const Var* local = s.FreshTensor(dtype, dims);
  int64_t unit = 256 / dtype.storage_bits();
  int64_t cols = std::max<int64_t>(unit, dims.back() / unit * unit);
  const Var* stage = s.FreshTile(dtype, {1, cols});
  bool put = op == "pld.tile.put";
  std::vector<const Expr*> args = {put ? w : local, IntOperand(s), put ? local : w, stage};
  if (s.Coin()) args.push_back(s.FreshTile(dtype, {1, cols}));
  if (s.Coin()) {
    std::vector<int64_t> zeros(dims.size(), 0);
    args.push_back(s.IndexList(zeros));
    args.push_back(s.IndexList(zeros));
    args.push_back(s.IndexList(dims));
  }
  std::vector<NamedAttr> kw;
  if (put) kw.push_back({"atomic", AttrValue::Int(s.Int(0, 1))});
  return EmitEffect(s, op, args, kw);
}

constexpr OpRecipe kRecipes[] = {
    PTO_RECIPE("pld.system.get_comm_ctx", GetCommCtx),
    PTO_RECIPE("pld.system.notify", Notify),
    PTO_RECIPE("pld.system.nranks", CommScalar, "pld.system.nranks"),
    PTO_RECIPE("pld.system.rank", CommScalar, "pld.system.rank"),
    PTO_RECIPE("pld.system.wait", Wait),
    PTO_RECIPE("pld.tensor.all_to_all", AllToAll),
    PTO_RECIPE("pld.tensor.all_to_all_v", AllToAllV),
    PTO_RECIPE("pld.tensor.allgather", AllGather),
    PTO_RECIPE("pld.tensor.allreduce", AllReduce),
    PTO_RECIPE("pld.tensor.barrier", Barrier),
    PTO_RECIPE("pld.tensor.broadcast", Broadcast),
    PTO_RECIPE("pld.tensor.reduce_scatter", ReduceScatter),
    PTO_RECIPE("pld.tile.get", Transfer, "pld.tile.get"),
    PTO_RECIPE("pld.tile.put", Transfer, "pld.tile.put"),
    PTO_RECIPE("pld.tile.remote_load", RemoteLoad),
};

}  // namespace

absl::Span<const OpRecipe> DistRecipes() { return kRecipes; }

}  // namespace pto::fuzz::recipes
