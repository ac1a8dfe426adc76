// pld.tensor.all_to_all: symmetric personalised exchange by push.
//
//   out = pld.tensor.all_to_all(inp, out, signal)      # inp, out [NR, SIZE]
// becomes
//   comm setup on out
//   aa_stage = tile.create(STAGE)         (the capped bounce tile, as allgather's)
//   for dest in [0, NR):
//     aa_put = pld.tile.put(out, dest, inp, aa_stage, [me, 0], [dest, 0], [1, SIZE], atomic=0)
//   barrier generation 1                  (every peer's rows landed here)
//   epilogue: subtract 1 from every non-self cell
//   out = out
// Afterwards row s of rank d's out holds row d of rank s's inp. STAGE is
// allgather's [1, cols] for a [1, SIZE] transfer. 4 For, 3 If.

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Expr*> LowerAllToAllRule(const ir::Call& call, ir::ExprSpan args,
                                                  LoweringBuilder& b) {
  const auto* target =
      args.size() == 3 ? args[1]->type()->As<ir::DistributedTensorType>() : nullptr;
  if (target == nullptr || target->rank() != 2) {
    return b.Internal("pld.tensor.all_to_all takes (input, target [NR, SIZE], signal)");
  }
  const ir::Expr* input = args[0];
  const ir::Expr* signal = args[2];
  absl::Status shape = ValidateMeshSignalShape(signal->type(), call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  ir::Context& ctx = b.ctx();
  const ir::Expr* transfer[] = {ctx.Index(1), target->shape()[1]};
  ChunkGeometry g = MakeChunkGeometry(target->dtype());
  absl::StatusOr<const ir::MakeTuple*> stage_shape =
      MakeAlignedStageShape(ctx, g, target->dtype(), transfer, call.callee_name());
  if (!stage_shape.ok()) return b.Error(stage_shape.status().message());

  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(args[1]));
  PTO_ASSIGN_OR_RETURN(const ir::Var* stage,
                       b.Bind("aa_stage", b.Create(*stage_shape, target->dtype())));
  PTO_RETURN_IF_ERROR(
      b.EmitFor("dest", ctx.Index(0), comm.nranks_idx, ctx.Index(1),
                [&](LoweringBuilder& body, const ir::Var* dest) -> absl::Status {
                  const ir::Expr* dst_off[] = {comm.my_rank, ctx.Index(0)};
                  const ir::Expr* src_off[] = {dest, ctx.Index(0)};
                  const ir::Expr* put_args[] = {args[1],
                                                dest,
                                                input,
                                                stage,
                                                ctx.NewMakeTuple(dst_off, b.loc()),
                                                ctx.NewMakeTuple(src_off, b.loc()),
                                                ctx.NewMakeTuple(transfer, b.loc())};
                  ir::NamedAttr kwargs[] = {{"atomic", ir::AttrValue::Int(0)}};
                  return body.Bind("aa_put", body.Call("pld.tile.put", put_args, kwargs)).status();
                }));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count())));
  return args[1];
}

}  // namespace pto::passes::lower_composite
