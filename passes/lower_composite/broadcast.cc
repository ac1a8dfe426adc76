// pld.tensor.broadcast: every rank copies rank root's window into its own.
//
//   data = pld.tensor.broadcast(data, signal, root=0)
// becomes
//   comm setup on data
//   barrier generation 1               (root's data is in place everywhere)
//   bcast_stage = tile.create(STAGE)   (Vec bounce tile, at most one 16-KiB chunk)
//   get_ret = pld.tile.get(data, root, data, bcast_stage)
//   epilogue: subtract 1 from every non-self cell
//   data = data
// On root the get reads its own copy (an identity copy), so every rank runs
// the same code. STAGE is MakeAlignedStageShape(data.shape): [rows, cols]
// with cols = min(last dim, chunk) rounded down to 32 bytes and rows the
// leading-dim product capped by the chunk; a symbolic dim takes the chunk
// bound, so a dynamic target is accepted. 3 For, 3 If.

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Expr*> LowerBroadcastRule(const ir::Call& call, ir::ExprSpan args,
                                                   LoweringBuilder& b) {
  const ir::AttrValue* root = call.FindKwarg("root");
  const auto* target =
      args.size() == 2 ? args[0]->type()->As<ir::DistributedTensorType>() : nullptr;
  if (target == nullptr || root == nullptr) {
    return b.Internal("pld.tensor.broadcast takes (target, signal; root)");
  }
  const ir::Expr* signal = args[1];
  absl::Status shape = ValidateMeshSignalShape(signal->type(), call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  ir::Context& ctx = b.ctx();
  ChunkGeometry g = MakeChunkGeometry(target->dtype());
  absl::StatusOr<const ir::MakeTuple*> stage_shape =
      MakeAlignedStageShape(ctx, g, target->dtype(), target->shape(), call.callee_name());
  if (!stage_shape.ok()) return b.Error(stage_shape.status().message());

  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(args[0]));
  PTO_RETURN_IF_ERROR(b.EmitBarrier(signal, comm).status());
  PTO_ASSIGN_OR_RETURN(const ir::Var* stage,
                       b.Bind("bcast_stage", b.Create(*stage_shape, target->dtype())));
  const ir::Expr* get_args[] = {args[0], b.I32(root->int_value()), args[0], stage};
  PTO_RETURN_IF_ERROR(b.Bind("get_ret", b.Call("pld.tile.get", get_args)).status());
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(b.barrier_count())));
  return args[0];
}

}  // namespace pto::passes::lower_composite
