#include "passes/lower_composite/row_push.h"

#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"

namespace pto::passes::lower_composite {

absl::Status EmitRowPush(const ir::Call& call, const ir::Expr* target, const ir::Expr* source,
                         const ir::Expr* signal, const RowPush& push, LoweringBuilder& b) {
  const auto* window = target->type()->As<ir::DistributedTensorType>();
  ir::Context& ctx = b.ctx();
  const ir::Expr* transfer[] = {ctx.Index(1), window->shape()[1]};
  ChunkGeometry g = MakeChunkGeometry(window->dtype());
  absl::StatusOr<const ir::MakeTuple*> stage_shape =
      MakeAlignedStageShape(ctx, g, window->dtype(), transfer, call.callee_name());
  if (!stage_shape.ok()) return b.Error(stage_shape.status().message());

  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(target));
  PTO_ASSIGN_OR_RETURN(const ir::Var* stage,
                       b.Bind(push.stage_name, b.Create(*stage_shape, window->dtype())));
  PTO_RETURN_IF_ERROR(b.EmitFor(
      push.peer_name, ctx.Index(0), comm.nranks_idx, ctx.Index(1),
      [&](LoweringBuilder& body, const ir::Var* peer) -> absl::Status {
        const ir::Expr* dst_off[] = {comm.my_rank, ctx.Index(0)};
        const ir::Expr* peer_row[] = {peer, ctx.Index(0)};
        const ir::Expr* src_off = push.source == RowPush::Source::kPeerRow
                                      ? ctx.NewMakeTuple(peer_row, b.loc())
                                      : body.IndexTuple({0, 0});
        const ir::Expr* put_args[] = {target,
                                      peer,
                                      source,
                                      stage,
                                      ctx.NewMakeTuple(dst_off, b.loc()),
                                      src_off,
                                      ctx.NewMakeTuple(transfer, b.loc())};
        ir::NamedAttr kwargs[] = {{"atomic", ir::AttrValue::Int(0)}};
        return body.Bind(push.put_name, body.Call("pld.tile.put", put_args, kwargs)).status();
      }));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  return b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count()));
}

}  // namespace pto::passes::lower_composite
