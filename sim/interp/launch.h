// How many blocks a launch runs, for the interpreter (interpreter.cc runs
// them one after another, block 0 first): a `with pl.spmd(n)` scope's core
// count, and the dispatch a call of a program function carries
// (ir/call_site.h): its "core_num" attr, a pl.spmd_submit's core_num, or one
// task for a pl.submit. Errors are located at the scope or call:
//
//   absl::StatusOr<int64_t> n = SpmdBlocks(ctx, *scope, frame);
//   absl::StatusOr<std::optional<int64_t>> m = CallBlocks(ctx, *call, *callee, frame);

#ifndef PTO_SIM_INTERP_LAUNCH_H_
#define PTO_SIM_INTERP_LAUNCH_H_

#include <cstdint>
#include <optional>

#include "absl/status/statusor.h"
#include "ir/context.h"
#include "ir/function.h"
#include "ir/stmt.h"
#include "sim/interp/kernel.h"

namespace pto::sim {

// The blocks `s` launches (at least 1). A predicated scope is not modelled.
absl::StatusOr<int64_t> SpmdBlocks(const ir::Context& ctx, const ir::ScopeStmt& s,
                                   const ScalarEvaluator& eval);

// The blocks a call of `callee` launches: nullopt for a call without a
// launch (it runs in its caller's block). Dispatch metadata (argument
// directions, dump lists, deps) changes nothing that runs; what does and is
// not modelled is an error: device=, predicate=, and a submit leaving an Out
// param for the runtime to allocate.
absl::StatusOr<std::optional<int64_t>> CallBlocks(const ir::Context& ctx, const ir::Call& call,
                                                  const ir::Function& callee,
                                                  const ScalarEvaluator& eval);

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_LAUNCH_H_
