// Where the operands of pld.tile.put / pld.tile.get go, as upstream's DSL
// wrappers place them: put(dst, peer, src, stage, stage2=None,
// dst_offsets=None, src_offsets=None, shape=None, *, atomic=None_) (get
// without atomic). The IR call lists the given ones in that order, so it
// has 4 or 5 operands (one or two stages) or 7 or 8 (the region after the
// stages). The canonical print passes the region by position right after
// the stage(s), so in the one-stage form the first region list lands in the
// stage2 slot: like upstream's wrapper, a list there starts the region.
//
//   // args bound by name: [dst, peer, src, stage, [0, 0], [0, 0], [1, 64], -]
//   std::string error = text::PlaceTransferOperands(op, absl::MakeSpan(args));
//   // args: [dst, peer, src, stage, [0, 0], [0, 0], [1, 64], -] read as
//   // dst_offsets, src_offsets, shape; the parser then drops the trailing gap.

#ifndef PTO_IR_TEXT_DSL_TRANSFER_ARGS_H_
#define PTO_IR_TEXT_DSL_TRANSFER_ARGS_H_

#include <string>

#include "absl/types/span.h"
#include "ir/expr.h"
#include "ir/op.h"

namespace pto::ir::text {

// `args` holds one slot per parameter of `op` (nullptr: not given), in the
// order above. Moves the region out of the stage2 slot (a list there) and
// closes the gap an absent stage2 leaves before a given region. Returns ""
// or the message of a call upstream's wrapper rejects (or, for four lists
// in a row, would silently cut short): a region given in part.
std::string PlaceTransferOperands(const Op& op, absl::Span<const Expr*> args);

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_DSL_TRANSFER_ARGS_H_
