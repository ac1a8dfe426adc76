// pld.tensor.reduce_scatter: rank r reduces row r over all ranks.
//
//   data = pld.tensor.reduce_scatter(data, signal, op=0)      # data [NR, SIZE]
//
// A row that fits one tile (static SIZE <= one 16-KiB chunk: 4096 FP32 /
// 8192 FP16) takes the phase shape of allreduce's single-rectangle path:
//   comm setup on data
//   barrier generation 1                   (every rank staged its rows)
//   acc_initial = tile.load(data, [me, 0], [1, W], [1, SIZE])
//   peer_final = peer reduction of [me, 0] (peer_reduce.h: remote_load + <op>)
//   barrier generation 2                   (every peer finished reading this
//                                           rank's window)
//   store_ret = tile.store(peer_final, [me, 0], data)
//   epilogue: subtract 2 from every non-self cell
//   data = data
// W is SIZE rounded up to 32 bytes, so the allocation is a legal PTO tile
// while only SIZE elements are read and written. 6 For, 6 If.
//
// A longer row, or one whose SIZE is known only at run time, cannot be held
// in Vec until the second barrier, so it is reduced and stored chunk by
// chunk between the same two barriers:
//   barrier generation 1
//   for col in [0, SIZE) step C:           (C: one 16-KiB chunk)
//     valid_cols = min(C, SIZE - col)
//     acc_loaded = tile.load(data, [me, col], [1, C], [1, valid_cols])
//     peer_final = peer reduction of [me, col]
//     store_ret = tile.store(peer_final, [me, col], data)
//   barrier generation 2
//   epilogue: subtract 2 from every non-self cell
// Storing before the second barrier is safe because of who reads what: a
// peer p reads only row p of this rank's window and this rank writes only
// row me, so no store can reach bytes a peer still reads during the call.
// The second barrier keeps its job: no rank returns (and lets its caller
// restage the window) while a peer may still be reading it. The credits per
// cell stay 2 whatever the chunk count, so the epilogue is the spec's. 7 For,
// 6 If.

#include "absl/strings/str_cat.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/peer_reduce.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {
namespace {

using ir::BinaryOp;

// The row as one [1, width] tile, stored after the second barrier.
absl::Status EmitOneTileRow(LoweringBuilder& b, const CommSetup& comm, ReduceOp op,
                            const ir::Expr* data, const ir::Expr* signal, const ir::Expr* size,
                            int64_t width) {
  ir::Context& ctx = b.ctx();
  const ir::Expr* row_off[] = {comm.my_rank, ctx.Index(0)};
  const ir::MakeTuple* offsets = ctx.NewMakeTuple(row_off, b.loc());
  const ir::MakeTuple* tile_shape = b.IndexTuple({1, width});
  const ir::Expr* valid_dims[] = {ctx.Index(1), size};
  const ir::MakeTuple* valid = ctx.NewMakeTuple(valid_dims, b.loc());
  PTO_ASSIGN_OR_RETURN(const ir::Var* acc_initial,
                       b.Bind("acc_initial", b.LoadVec(data, offsets, tile_shape, valid)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* reduced, EmitPeerReduction(b, comm, op, data, acc_initial,
                                                                 offsets, tile_shape, valid));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm, "2").status());
  const ir::Expr* store_args[] = {reduced, offsets, data};
  return b.Bind("store_ret", b.Call("tile.store", store_args)).status();
}

// The row in [1, chunk] pieces, each stored as soon as it is reduced.
absl::Status EmitChunkedRow(LoweringBuilder& b, const CommSetup& comm, ReduceOp op,
                            const ir::Expr* data, const ir::Expr* signal, const ir::Expr* size,
                            int64_t chunk) {
  ir::Context& ctx = b.ctx();
  PTO_RETURN_IF_ERROR(b.EmitFor(
      "col", ctx.Index(0), size, ctx.Index(chunk),
      [&](LoweringBuilder& body, const ir::Var* col) -> absl::Status {
        PTO_ASSIGN_OR_RETURN(const ir::Expr* remaining, body.Arith(BinaryOp::kSub, size, col));
        PTO_ASSIGN_OR_RETURN(
            const ir::Var* valid_cols,
            body.Bind("valid_cols", body.Arith(BinaryOp::kMin, ctx.Index(chunk), remaining)));
        const ir::Expr* off[] = {comm.my_rank, col};
        const ir::MakeTuple* offsets = ctx.NewMakeTuple(off, b.loc());
        const ir::MakeTuple* tile_shape = body.IndexTuple({1, chunk});
        const ir::Expr* v[] = {ctx.Index(1), valid_cols};
        const ir::MakeTuple* valid = ctx.NewMakeTuple(v, b.loc());
        PTO_ASSIGN_OR_RETURN(const ir::Var* acc_loaded,
                             body.Bind("acc_loaded", body.LoadVec(data, offsets, tile_shape, valid)));
        PTO_ASSIGN_OR_RETURN(
            const ir::Var* reduced,
            EmitPeerReduction(body, comm, op, data, acc_loaded, offsets, tile_shape, valid));
        const ir::Expr* store_args[] = {reduced, offsets, data};
        return body.Bind("store_ret", body.Call("tile.store", store_args)).status();
      }));
  return b.EmitBarrier(signal, comm, "2").status();
}

}  // namespace

absl::StatusOr<const ir::Expr*> LowerReduceScatterRule(const ir::Call& call, ir::ExprSpan args,
                                                       LoweringBuilder& b) {
  const auto* target =
      args.size() == 2 ? args[0]->type()->As<ir::DistributedTensorType>() : nullptr;
  const ir::AttrValue* op_attr = call.FindKwarg("op");
  std::optional<ReduceOp> op =
      op_attr != nullptr ? ir::ReduceOpFromInt(op_attr->int_value()) : std::nullopt;
  if (target == nullptr || target->rank() != 2 || !op) {
    return b.Internal("pld.tensor.reduce_scatter takes (target [NR, SIZE], signal; op in 0..3)");
  }
  const ir::Expr* data = args[0];
  const ir::Expr* signal = args[1];
  absl::Status shape = ValidateMeshSignalShape(signal->type(), call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  ChunkGeometry g = MakeChunkGeometry(target->dtype());
  const ir::Expr* size = target->shape()[1];
  std::optional<int64_t> static_size = ir::AsConstInt(size);

  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(data));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  if (static_size && *static_size <= g.chunk_elements) {
    PTO_RETURN_IF_ERROR(
        EmitOneTileRow(b, comm, *op, data, signal, size, SelectStaticChunkCols(g, size)));
  } else {
    PTO_RETURN_IF_ERROR(EmitChunkedRow(b, comm, *op, data, signal, size, g.chunk_elements));
  }
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count())));
  return data;
}

}  // namespace pto::passes::lower_composite
