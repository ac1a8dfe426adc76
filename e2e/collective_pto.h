// Runs a collective kernel's PTO on N ranks as the runtime would
// (sim/pto/world.h): each window parameter's N copies laid out in one memory,
// each rank's CommContext (ir/comm_context.h) holding its rank, the rank
// count and the window bases, so the pointer arithmetic codegen writes to
// reach a peer's window lands in that peer's copy.
//
//   std::vector<std::vector<Value>> args = ...;   // per rank, one per IR parameter
//   PTO_RETURN_IF_ERROR(RunCollectivePto(module, "k", windows, seed, args));
//   // args[r][i] now views rank r's final memory of parameter i

#ifndef PTO_E2E_COLLECTIVE_PTO_H_
#define PTO_E2E_COLLECTIVE_PTO_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "sim/interp/value.h"
#include "sim/pto/module.h"

namespace pto::sim::testing {

// `windows[i]`: whether IR parameter i is a window. `args[r]`: rank r's
// initial Value per IR parameter (a buffer or a scalar); windows must be
// packed row-major buffers of one shape on every rank.
absl::Status RunCollectivePto(const pto_text::Module& module, absl::string_view function,
                              const std::vector<bool>& windows, uint64_t seed,
                              std::vector<std::vector<Value>>& args);

}  // namespace pto::sim::testing

#endif  // PTO_E2E_COLLECTIVE_PTO_H_
