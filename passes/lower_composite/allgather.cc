// pld.tensor.allgather: push this rank's chunk into every peer's window.
//
//   out = pld.tensor.allgather(local, out, signal)     # local [1, SIZE], out [NR, SIZE]
// becomes
//   comm setup on out
//   ag_stage = tile.create(STAGE)         (Vec bounce tile, at most one 16-KiB chunk)
//   for peer in [0, NR):
//     push = pld.tile.put(out, peer, local, ag_stage, [me, 0], [0, 0], [1, SIZE], atomic=0)
//   barrier generation 1                  (every peer's push into this rank landed)
//   epilogue: subtract 1 from every non-self cell
//   out = out
// The self push (peer == me) is the local copy of row me, so there is no
// branch. STAGE = [1, cols]: a static SIZE gives cols = min(SIZE, chunk)
// rounded down to 32 bytes (FP32 SIZE=17 -> 16; TPUT slides the transfer
// through it); a symbolic SIZE takes the whole chunk bound (4096 FP32
// elements, 16384 FP4 byte carriers). A SIZE below one 32-byte unit has no
// aligned stage and is rejected. 4 For, 3 If.

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Expr*> LowerAllGatherRule(const ir::Call& call, ir::ExprSpan args,
                                                   LoweringBuilder& b) {
  const auto* target =
      args.size() == 3 ? args[1]->type()->As<ir::DistributedTensorType>() : nullptr;
  if (target == nullptr || target->rank() != 2) {
    return b.Internal("pld.tensor.allgather takes (input, target [NR, SIZE], signal)");
  }
  const ir::Expr* local = args[0];
  if (!local->type()->Is<ir::TensorType>() ||
      local->type()->As<ir::TensorType>()->IsDistributed()) {
    return b.Error(absl::StrCat(
        call.callee_name(), ": input must be a plain Tensor [1, SIZE] on the InCore path, got ",
        local->type()->Is<ir::DistributedTensorType>() ? "a DistributedTensor" : "another type"));
  }
  const ir::Expr* signal = args[2];
  absl::Status shape = ValidateMeshSignalShape(signal->type(), call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  ir::Context& ctx = b.ctx();
  const ir::Expr* size = target->shape()[1];
  const ir::Expr* transfer[] = {ctx.Index(1), size};
  ChunkGeometry g = MakeChunkGeometry(target->dtype());
  absl::StatusOr<const ir::MakeTuple*> stage_shape =
      MakeAlignedStageShape(ctx, g, target->dtype(), transfer, call.callee_name());
  if (!stage_shape.ok()) return b.Error(stage_shape.status().message());

  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(args[1]));
  PTO_ASSIGN_OR_RETURN(const ir::Var* stage,
                       b.Bind("ag_stage", b.Create(*stage_shape, target->dtype())));
  PTO_RETURN_IF_ERROR(
      b.EmitFor("peer", ctx.Index(0), comm.nranks_idx, ctx.Index(1),
                [&](LoweringBuilder& body, const ir::Var* peer) -> absl::Status {
                  const ir::Expr* dst_off[] = {comm.my_rank, ctx.Index(0)};
                  const ir::Expr* put_args[] = {args[1],
                                                peer,
                                                local,
                                                stage,
                                                ctx.NewMakeTuple(dst_off, b.loc()),
                                                body.IndexTuple({0, 0}),
                                                ctx.NewMakeTuple(transfer, b.loc())};
                  ir::NamedAttr kwargs[] = {{"atomic", ir::AttrValue::Int(0)}};
                  return body.Bind("push", body.Call("pld.tile.put", put_args, kwargs)).status();
                }));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count())));
  return args[1];
}

}  // namespace pto::passes::lower_composite
