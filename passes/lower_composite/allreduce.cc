// pld.tensor.allreduce: the shared front (validation, mode dispatch) and the
// mesh recipe. The ring recipe is allreduce_ring.cc.
//
// Front, in order: an explicit signal (a one-argument call is a host call,
// which this pass never sees outside orchestration functions); a packed ND
// target; core_num == 1 (a multi-core request belongs to the host rail);
// mode "ring" -> LowerRingAllReduce, "mesh" -> below, after checking the
// signal is a mesh signal [NR, 1].
//
// Mesh, fully valid target of N = product(shape) elements:
//   comm setup on data
//   target_2d = tensor.view(data, [1, N])
//   barrier generation 1                         (every rank's data is in place)
//   for col in [0, N) step C:                    (C: chunk width, below)
//     valid_cols = min(C, N - col)
//     acc_loaded = tile.load(target_2d, [0, col], [1, C], [1, valid_cols])
//     for peer in [0, NR) carrying acc:          (peer_final)
//       if peer != me:
//         recv = pld.tile.remote_load(target_2d, peer, [0, col], [1, C], [1, valid_cols])
//         acc_next = <op>(acc, recv)
//     chunk_expected = int32(col // C + 2)       chunk k's call-local generation k + 2
//     notify-all +1, wait-all >= chunk_expected (_chunk)
//                                                (every peer finished reading chunk k
//                                                 here before this rank overwrites it)
//     store_ret = tile.store(peer_final, [0, col], target_2d)
//   epilogue: subtract 1 + ceil(N / C) from every non-self cell
//   data = data
// C is one 16-KiB chunk (4096 FP32 / 8192 FP16 elements), shrunk for a static
// N below it to N rounded up to 32 bytes, so small calls do not reserve a
// full tile; the tail chunk narrows only the valid extent. With a symbolic N
// the loop bound, the tail and the credit total (int32(1 + (N + C - 1) // C),
// bound to reset_total) are runtime expressions.
//
// Mesh, partial target (a TensorView valid_shape): the valid box must be one
// rectangle after folding the leading dims into rows ([2, 3, 4] valid
// [1, 3, 2] -> view [6, 4] valid [3, 2]). The rectangle is reduced in one
// tile: its compact shape when the valid box is static, else the physical
// [rows, cols] when that is static; either must fit one 16-KiB chunk.
//   target_2d = tensor.view(data, [rows, cols], [vrows, vcols])
//   barrier generation 1
//   acc_initial = tile.load(target_2d, [0, 0], RECT, [vrows, vcols])
//   peer loop as above (remote_load(target_2d, peer, [0, 0], RECT, [vrows, vcols]))
//   barrier generation 2                          (post-reduce: peers done reading)
//   store_ret = tile.store(peer_final, [0, 0], target_2d)
//   epilogue: subtract 2
// Rejected, each with its message: a DN target, explicit non-packed strides,
// a valid box that is not one rectangle after the collapse, and a rectangle
// larger than a chunk (or unbounded).

#include "absl/strings/str_cat.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/allreduce_ring.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/peer_reduce.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {
namespace {

using ir::BinaryOp;
using ir::DataType;

constexpr absl::string_view kOp = "pld.tensor.allreduce";

absl::StatusOr<const ir::Expr*> LowerFullMesh(const ir::Expr* data,
                                              const ir::DistributedTensorType& target,
                                              const ir::Expr* signal, ReduceOp op,
                                              LoweringBuilder& b) {
  ir::Context& ctx = b.ctx();
  ChunkGeometry g = MakeChunkGeometry(target.dtype());
  const ir::Expr* n = ProductExtent(ctx, target.shape());
  int64_t chunk = SelectStaticChunkCols(g, n);
  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(data));
  const ir::Expr* flat[] = {ctx.Index(1), n};
  const ir::Expr* view_args[] = {data, ctx.NewMakeTuple(flat, b.loc())};
  PTO_ASSIGN_OR_RETURN(const ir::Var* target_2d,
                       b.Bind("target_2d", b.Call("tensor.view", view_args)));
  PTO_ASSIGN_OR_RETURN(int64_t ready, b.EmitBarrier(signal, comm));
  PTO_RETURN_IF_ERROR(b.EmitFor(
      "col", ctx.Index(0), n, ctx.Index(chunk),
      [&](LoweringBuilder& body, const ir::Var* col) -> absl::Status {
        PTO_ASSIGN_OR_RETURN(const ir::Expr* remaining, body.Arith(BinaryOp::kSub, n, col));
        PTO_ASSIGN_OR_RETURN(
            const ir::Var* valid_cols,
            body.Bind("valid_cols", body.Arith(BinaryOp::kMin, ctx.Index(chunk), remaining)));
        const ir::Expr* off[] = {ctx.Index(0), col};
        const ir::MakeTuple* offsets = ctx.NewMakeTuple(off, b.loc());
        const ir::MakeTuple* tile_shape = body.IndexTuple({1, chunk});
        const ir::Expr* v[] = {ctx.Index(1), valid_cols};
        const ir::MakeTuple* valid = ctx.NewMakeTuple(v, b.loc());
        PTO_ASSIGN_OR_RETURN(
            const ir::Var* acc_loaded,
            body.Bind("acc_loaded", body.LoadVec(target_2d, offsets, tile_shape, valid)));
        PTO_ASSIGN_OR_RETURN(
            const ir::Var* reduced,
            EmitPeerReduction(body, comm, op, target_2d, acc_loaded, offsets, tile_shape, valid));
        // Chunk k waits for generation ready + 1 + k, the k-th chunk credit.
        PTO_ASSIGN_OR_RETURN(const ir::Expr* k,
                             body.Arith(BinaryOp::kFloorDiv, col, ctx.Index(chunk)));
        PTO_ASSIGN_OR_RETURN(const ir::Expr* gen,
                             body.Arith(BinaryOp::kAdd, k, ctx.Index(ready + 1)));
        PTO_ASSIGN_OR_RETURN(const ir::Var* expected,
                             body.Bind("chunk_expected", body.CastScalar(gen, DataType::kInt32)));
        PTO_RETURN_IF_ERROR(body.EmitNotifyAll(signal, comm, nullptr, body.I32(1), "_chunk"));
        PTO_RETURN_IF_ERROR(body.EmitWaitAll(signal, comm, nullptr, expected, "_chunk"));
        const ir::Expr* store_args[] = {reduced, offsets, target_2d};
        return body.Bind("store_ret", body.Call("tile.store", store_args)).status();
      }));
  // The call's credits: the ready barrier plus one per chunk.
  const ir::Expr* credits;
  if (std::optional<int64_t> size = ir::AsConstInt(n)) {
    credits = b.I32(b.barrier_count() + (*size + chunk - 1) / chunk);
  } else {
    PTO_ASSIGN_OR_RETURN(const ir::Expr* rounded, b.Arith(BinaryOp::kAdd, n, ctx.Index(chunk - 1)));
    PTO_ASSIGN_OR_RETURN(const ir::Expr* chunks,
                         b.Arith(BinaryOp::kFloorDiv, rounded, ctx.Index(chunk)));
    PTO_ASSIGN_OR_RETURN(const ir::Expr* total,
                         b.Arith(BinaryOp::kAdd, ctx.Index(b.barrier_count()), chunks));
    PTO_ASSIGN_OR_RETURN(credits, b.CastScalar(total, DataType::kInt32));
  }
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, credits));
  return data;
}

absl::StatusOr<const ir::Expr*> LowerPartialMesh(const ir::Expr* data,
                                                 const ir::DistributedTensorType& target,
                                                 const ir::Expr* signal, ReduceOp op,
                                                 LoweringBuilder& b) {
  ir::Context& ctx = b.ctx();
  ir::ExprSpan shape = target.shape();
  ir::ExprSpan valid = target.ValidShape();
  if (!IsLeadingDimCollapseContiguous(shape, valid)) {
    return b.Error(absl::StrCat(kOp, ": valid_shape ", ir::FormatShape(valid), " of target ",
                                ir::FormatShape(shape),
                                " cannot be represented by a single 2D view (the leading dims "
                                "must fold into a prefix of whole rows)"));
  }
  ChunkGeometry g = MakeChunkGeometry(target.dtype());
  const ir::Expr* rows = ProductExtent(ctx, shape.subspan(0, shape.size() - 1));
  const ir::Expr* vrows = ProductExtent(ctx, valid.subspan(0, valid.size() - 1));
  const ir::Expr* flat[] = {rows, shape.back()};
  const ir::Expr* flat_valid[] = {vrows, valid.back()};
  // The tile: the compact valid rectangle when static, else the physical one.
  std::optional<int64_t> r = ir::AsConstInt(vrows);
  std::optional<int64_t> c = ir::AsConstInt(valid.back());
  if (!r || !c) {
    r = ir::AsConstInt(rows);
    c = ir::AsConstInt(shape.back());
  }
  if (!r || !c || *r * *c > g.chunk_elements) {
    return b.Error(absl::StrCat(
        kOp, ": partial valid_shape ", ir::FormatShape(valid), " of target ",
        ir::FormatShape(shape), " must fit within one ", kChunkBytes,
        "-byte mesh chunk using a statically bounded tile; chunking a partial rectangle with "
        "row gaps is not supported"));
  }
  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(data));
  const ir::MakeTuple* valid_tuple = ctx.NewMakeTuple(flat_valid, b.loc());
  const ir::Expr* view_args[] = {data, ctx.NewMakeTuple(flat, b.loc()), valid_tuple};
  PTO_ASSIGN_OR_RETURN(const ir::Var* target_2d,
                       b.Bind("target_2d", b.Call("tensor.view", view_args)));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  const ir::MakeTuple* origin = b.IndexTuple({0, 0});
  const ir::MakeTuple* rect = b.IndexTuple({*r, *c});
  PTO_ASSIGN_OR_RETURN(const ir::Var* acc_initial,
                       b.Bind("acc_initial", b.LoadVec(target_2d, origin, rect, valid_tuple)));
  PTO_ASSIGN_OR_RETURN(
      const ir::Var* reduced,
      EmitPeerReduction(b, comm, op, target_2d, acc_initial, origin, rect, valid_tuple));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm, "2").status());
  const ir::Expr* store_args[] = {reduced, origin, target_2d};
  PTO_RETURN_IF_ERROR(b.Bind("store_ret", b.Call("tile.store", store_args)).status());
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count())));
  return data;
}

}  // namespace

absl::StatusOr<const ir::Expr*> LowerAllReduceRule(const ir::Call& call, ir::ExprSpan args,
                                                   LoweringBuilder& b) {
  if (args.size() != 2) {
    return b.Error(
        absl::StrCat(kOp,
                     " requires an explicit signal outside host orchestrator functions; pass a "
                     "window-bound INT32 signal ([NR, 1] for mode=\"mesh\", [2*(NR-1), NR] for "
                     "mode=\"ring\")"));
  }
  const auto* target = args[0]->type()->As<ir::DistributedTensorType>();
  const ir::AttrValue* op_attr = call.FindKwarg("op");
  const ir::AttrValue* mode = call.FindKwarg("mode");
  const ir::AttrValue* core_num = call.FindKwarg("core_num");
  std::optional<ReduceOp> op =
      op_attr != nullptr ? ir::ReduceOpFromInt(op_attr->int_value()) : std::nullopt;
  if (target == nullptr || !op || mode == nullptr || core_num == nullptr) {
    return b.Internal("pld.tensor.allreduce takes (target, signal; op, mode, core_num)");
  }
  absl::Status packed = CheckPackedNdTarget(b.ctx(), *target, kOp);
  if (!packed.ok()) return b.Error(packed.message());
  if (core_num->int_value() != 1) {
    return b.Error(absl::StrCat(kOp, ": core_num=", core_num->int_value(),
                                " is supported only in a HOST orchestrator; an InCore allreduce "
                                "runs on one core (use core_num=1)"));
  }
  if (mode->string_value() == "ring") return LowerRingAllReduce(call, args, *op, b);
  if (mode->string_value() != "mesh") {
    return b.Error(absl::StrCat(kOp, ": mode must be \"mesh\" or \"ring\", got \"",
                                mode->string_value(), "\""));
  }
  absl::Status signal = ValidateMeshSignalShape(args[1]->type(), kOp);
  if (!signal.ok()) return b.Error(signal.message());
  const ir::TensorView* view = target->view();
  bool partial = view != nullptr && !view->valid_shape.empty();
  if (partial) return LowerPartialMesh(args[0], *target, args[1], *op, b);
  return LowerFullMesh(args[0], *target, args[1], *op, b);
}

}  // namespace pto::passes::lower_composite
