// PTO on N ranks: one PTO interpreter per rank, run as fibers on the calling
// thread and interleaved by a seeded Scheduler (sim/multirank/scheduler.h)
// at every remote or signal op, as the multi-rank simulator interleaves the
// IR. A rank whose pto.comm.twait does not hold cannot run. The caller plays
// the runtime: it lays the ranks' windows out in one memory and gives each
// rank's CommContext (ir/comm_context.h) the window bases, so a pointer a
// kernel moves to a peer's window (pto.addptr) lands in that peer's memory.
//
//   PtoWorldOptions options;
//   options.nranks = 4;
//   options.seed = 17;
//   absl::Status s = RunPtoRanks(module, "k", std::move(args_per_rank), options);
//
// Failure: a rank's error abandons the others and is returned as "rank R:
// ..."; when every unfinished rank waits on a cell no running rank can
// change, FailedPrecondition "deadlock: ..." names each rank's wait.

#ifndef PTO_SIM_PTO_WORLD_H_
#define PTO_SIM_PTO_WORLD_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "sim/interp/kernel.h"
#include "sim/interp/value.h"
#include "sim/pto/module.h"

namespace pto::sim::pto_text {

struct PtoWorldOptions {
  int nranks = 2;
  uint64_t seed = 0;
  size_t stack_bytes = size_t{1} << 20;
  // A run with more scheduling points is an error (a livelock guard).
  int64_t max_scheduling_points = int64_t{1} << 30;
  InterpreterOptions interpreter;
};

// `args[r]`: rank r's Value per parameter (PtoInterpreter::Run).
absl::Status RunPtoRanks(const Module& module, absl::string_view function,
                         std::vector<std::vector<Value>> args, const PtoWorldOptions& options);

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_WORLD_H_
