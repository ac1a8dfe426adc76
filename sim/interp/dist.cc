// Reference kernels of the distributed ops (pld.*).
//
// The kernels run in the rank world of sim/interp/dist_runtime.h: every op that
// touches another rank's memory or a signal cell runs inside a
// DistRuntime::Section, addresses rank p's copy of a window through
// PeerWindow, blocks through Wait, and stores with Set through PlainStore.
// The multi-rank simulator (sim/multirank/multirank.h) supplies a world of N ranks;
// the unlowered pld.tensor.* collectives run only in a one-rank world.
//
// Without a runtime the interpreter runs one rank: rank() is 0, nranks() is
// 1, and the only peer that exists is the rank itself, so every cross-rank
// op acts on the local copy of its window (ir/ops/dist_*.cc give the
// semantics for W@p, rank p's copy of window W):
//   * pld.system.get_comm_ctx gives an opaque context (no data);
//     pld.system.rank / nranks give INT32 0 and 1;
//   * pld.system.notify updates the local cell (op 0 adds with INT32 wrap,
//     op 1 sets); pld.system.wait checks the local cell and, since no other
//     rank could ever change it, fails ("would block forever") when the
//     condition does not already hold;
//   * pld.tile.remote_load reads the local window like tile.load;
//     pld.tile.put / pld.tile.get copy a region of the local tensor(s)
//     (atomic=1 adds in the element dtype); their stage(s) are poisoned;
//   * the collectives reduce over one rank: allreduce, reduce_scatter and
//     barrier leave their windows unchanged; broadcast needs root 0;
//     allgather and all_to_all copy row 0 of the input into row 0 of the
//     target; all_to_all_v sends clamp(send_counts[0], 0, MAX_RECV) rows of
//     input block 0 (MAX_RECV = target rows / signal rows) to target rows
//     [0, count) and records the count in recv_counts[0].
// A peer or root other than 0 is an error naming it. Every collective
// returns the window it updated, as its deducer says.

#include <limits>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "sim/interp/dist_runtime.h"
#include "sim/interp/kernel.h"
#include "sim/interp/transfer.h"
#include "sim/numerics/element_convert.h"

namespace pto::sim {
namespace {

using ir::DataType;

// The one-rank world: the rank itself is the only peer, and nothing can
// change a cell while a wait blocks.
class SingleRank final : public DistRuntime {
 public:
  int64_t rank() const override { return 0; }
  int64_t nranks() const override { return 1; }
  absl::StatusOr<BufferView> PeerWindow(const KernelContext& ctx, size_t arg,
                                        const BufferView& local, const Scalar& peer) override {
    (void)arg;
    if (peer.IsFloat() || peer.i != 0) {
      return ctx.Error(absl::StrCat(ctx.ArgName(1), " ", peer.ToString(),
                                    " does not exist: the reference interpreter runs a single "
                                    "rank (rank 0 of 1)"));
    }
    return local;
  }
  absl::Status Enter(const KernelContext&) override { return absl::OkStatus(); }
  void Leave() override {}
  absl::Status Wait(const KernelContext& ctx, const BufferView& signal, int64_t bit, int64_t want,
                    bool ge) override {
    int64_t cell = Scalar::FromElementBits(signal.dtype, LoadBits(signal, bit)).i;
    if (ge ? cell >= want : cell == want) return absl::OkStatus();
    return ctx.Error(absl::StrCat("would block forever: the cell holds ", cell, ", waiting for ",
                                  ge ? ">= " : "== ", want,
                                  ", and no other rank exists to notify it"));
  }
  absl::Status PlainStore(const KernelContext&, const BufferView& view, int64_t bit,
                          uint64_t code) override {
    StoreBits(view, bit, code);
    return absl::OkStatus();
  }
  absl::Status CheckUnloweredCollective(const KernelContext&) override {
    return absl::OkStatus();
  }
};

// The peer scalar of argument `i` and `local` as that peer's window.
absl::StatusOr<BufferView> PeerOf(const KernelContext& ctx, size_t i, size_t window_arg,
                                  const BufferView& local) {
  PTO_ASSIGN_OR_RETURN(Scalar peer, ctx.ScalarArg(i));
  return RuntimeOf(ctx).PeerWindow(ctx, window_arg, local, peer);
}

absl::Status GetCommCtx(KernelContext& ctx) {
  PTO_RETURN_IF_ERROR(ctx.BufferArg(0).status());
  ctx.SetResult(Value());
  return absl::OkStatus();
}

template <bool kRank>
absl::Status RankScalar(KernelContext& ctx) {
  std::optional<DataType> dt = ir::ElementType(ctx.call().type());
  DistRuntime& rt = RuntimeOf(ctx);
  ctx.SetResult(Value::Of(Scalar::Int(dt.value_or(DataType::kInt32),
                                      kRank ? rt.rank() : rt.nranks())));
  return absl::OkStatus();
}

// The interpreter models signal cells as INT32 counters updated and compared
// with integers; the deducer (like upstream's) admits any window dtype and
// any scalar, so a program outside that model is rejected here.
absl::Status CheckSignalCell(const KernelContext& ctx, const BufferView& w, const Scalar& v,
                             absl::string_view what) {
  if (w.dtype != ir::DataType::kInt32) {
    return ctx.Error(absl::StrCat("the interpreter signals INT32 cells only; the window has ",
                                  w.dtype.name(), " elements"));
  }
  if (!v.dtype.IsInt() && v.dtype != ir::DataType::kIndex) {
    return ctx.Error(absl::StrCat("the interpreter signals integer values only; ", what, " is ",
                                  v.dtype.name()));
  }
  return absl::OkStatus();
}

// The bit offset of the signal cell at `offsets`, bounds-checked.
absl::StatusOr<int64_t> Cell(const KernelContext& ctx, const BufferView& w, size_t offsets_arg) {
  PTO_ASSIGN_OR_RETURN(Dims offsets, ctx.IndexListArg(offsets_arg));
  if (offsets.size() != w.rank()) return ctx.Error("offsets must match the window's rank");
  Dims one(w.rank(), 1);
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "addresses a cell", offsets, one, w.shape));
  return BitOffset(w, offsets);
}

absl::Status Notify(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* w, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Scalar value, ctx.ScalarArg(3));
  PTO_RETURN_IF_ERROR(CheckSignalCell(ctx, *w, value, "value"));
  int64_t op = ctx.Kwarg("op") ? ctx.Kwarg("op")->int_value() : 0;
  DistRuntime& rt = RuntimeOf(ctx);
  PTO_ASSIGN_OR_RETURN(DistRuntime::Section section, DistRuntime::Section::Enter(rt, ctx));
  PTO_ASSIGN_OR_RETURN(BufferView target, PeerOf(ctx, 1, 0, *w));
  PTO_ASSIGN_OR_RETURN(int64_t bit, Cell(ctx, target, 2));
  Scalar v = ConvertScalar(value, target.dtype);
  ctx.SetResult(Value());
  if (op != 0) return rt.PlainStore(ctx, target, bit, v.ToElementBits());
  if (!IsDefinedAt(target, bit)) {
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(1, 0));
    StorePoison(target, bit);
    return absl::OkStatus();
  }
  Scalar old = Scalar::FromElementBits(target.dtype, LoadBits(target, bit));
  PTO_ASSIGN_OR_RETURN(v, EvalBinary(ir::BinaryOp::kAdd, old, v, target.dtype));
  StoreBits(target, bit, v.ToElementBits());
  rt.Notified(target, bit);
  return absl::OkStatus();
}

absl::Status Wait(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* w, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Scalar expected, ctx.ScalarArg(2));
  PTO_RETURN_IF_ERROR(CheckSignalCell(ctx, *w, expected, "expected"));
  int64_t cmp = ctx.Kwarg("cmp") ? ctx.Kwarg("cmp")->int_value() : 0;
  DistRuntime& rt = RuntimeOf(ctx);
  PTO_ASSIGN_OR_RETURN(DistRuntime::Section section, DistRuntime::Section::Enter(rt, ctx));
  PTO_ASSIGN_OR_RETURN(int64_t bit, Cell(ctx, *w, 1));
  if (!IsDefinedAt(*w, bit)) {
    return ctx.Error("waits on an undefined signal cell (never written)");
  }
  Scalar want = ConvertScalar(expected, w->dtype);
  PTO_RETURN_IF_ERROR(rt.Wait(ctx, *w, bit, want.i, cmp != 0));
  ctx.SetResult(Value());
  return absl::OkStatus();
}

absl::Status RemoteLoad(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* local, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(DistRuntime::Section section,
                       DistRuntime::Section::Enter(RuntimeOf(ctx), ctx));
  PTO_ASSIGN_OR_RETURN(BufferView theirs, PeerOf(ctx, 1, 0, *local));
  const BufferView* w = &theirs;
  PTO_ASSIGN_OR_RETURN(Dims offsets, ctx.IndexListArg(2));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  if (offsets.size() != w->rank() || out.rank() != w->rank()) {
    return ctx.Error("offsets and shape must match the window's rank");
  }
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "reads", offsets, out.valid, w->shape));
  int64_t undefined = CopyRegion(*w, WindowWalk(*w, offsets, true), out,
                                 WindowWalk(out, Dims(out.rank(), 0), false), out.valid);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

// pld.tile.put (kGet = false: local src -> dst@peer) and pld.tile.get
// (kGet = true: src@peer -> local dst).
template <bool kGet>
absl::Status Transfer(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* local_dst, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(const BufferView* local_src, ctx.BufferArg(2));
  PTO_ASSIGN_OR_RETURN(DistRuntime::Section section,
                       DistRuntime::Section::Enter(RuntimeOf(ctx), ctx));
  BufferView remote;
  if (kGet) {
    PTO_ASSIGN_OR_RETURN(remote, PeerOf(ctx, 1, 2, *local_src));
  } else {
    PTO_ASSIGN_OR_RETURN(remote, PeerOf(ctx, 1, 0, *local_dst));
  }
  const BufferView* dst = kGet ? local_dst : &remote;
  const BufferView* src = kGet ? &remote : local_src;
  if (src->dtype != dst->dtype) return ctx.Error("src and dst dtypes differ");
  Dims dst_off(dst->rank(), 0), src_off(src->rank(), 0), shape = dst->shape;
  if (ctx.num_args() >= 7) {
    PTO_ASSIGN_OR_RETURN(dst_off, ctx.IndexListArg(ctx.num_args() - 3));
    PTO_ASSIGN_OR_RETURN(src_off, ctx.IndexListArg(ctx.num_args() - 2));
    PTO_ASSIGN_OR_RETURN(shape, ctx.IndexListArg(ctx.num_args() - 1));
  }
  if (dst_off.size() != dst->rank() || src_off.size() != src->rank() ||
      shape.size() != dst->rank() || src->rank() != dst->rank()) {
    return ctx.Error("offsets and shape must match the tensors' rank");
  }
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "reads", src_off, shape, src->shape));
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "writes", dst_off, shape, dst->shape));
  bool atomic = !kGet && ctx.Kwarg("atomic") && ctx.Kwarg("atomic")->int_value() == 1;
  int64_t undefined = 0;
  if (!atomic) {
    undefined = CopyRegion(*src, WindowWalk(*src, src_off, true), *dst,
                           WindowWalk(*dst, dst_off, false), shape);
  } else {
    ForEachIndex(shape, [&](absl::Span<const int64_t> index) {
      int64_t s = src->offset, d = dst->offset;
      for (size_t k = 0; k < index.size(); ++k) {
        s += (src_off[k] + index[k]) * src->strides[k];
        d += (dst_off[k] + index[k]) * dst->strides[k];
      }
      if (!IsDefinedAt(*src, s) || !IsDefinedAt(*dst, d)) {
        ++undefined;
        StorePoison(*dst, d);
        return;
      }
      Scalar a = Scalar::FromElementBits(dst->dtype, LoadBits(*dst, d));
      Scalar b = Scalar::FromElementBits(src->dtype, LoadBits(*src, s));
      absl::StatusOr<Scalar> sum = EvalBinary(ir::BinaryOp::kAdd, a, b, dst->dtype);
      if (sum.ok()) StoreBits(*dst, d, sum->ToElementBits());
    });
  }
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 2));
  // The bounce tile(s) hold leftovers of the transfer: the second one of
  // the 5- and 8-operand forms (ping-pong staging) too.
  bool two_stages = ctx.num_args() == 5 || ctx.num_args() == 8;
  for (size_t i = 3; i < (two_stages ? 5u : 4u); ++i) {
    if (const BufferView* stage = ctx.arg(i).buffer()) PoisonAll(*stage);
  }
  if (ctx.call().type()->Is<ir::UnknownType>()) {
    ctx.SetResult(Value());
  } else {
    ctx.SetResult(Value::Of(*local_dst));
  }
  return absl::OkStatus();
}

// Returns argument `i` (the window a one-rank collective leaves unchanged).
template <size_t kReturned>
absl::Status Identity(KernelContext& ctx) {
  PTO_RETURN_IF_ERROR(RuntimeOf(ctx).CheckUnloweredCollective(ctx));
  PTO_ASSIGN_OR_RETURN(const BufferView* w, ctx.BufferArg(kReturned));
  ctx.SetResult(Value::Of(*w));
  return absl::OkStatus();
}

absl::Status Broadcast(KernelContext& ctx) {
  PTO_RETURN_IF_ERROR(RuntimeOf(ctx).CheckUnloweredCollective(ctx));
  int64_t root = ctx.Kwarg("root") ? ctx.Kwarg("root")->int_value() : 0;
  if (root != 0) {
    return ctx.Error(absl::StrCat("root ", root, " does not exist: the reference interpreter "
                                  "runs a single rank (rank 0 of 1)"));
  }
  return Identity<0>(ctx);
}

// allgather / all_to_all: row 0 of the input into row 0 of the target.
absl::Status CopyRowZero(KernelContext& ctx) {
  PTO_RETURN_IF_ERROR(RuntimeOf(ctx).CheckUnloweredCollective(ctx));
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(const BufferView* target, ctx.BufferArg(1));
  if (in->rank() != 2 || target->rank() != 2 || in->dtype != target->dtype ||
      in->shape[1] != target->shape[1] || in->shape[0] < 1 || target->shape[0] < 1) {
    return ctx.Error("needs 2-D input and target of one dtype and row length");
  }
  Dims row = {1, in->shape[1]};
  Dims zero = {0, 0};
  int64_t undefined = CopyRegion(*in, WindowWalk(*in, zero, true), *target,
                                 WindowWalk(*target, zero, false), row);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  ctx.SetResult(Value::Of(*target));
  return absl::OkStatus();
}

absl::Status AllToAllV(KernelContext& ctx) {
  PTO_RETURN_IF_ERROR(RuntimeOf(ctx).CheckUnloweredCollective(ctx));
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(const BufferView* target, ctx.BufferArg(1));
  PTO_ASSIGN_OR_RETURN(const BufferView* signal, ctx.BufferArg(2));
  PTO_ASSIGN_OR_RETURN(const BufferView* send, ctx.BufferArg(3));
  PTO_ASSIGN_OR_RETURN(const BufferView* recv, ctx.BufferArg(4));
  if (in->rank() != 2 || target->rank() != 2 || signal->rank() < 1 || signal->shape[0] < 1 ||
      send->NumElements() < 1 || recv->NumElements() < 1) {
    return ctx.Error("unexpected operand shapes");
  }
  int64_t max_recv = target->shape[0] / signal->shape[0];
  int64_t send_bit = send->offset;  // send_counts[0]
  if (!IsDefinedAt(*send, send_bit)) return ctx.Error("send_counts[0] is undefined");
  int64_t requested = Scalar::FromElementBits(send->dtype, LoadBits(*send, send_bit)).i;
  int64_t count = std::clamp<int64_t>(requested, 0, max_recv);
  count = std::min({count, in->shape[0], target->shape[0]});
  Dims rows = {count, in->shape[1]};
  Dims zero = {0, 0};
  int64_t undefined = CopyRegion(*in, WindowWalk(*in, zero, true), *target,
                                 WindowWalk(*target, zero, false), rows);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  StoreBits(*recv, recv->offset, static_cast<uint64_t>(count) & ElementMask(recv->dtype));
  ctx.SetResult(Value::Of(*target));
  return absl::OkStatus();
}

}  // namespace

DistRuntime& SingleRankRuntime() {
  static SingleRank* const world = new SingleRank();
  return *world;
}

void RegisterDistKernels(KernelRegistry& r) {
  r.Add("pld.system.get_comm_ctx", GetCommCtx);
  r.Add("pld.system.rank", RankScalar<true>);
  r.Add("pld.system.nranks", RankScalar<false>);
  r.Add("pld.system.notify", Notify);
  r.Add("pld.system.wait", Wait);
  r.Add("pld.tile.remote_load", RemoteLoad);
  r.Add("pld.tile.put", Transfer<false>);
  r.Add("pld.tile.get", Transfer<true>);
  r.Add("pld.tensor.allreduce", Identity<0>);
  r.Add("pld.tensor.reduce_scatter", Identity<0>);
  r.Add("pld.tensor.broadcast", Broadcast);
  r.Add("pld.tensor.barrier", Identity<0>);
  r.Add("pld.tensor.allgather", CopyRowZero);
  r.Add("pld.tensor.all_to_all", CopyRowZero);
  r.Add("pld.tensor.all_to_all_v", AllToAllV);
}

}  // namespace pto::sim
