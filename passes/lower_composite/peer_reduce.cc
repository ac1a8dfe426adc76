#include "passes/lower_composite/peer_reduce.h"

#include "ir/status_macros.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Var*> EmitPeerReduction(LoweringBuilder& b, const CommSetup& comm,
                                                 ReduceOp op, const ir::Expr* window,
                                                 const ir::Var* initial,
                                                 const ir::MakeTuple* offsets,
                                                 const ir::MakeTuple* tile_shape,
                                                 const ir::MakeTuple* valid) {
  ir::Context& ctx = b.ctx();
  return b.EmitForReduce(
      "peer", ctx.Index(0), comm.nranks_idx, ctx.Index(1), initial,
      [&](LoweringBuilder& body, const ir::Var* peer,
          const ir::Var* acc) -> absl::StatusOr<const ir::Expr*> {
        PTO_ASSIGN_OR_RETURN(const ir::Expr* other, body.NotEq(peer, comm.my_rank));
        PTO_ASSIGN_OR_RETURN(
            const ir::Var* next,
            body.EmitIfExpr(
                other,
                [&](LoweringBuilder& t) -> absl::StatusOr<const ir::Expr*> {
                  const ir::Expr* remote_args[] = {window, peer, offsets, tile_shape, valid};
                  PTO_ASSIGN_OR_RETURN(const ir::Var* recv,
                                       t.Bind("recv", t.Call("pld.tile.remote_load", remote_args)));
                  return t.Bind("acc_next", t.Reduce(op, acc, recv));
                },
                [&](LoweringBuilder&) -> absl::StatusOr<const ir::Expr*> { return acc; }));
        return next;
      });
}

}  // namespace pto::passes::lower_composite
