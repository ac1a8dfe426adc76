// pld.tensor.reduce_scatter: rank r reduces row r over all ranks.
//
//   data = pld.tensor.reduce_scatter(data, signal, op=0)      # data [NR, SIZE]
// becomes (the phase shape of allreduce's single-rectangle path)
//   comm setup on data
//   barrier generation 1                   (every rank staged its rows)
//   acc_initial = tile.load(data, [me, 0], [1, W], [1, SIZE])
//   for peer in [0, NR) carrying acc:      (peer_final)
//     if peer != me:
//       recv = pld.tile.remote_load(data, peer, [me, 0], [1, W], [1, SIZE])
//       acc_next = <op>(acc, recv)         (tile.add / maximum / minimum / mul)
//     yield acc_next or acc
//   barrier generation 2                   (every peer finished reading this rank's
//                                           rows before anything may change them)
//   store_ret = tile.store(peer_final, [me, 0], data)
//   epilogue: subtract 2 from every non-self cell
//   data = data
// The row is one tile: W = SIZE rounded up to 32 bytes, so the allocation is
// a legal PTO tile while only SIZE elements are read and written. SIZE must
// be static and fit one 16-KiB chunk (the rectangle path's bound): holding a
// longer row until the second barrier would overflow the Vec budget.
// 6 For, 6 If.

#include "absl/strings/str_cat.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

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
  ir::Context& ctx = b.ctx();
  ChunkGeometry g = MakeChunkGeometry(target->dtype());
  const ir::Expr* size = target->shape()[1];
  std::optional<int64_t> static_size = ir::AsConstInt(size);
  if (!static_size || *static_size > g.chunk_elements) {
    return b.Error(absl::StrCat(call.callee_name(), ": a row of ", ir::FormatExpr(size), " ",
                                target->dtype().name(), " elements must fit within one ",
                                kChunkBytes, "-byte chunk (", g.chunk_elements,
                                " elements) using a statically bounded tile; use shorter rows"));
  }
  int64_t width = SelectStaticChunkCols(g, size);

  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(data));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  const ir::Expr* row_off[] = {comm.my_rank, ctx.Index(0)};
  const ir::MakeTuple* offsets = ctx.NewMakeTuple(row_off, b.loc());
  const ir::MakeTuple* tile_shape = b.IndexTuple({1, width});
  const ir::Expr* valid_dims[] = {ctx.Index(1), size};
  const ir::MakeTuple* valid = ctx.NewMakeTuple(valid_dims, b.loc());
  const ir::Expr* load_args[] = {data, offsets, tile_shape, valid};
  ir::NamedAttr vec[] = {{"target_memory", ir::AttrValue::Enum(ir::MemorySpace::kVec)}};
  PTO_ASSIGN_OR_RETURN(const ir::Var* acc_initial,
                       b.Bind("acc_initial", b.Call("tile.load", load_args, vec)));
  PTO_ASSIGN_OR_RETURN(
      const ir::Var* reduced,
      b.EmitForReduce(
          "peer", ctx.Index(0), comm.nranks_idx, ctx.Index(1), acc_initial,
          [&](LoweringBuilder& body, const ir::Var* peer,
              const ir::Var* acc) -> absl::StatusOr<const ir::Expr*> {
            PTO_ASSIGN_OR_RETURN(const ir::Expr* other, body.NotEq(peer, comm.my_rank));
            PTO_ASSIGN_OR_RETURN(
                const ir::Var* next,
                body.EmitIfExpr(
                    other,
                    [&](LoweringBuilder& t) -> absl::StatusOr<const ir::Expr*> {
                      const ir::Expr* remote_args[] = {data, peer, offsets, tile_shape, valid};
                      PTO_ASSIGN_OR_RETURN(
                          const ir::Var* recv,
                          t.Bind("recv", t.Call("pld.tile.remote_load", remote_args)));
                      return t.Bind("acc_next", t.Reduce(*op, acc, recv));
                    },
                    [&](LoweringBuilder&) -> absl::StatusOr<const ir::Expr*> { return acc; }));
            return next;
          }));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm, "2").status());
  const ir::Expr* store_args[] = {reduced, offsets, data};
  PTO_RETURN_IF_ERROR(b.Bind("store_ret", b.Call("tile.store", store_args)).status());
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count())));
  return data;
}

}  // namespace pto::passes::lower_composite
