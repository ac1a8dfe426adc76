// The distributed primitives the collective lowerings emit, and tensor.read:
//   pld.system.notify -> peer view of the signal cell, then
//       pto.barrier <PIPE_ALL>
//       pto.comm.tnotify(%cell_pview, %value : P, i32) {notifyOp = #pto<notify_op atomic_add|set>}
//   pld.system.wait -> pto.comm.twait(%cell_pview, %expected : P, i32)
//       {cmp = #pto<wait_cmp eq|ge>} on the local signal cell, then
//       pto.cmo.cacheinvalid all #pto.address_space<gm>
//   pld.tile.put -> pto.barrier; pto.comm.tput(%peer_pview, %src_pview, buf(%stage) : P, P, T)
//       {atomicType = #pto<atomic_type atomic_none|atomic_add>} (atomic add only into a
//       window dtype the backend combines: SupportsAtomicAddDataType); pto.barrier;
//       pto.cmo.cacheinvalid %peer_pview single_cache_line : P;
//       pto.fence.barrier_all #pto.fence_scope<gm>
//   pld.tile.get -> pto.barrier; pto.comm.tget(%dst_pview, %peer_pview, buf(%stage) : P, P, T);
//       pto.barrier (+ the cacheinvalid / fence pair on %dst_pview when dst is a window)
//   A second staging tile (the 5- and 8-operand forms) joins the first:
//       buf(%ping, %pong) : P, P, T, T (PTO's ping-pong tput / tget)
//   pld.tile.remote_load -> peer view + pto.partition_view (the tile's valid
//       extent, which the deducer intersected with the window's) + pto.tload
//   pld.system.get_comm_ctx -> nothing: the result names the CommContext pointer
//   pld.system.rank / nranks -> pto.load_scalar of the (rankId, rankNum) i64
//       slot, then arith.trunci (nranks: after arith.shrui by 32)
//   tensor.read -> pto.load_scalar at the element's linear offset
// A peer view rebases the window pointer by the distance between the peer's
// and this rank's window in the CommContext (windowsIn[peer] - windowsIn[me],
// in elements) with pto.addptr, and re-creates the window's tensor view over
// it, keeping the layout the window's view declares (an ND [N, 1] view stays
// ND); partition views then use the local coordinates. The CommContext
// pointer is the window's signature argument (FunctionEmitter::CommContext).

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/gm_write.h"
#include "codegen/op_emitter.h"
#include "codegen/pto_spelling.h"
#include "ir/ops/comm_enums.h"
#include "ir/comm_context.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

using ir::DataType;

// The runtime's CommContext ABI (ir/comm_context.h).
constexpr int64_t kRankSlot = ir::kCommRankSlot;
constexpr int64_t kWindowsInSlot = ir::kCommWindowsInSlot;
constexpr int64_t kRankNumShift = ir::kCommRankNumShift;

absl::StatusOr<absl::string_view> IndexConstant(FunctionEmitter& e, int64_t v) {
  return e.Index(e.context().Index(v));
}

absl::string_view NameOf(const ir::Expr* e) { return FunctionEmitter::NameHint(e, "window"); }

// `rank` ones: the sizes of a single-cell partition.
std::vector<const ir::Expr*> Ones(FunctionEmitter& e, size_t rank) {
  return std::vector<const ir::Expr*>(rank, e.context().Index(1));
}

// The window `window` as seen at rank `peer`.
absl::StatusOr<TensorValue> PeerView(FunctionEmitter& e, const ir::Call& call,
                                     const ir::Expr* window, const ir::Expr* peer) {
  const auto* type = window->type()->As<ir::DistributedTensorType>();
  if (type == nullptr) {
    return e.Fail(absl::StrCat(call.op()->name(), ": the remote operand must be a window"));
  }
  int bits = type->dtype().bits();
  if (bits < 8 || bits % 8 != 0) {
    return e.Unsupported(absl::StrCat(call.op()->name(),
                                      ": remote addressing needs whole-byte "
                                      "elements, got ",
                                      type->dtype().name()));
  }
  PTO_ASSIGN_OR_RETURN(TensorValue local, e.Tensor(window));
  PTO_ASSIGN_OR_RETURN(absl::string_view ctx, e.CommContext(window));
  PTO_ASSIGN_OR_RETURN(absl::string_view peer_idx, e.Index(peer));
  PTO_ASSIGN_OR_RETURN(absl::string_view rank_slot, IndexConstant(e, kRankSlot));
  PTO_ASSIGN_OR_RETURN(absl::string_view windows, IndexConstant(e, kWindowsInSlot));
  PTO_ASSIGN_OR_RETURN(ScalarValue elem_bytes,
                       e.Scalar(e.context().Int(bits / 8, DataType::kInt64)));
  absl::string_view pair = e.NewName("rank_pair");
  absl::string_view me32 = e.NewName("my_rank_i32");
  absl::string_view me = e.NewName("my_rank_idx");
  absl::string_view local_slot = e.NewName("local_slot");
  absl::string_view local_base = e.NewName("local_base");
  absl::string_view peer_slot = e.NewName("peer_slot");
  absl::string_view peer_base = e.NewName("peer_base");
  absl::string_view delta_bytes = e.NewName("delta_bytes");
  absl::string_view delta_i64 = e.NewName("delta_elems_i64");
  absl::string_view delta = e.NewName("delta_elems");
  absl::string_view peer_ptr = e.NewName(absl::StrCat(NameOf(window), "_peer_ptr"));
  std::string ptr_type = PtrType(local.dtype);
  e.EmitOp(
      absl::StrCat(pair, " = pto.load_scalar ", ctx, "[", rank_slot, "] : !pto.ptr<i64> -> i64"));
  e.EmitOp(absl::StrCat(me32, " = arith.trunci ", pair, " : i64 to i32"));
  e.EmitOp(absl::StrCat(me, " = arith.index_cast ", me32, " : i32 to index"));
  e.EmitOp(absl::StrCat(local_slot, " = arith.addi ", windows, ", ", me, " : index"));
  e.EmitOp(absl::StrCat(local_base, " = pto.load_scalar ", ctx, "[", local_slot,
                        "] : !pto.ptr<i64> -> i64"));
  e.EmitOp(absl::StrCat(peer_slot, " = arith.addi ", windows, ", ", peer_idx, " : index"));
  e.EmitOp(absl::StrCat(peer_base, " = pto.load_scalar ", ctx, "[", peer_slot,
                        "] : !pto.ptr<i64> -> i64"));
  e.EmitOp(absl::StrCat(delta_bytes, " = arith.subi ", peer_base, ", ", local_base, " : i64"));
  e.EmitOp(
      absl::StrCat(delta_i64, " = arith.divsi ", delta_bytes, ", ", elem_bytes.name, " : i64"));
  e.EmitOp(absl::StrCat(delta, " = arith.index_cast ", delta_i64, " : i64 to index"));
  e.EmitOp(absl::StrCat(peer_ptr, " = pto.addptr ", local.ptr, ", ", delta, " : ", ptr_type, " -> ",
                        ptr_type));
  return e.MakeTensorView(peer_ptr, *type, absl::StrCat(NameOf(window), "_peer"),
                          FunctionEmitter::ColumnVector::kKeepDeclared);
}

absl::StatusOr<ScalarValue> Int32Operand(FunctionEmitter& e, const ir::Call& call,
                                         const ir::Expr* value) {
  PTO_ASSIGN_OR_RETURN(ScalarValue v, e.TileScalar(value, DataType::kInt32));
  if (v.dtype != DataType::kInt32) {
    return e.Unsupported(absl::StrCat(call.op()->name(),
                                      ": the signal value must be an INT32 or INDEX scalar, got ",
                                      v.dtype.name()));
  }
  return v;
}

// --- Signals ---------------------------------------------------------------------------

// pto.comm.tnotify / twait work on i32 cells; the deducer (like upstream's)
// admits a window of any dtype.
absl::Status Int32Cells(FunctionEmitter& e, const ir::Call& call, const ir::Expr* signal) {
  std::optional<DataType> dt = ir::ElementType(signal->type());
  if (dt != DataType::kInt32) {
    return e.Unsupported(absl::StrCat(call.op()->name(), ": signal cells must be INT32, got ",
                                      dt ? dt->name() : "a non-tensor"));
  }
  return absl::OkStatus();
}

absl::Status EmitNotify(FunctionEmitter& e, const ir::Call& call) {
  const ir::Expr* signal = call.arg(0);
  PTO_RETURN_IF_ERROR(Int32Cells(e, call, signal));
  PTO_ASSIGN_OR_RETURN(ir::ExprSpan offsets, e.ListOperand(call, 2));
  PTO_ASSIGN_OR_RETURN(TensorValue peer, PeerView(e, call, signal, call.arg(1)));
  PTO_ASSIGN_OR_RETURN(Operand cell, e.PartitionView(peer, absl::StrCat(NameOf(signal), "_cell"),
                                                     offsets, Ones(e, offsets.size())));
  PTO_ASSIGN_OR_RETURN(ScalarValue value, Int32Operand(e, call, call.arg(3)));
  bool set = call.FindKwarg("op")->int_value() == static_cast<int64_t>(ir::NotifyOp::kSet);
  // The peer must not see the signal before this rank's earlier work.
  e.EmitOp("pto.barrier <PIPE_ALL>");
  e.EmitOp(absl::StrCat("pto.comm.tnotify(", cell.name, ", ", value.name, " : ", cell.type,
                        ", i32) {notifyOp = #pto<notify_op ", set ? "set" : "atomic_add", ">}"));
  return absl::OkStatus();
}

absl::Status EmitWait(FunctionEmitter& e, const ir::Call& call) {
  const ir::Expr* signal = call.arg(0);
  PTO_RETURN_IF_ERROR(Int32Cells(e, call, signal));
  PTO_ASSIGN_OR_RETURN(TensorValue local, e.Tensor(signal));
  PTO_ASSIGN_OR_RETURN(ir::ExprSpan offsets, e.ListOperand(call, 1));
  PTO_ASSIGN_OR_RETURN(Operand cell, e.PartitionView(local, absl::StrCat(NameOf(signal), "_cell"),
                                                     offsets, Ones(e, offsets.size())));
  PTO_ASSIGN_OR_RETURN(ScalarValue expected, Int32Operand(e, call, call.arg(2)));
  bool eq = call.FindKwarg("cmp")->int_value() == static_cast<int64_t>(ir::WaitCmp::kEq);
  e.EmitOp(absl::StrCat("pto.comm.twait(", cell.name, ", ", expected.name, " : ", cell.type,
                        ", i32) {cmp = #pto<wait_cmp ", eq ? "eq" : "ge", ">}"));
  // The consume side: what the peer published before its notify may sit in
  // stale cache lines here; reads after the wait must miss them.
  e.EmitOp("pto.cmo.cacheinvalid all #pto.address_space<gm>");
  return absl::OkStatus();
}

// --- Context ---------------------------------------------------------------------------

absl::Status EmitGetCommCtx(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(absl::string_view ctx,
                       e.CommContext(call.arg(0)));
  if (e.result() == nullptr) return absl::OkStatus();
  TensorValue handle;
  handle.ptr = ctx;
  handle.dtype = "i64";
  e.BindResult(handle);
  return absl::OkStatus();
}

absl::Status EmitRankQuery(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TensorValue ctx, e.Tensor(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(absl::string_view slot, IndexConstant(e, kRankSlot));
  bool count = call.op()->name() == "pld.system.nranks";
  absl::string_view hint = e.result() != nullptr ? e.result()->name() : "rank";
  absl::string_view pair = e.NewName(absl::StrCat(hint, "_pair"));
  e.EmitOp(
      absl::StrCat(pair, " = pto.load_scalar ", ctx.ptr, "[", slot, "] : !pto.ptr<i64> -> i64"));
  absl::string_view field = pair;
  if (count) {
    PTO_ASSIGN_OR_RETURN(ScalarValue shift,
                         e.Scalar(e.context().Int(kRankNumShift, DataType::kInt64)));
    field = e.NewName(absl::StrCat(hint, "_hi"));
    e.EmitOp(absl::StrCat(field, " = arith.shrui ", pair, ", ", shift.name, " : i64"));
  }
  absl::string_view value = e.NewName(hint);
  e.EmitOp(absl::StrCat(value, " = arith.trunci ", field, " : i64 to i32"));
  if (e.result() != nullptr) e.BindResult(ScalarValue{value, DataType::kInt32});
  return absl::OkStatus();
}

// --- Data movement ------------------------------------------------------------------------

// The transfer of a put/get: (dst offsets, src offsets, shape).
struct Transfer {
  ir::ExprSpan dst_offsets;
  ir::ExprSpan src_offsets;
  ir::ExprSpan shape;
  std::vector<const ir::Expr*> zeros;  // the full-slice offsets
};

// The 5- and 8-operand forms carry a second (ping-pong) staging tile at
// operand 4, before the region.
bool HasSecondStage(const ir::Call& call) {
  return call.args().size() == 5 || call.args().size() == 8;
}

absl::StatusOr<Transfer> TransferOf(FunctionEmitter& e, const ir::Call& call) {
  Transfer t;
  if (call.args().size() >= 7) {
    size_t region = HasSecondStage(call) ? 5 : 4;
    PTO_ASSIGN_OR_RETURN(t.dst_offsets, e.ListOperand(call, region));
    PTO_ASSIGN_OR_RETURN(t.src_offsets, e.ListOperand(call, region + 1));
    PTO_ASSIGN_OR_RETURN(t.shape, e.ListOperand(call, region + 2));
    return t;
  }
  const auto* dst = call.arg(0)->type()->As<ir::TensorType>();
  t.shape = dst->shape();
  return t;
}

absl::Status EmitTransfer(FunctionEmitter& e, const ir::Call& call, bool put) {
  PTO_ASSIGN_OR_RETURN(Transfer t, TransferOf(e, call));
  if (call.args().size() < 7) {
    t.zeros.assign(t.shape.size(), e.context().Index(0));
    t.dst_offsets = t.zeros;
    t.src_offsets = t.zeros;
  }
  const ir::Expr* remote = put ? call.arg(0) : call.arg(2);
  const ir::Expr* local = put ? call.arg(2) : call.arg(0);
  PTO_ASSIGN_OR_RETURN(TensorValue peer, PeerView(e, call, remote, call.arg(1)));
  PTO_ASSIGN_OR_RETURN(TensorValue here, e.Tensor(local));
  PTO_ASSIGN_OR_RETURN(Operand peer_part,
                       e.PartitionView(peer, absl::StrCat(NameOf(remote), "_peer"),
                                       put ? t.dst_offsets : t.src_offsets, t.shape));
  PTO_ASSIGN_OR_RETURN(
      Operand local_part,
      e.PartitionView(here, NameOf(local), put ? t.src_offsets : t.dst_offsets, t.shape));
  PTO_ASSIGN_OR_RETURN(TileValue stage, e.Tile(call.arg(3)));
  // Two staging tiles select PTO's ping-pong transfer: both ride in one
  // buf(...) group, each adding its type after the partition views'.
  std::string bufs(stage.name), buf_types(stage.type);
  if (HasSecondStage(call)) {
    PTO_ASSIGN_OR_RETURN(TileValue stage2, e.Tile(call.arg(4)));
    absl::StrAppend(&bufs, ", ", stage2.name);
    absl::StrAppend(&buf_types, ", ", stage2.type);
  }
  const Operand& dst = put ? peer_part : local_part;
  const Operand& src = put ? local_part : peer_part;
  std::string attrs;
  if (put) {
    bool add = call.FindKwarg("atomic")->int_value() == 1;
    if (add) {
      PTO_RETURN_IF_ERROR(CheckAtomicAdd(
          e, call.op()->name(), remote->type()->As<ir::TensorType>()->dtype(), "window"));
    }
    attrs =
        absl::StrCat(" {atomicType = #pto<atomic_type ", add ? "atomic_add" : "atomic_none", ">}");
  }
  // TPUT/TGET read GM the vector pipes may still be writing, and the data
  // must have landed before a later notify or load: the tail barrier drains
  // the transfer's DMA, which a GM fence does not.
  e.EmitOp("pto.barrier <PIPE_ALL>");
  e.EmitOp(absl::StrCat(put ? "pto.comm.tput(" : "pto.comm.tget(", dst.name, ", ", src.name,
                        ", buf(", bufs, ") : ", dst.type, ", ", src.type, ", ", buf_types, ")",
                        attrs));
  e.EmitOp("pto.barrier <PIPE_ALL>");
  // A write a peer may read after a later notify is released: a put always
  // (it lands in the peer's window), a get when it fills a window.
  if (put || IsWindow(call.arg(0))) EmitRelease(e, dst);
  return absl::OkStatus();
}

absl::Status EmitPut(FunctionEmitter& e, const ir::Call& call) {
  return EmitTransfer(e, call, true);
}
absl::Status EmitGet(FunctionEmitter& e, const ir::Call& call) {
  return EmitTransfer(e, call, false);
}

absl::Status EmitRemoteLoad(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(ir::ExprSpan offsets, e.ListOperand(call, 2));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  const auto* tile = e.result()->type()->As<ir::TileType>();
  PTO_ASSIGN_OR_RETURN(TensorValue peer, PeerView(e, call, call.arg(0), call.arg(1)));
  PTO_ASSIGN_OR_RETURN(Operand part,
                       e.PartitionView(peer, absl::StrCat(NameOf(call.arg(0)), "_peer"), offsets,
                                       tile->ValidShape()));
  e.EmitInsOuts("pto.tload", {part}, "", {dst.name, dst.type});
  return absl::OkStatus();
}

// --- tensor.read ------------------------------------------------------------------------------

absl::Status EmitTensorRead(FunctionEmitter& e, const ir::Call& call) {
  const auto* type = call.arg(0)->type()->As<ir::TensorType>();
  PTO_ASSIGN_OR_RETURN(TensorValue t, e.Tensor(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(ir::ExprSpan indices, e.ListOperand(call, 1));
  ir::TensorView view = type->EffectiveView();
  if (view.layout != ir::TensorLayout::kND) {
    return e.Unsupported(
        absl::StrCat("tensor.read of a ", ir::EnumName(view.layout), " tensor (ND only)"));
  }
  // offset = sum(index[d] * stride[d]) with the view's strides (packed
  // row-major when none are given); constant factors fold.
  struct Term {
    std::optional<int64_t> value;
    absl::string_view ssa;
  };
  auto materialize = [&](const Term& t) -> absl::StatusOr<absl::string_view> {
    if (!t.value) return t.ssa;
    return IndexConstant(e, *t.value);
  };
  auto multiply = [&](const Term& a, const Term& b) -> absl::StatusOr<Term> {
    if (a.value && b.value) return Term{*a.value * *b.value, {}};
    if (a.value == 1) return b;
    if (b.value == 1) return a;
    PTO_ASSIGN_OR_RETURN(absl::string_view x, materialize(a));
    PTO_ASSIGN_OR_RETURN(absl::string_view y, materialize(b));
    absl::string_view product = e.NewName("read_term");
    e.EmitOp(absl::StrCat(product, " = arith.muli ", x, ", ", y, " : index"));
    return Term{std::nullopt, product};
  };
  auto operand = [&](const ir::Expr* x) -> absl::StatusOr<Term> {
    if (std::optional<int64_t> c = ir::AsConstInt(x)) return Term{*c, {}};
    PTO_ASSIGN_OR_RETURN(absl::string_view v, e.Index(x));
    return Term{std::nullopt, v};
  };
  Term offset{0, {}};
  Term stride{1, {}};
  for (size_t d = indices.size(); d-- > 0;) {
    if (!view.stride.empty()) {
      PTO_ASSIGN_OR_RETURN(stride, operand(view.stride[d]));
    } else if (d + 1 < indices.size()) {
      PTO_ASSIGN_OR_RETURN(Term extent, operand(type->shape()[d + 1]));
      PTO_ASSIGN_OR_RETURN(stride, multiply(stride, extent));
    }
    PTO_ASSIGN_OR_RETURN(Term index, operand(indices[d]));
    PTO_ASSIGN_OR_RETURN(Term term, multiply(index, stride));
    if (offset.value == 0) {
      offset = term;
    } else if (offset.value && term.value) {
      offset = Term{*offset.value + *term.value, {}};
    } else if (term.value != 0) {
      PTO_ASSIGN_OR_RETURN(absl::string_view x, materialize(offset));
      PTO_ASSIGN_OR_RETURN(absl::string_view y, materialize(term));
      absl::string_view sum = e.NewName("read_offset");
      e.EmitOp(absl::StrCat(sum, " = arith.addi ", x, ", ", y, " : index"));
      offset = Term{std::nullopt, sum};
    }
  }
  PTO_ASSIGN_OR_RETURN(absl::string_view at, materialize(offset));
  absl::string_view hint = e.result() != nullptr ? e.result()->name() : "read";
  absl::string_view value = e.NewName(hint);
  e.EmitOp(absl::StrCat(value, " = pto.load_scalar ", t.ptr, "[", at, "] : ", PtrType(t.dtype),
                        " -> ", t.dtype));
  if (e.result() != nullptr) e.BindResult(ScalarValue{value, type->dtype()});
  return absl::OkStatus();
}

}  // namespace

void AddCommEmitters(OpEmitterTable& table) {
  table.Add({"pld.system.notify", &EmitNotify, TileResult::kNone});
  table.Add({"pld.system.wait", &EmitWait, TileResult::kNone});
  table.Add({"pld.system.get_comm_ctx", &EmitGetCommCtx, TileResult::kNone});
  table.Add({"pld.system.rank", &EmitRankQuery, TileResult::kNone});
  table.Add({"pld.system.nranks", &EmitRankQuery, TileResult::kNone});
  table.Add({"pld.tile.put", &EmitPut, TileResult::kNone});
  table.Add({"pld.tile.get", &EmitGet, TileResult::kNone});
  table.Add({"pld.tile.remote_load", &EmitRemoteLoad, TileResult::kBuffer});
  table.Add({"tensor.read", &EmitTensorRead, TileResult::kNone});
}

}  // namespace pto::codegen
