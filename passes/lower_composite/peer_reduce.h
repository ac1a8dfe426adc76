// The pull reduction mesh allreduce and reduce_scatter share: this rank's
// tile, folded with the same region of every peer's window.
//
//   PTO_ASSIGN_OR_RETURN(const ir::Var* reduced,
//                        EmitPeerReduction(b, comm, op, data, acc, offsets, shape, valid));
// emits
//   for peer in [0, NR) carrying acc:            (returns peer_final)
//     if peer != me:
//       recv = pld.tile.remote_load(window, peer, offsets, shape, valid)
//       acc_next = <op>(acc, recv)               (tile.add / maximum / minimum / mul)
//     yield acc_next or acc
// The self rank is skipped because `initial` already holds its value.

#ifndef PTO_PASSES_LOWER_COMPOSITE_PEER_REDUCE_H_
#define PTO_PASSES_LOWER_COMPOSITE_PEER_REDUCE_H_

#include "absl/status/statusor.h"
#include "ir/expr.h"
#include "passes/lower_composite/builder.h"

namespace pto::passes::lower_composite {

absl::StatusOr<const ir::Var*> EmitPeerReduction(LoweringBuilder& b, const CommSetup& comm,
                                                 ReduceOp op, const ir::Expr* window,
                                                 const ir::Var* initial,
                                                 const ir::MakeTuple* offsets,
                                                 const ir::MakeTuple* tile_shape,
                                                 const ir::MakeTuple* valid);

}  // namespace pto::passes::lower_composite

#endif  // PTO_PASSES_LOWER_COMPOSITE_PEER_REDUCE_H_
