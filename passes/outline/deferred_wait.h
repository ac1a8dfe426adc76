// The contract of a deferred-completion waiter: a pl.at(CORE_GROUP) kernel
// that calls pld.system.defer_wait registers completion conditions for its
// task and does nothing else a later task could observe.
//
//   with pl.at(level=pl.Level.CORE_GROUP) as wait_tid:
//       anchor = pl.read(indices, [0, 0])          # reads only before registering
//       for src in pl.range(8):                    # a static, positive trip count
//           if src != my_rank:
//               pld.system.defer_wait(signal, offsets=[src, 0], expected=epoch)
//
// Its body may hold scalar assignments (whose only call is a tensor.read
// before the first registration), sequential or unrolled loops and ifs over
// scalars, yields of scalars, and defer_wait statements. Once a path has
// registered a condition only scalar bookkeeping and more registrations may
// follow; a loop that registers needs a constant positive trip count, and
// the most conditions any run can register is at most 64 (the runtime's
// per-task completion budget). The outlined kernel carries the attr
// deferred_completion_waiter=True.
//
//   absl::StatusOr<bool> waits = CheckDeferredWaiter(ctx, scope, "OutlineIncoreScopes");

#ifndef PTO_PASSES_OUTLINE_DEFERRED_WAIT_H_
#define PTO_PASSES_OUTLINE_DEFERRED_WAIT_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/stmt.h"

namespace pto::passes {

// The runtime's MAX_COMPLETIONS_PER_TASK.
inline constexpr int64_t kMaxDeferredConditions = 64;

// Whether the body of `scope` registers a deferred completion (false: the
// contract does not apply). A body that does and breaks the contract is an
// error at the offending statement (or the scope), naming `pass`.
absl::StatusOr<bool> CheckDeferredWaiter(ir::Context& ctx, const ir::ScopeStmt* scope,
                                         absl::string_view pass);

}  // namespace pto::passes

#endif  // PTO_PASSES_OUTLINE_DEFERRED_WAIT_H_
