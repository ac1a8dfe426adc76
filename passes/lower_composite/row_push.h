// The push exchange allgather and all_to_all share: every rank puts one
// [1, SIZE] row into row `me` of every peer's [NR, SIZE] window through a
// staging tile, then the ranks barrier and retire the barrier's credits.
//
//   RowPush push{"ag_stage", "peer", "push", RowPush::Source::kRowZero};
//   PTO_RETURN_IF_ERROR(EmitRowPush(call, target, local, signal, push, b));
// emits
//   comm setup on target
//   ag_stage = tile.create(STAGE)        (MakeAlignedStageShape of [1, SIZE])
//   for peer in [0, NR):
//     push = pld.tile.put(target, peer, local, ag_stage, [me, 0], [0, 0], [1, SIZE], atomic=0)
//   barrier generation 1; epilogue reset of its credits

#ifndef PTO_PASSES_LOWER_COMPOSITE_ROW_PUSH_H_
#define PTO_PASSES_LOWER_COMPOSITE_ROW_PUSH_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/expr.h"
#include "passes/lower_composite/builder.h"

namespace pto::passes::lower_composite {

struct RowPush {
  // Which row of the source goes to a peer.
  enum class Source {
    kRowZero,  // the same row to everyone (allgather's [1, SIZE] input)
    kPeerRow,  // row `peer` to peer (all_to_all's [NR, SIZE] input)
  };
  absl::string_view stage_name;
  absl::string_view peer_name;
  absl::string_view put_name;
  Source source;
};

// `target` is a rank-2 DistributedTensor window [NR, SIZE] (checked by the
// caller); a SIZE with no 32-byte aligned stage is reported at `call`.
absl::Status EmitRowPush(const ir::Call& call, const ir::Expr* target, const ir::Expr* source,
                         const ir::Expr* signal, const RowPush& push, LoweringBuilder& b);

}  // namespace pto::passes::lower_composite

#endif  // PTO_PASSES_LOWER_COMPOSITE_ROW_PUSH_H_
