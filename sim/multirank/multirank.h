// The multi-rank simulator: runs one function of a (lowered) program on N
// ranks at once, each rank an ordinary reference Interpreter with its own
// arguments, so that the cross-rank protocols of the pld.* collectives can
// be checked end to end.
//
// The world. Every DistributedTensor parameter is a window: rank r's
// argument is its copy W@r, and all copies have one geometry. pld.tile.
// remote_load / put / get and pld.system.notify address W@peer through the
// same view the op names locally (peer == r is the local copy: the HCCL
// identity mapping); pld.system.wait polls the local copy. Notify with
// AtomicAdd is one atomic update of an INT32 cell; notify with Set is a
// plain, non-atomic scalar store, modelled as the hardware performs it: the
// whole cache line (`cache_line_bytes`) holding the cell is read at one
// scheduling point and written back, with the cell changed, at a later one,
// so a concurrent update of a neighbouring cell in that line can be lost.
//
// Modes.
//   * kScheduled (default): deterministic. Ranks are fibers on the calling
//     thread and exactly one runs at a time; before every remote or signal op
//     (and between the read and the write-back of a plain store) the running
//     rank yields and a seeded Scheduler (sim/multirank/scheduler.h) picks the next
//     rank among those that can run. A rank whose wait does not hold cannot
//     run; ranks may run arbitrarily far ahead of each other. Local ops
//     between two such points touch only the rank's own memory, so switching
//     only there loses no observable interleaving.
//   * kThreads: one OS thread per rank, truly concurrent (fast, not
//     reproducible). Remote and signal ops are serialised by one world lock
//     and waits sleep on a condition variable. Meant for programs whose
//     protocol is already trusted: a broken protocol races on window memory.
//
// Failure. When every unfinished rank waits on a cell that no running rank
// can change, Run returns FailedPrecondition "deadlock: ..." listing each
// rank's pending wait (op location, cell, expected, actual) and the values
// of every signal window. When one rank fails, the others are abandoned and
// Run returns that rank's error prefixed "rank R: ".
//
//   MultiRankOptions options;
//   options.nranks = 4;
//   options.seed = 17;
//   MultiRankSimulator sim(lowered_program, options);
//   std::vector<std::vector<Value>> args(4);  // per rank, one Value per parameter
//   absl::StatusOr<MultiRankResult> r = sim.Run("k", std::move(args));

#ifndef PTO_SIM_MULTIRANK_MULTIRANK_H_
#define PTO_SIM_MULTIRANK_MULTIRANK_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/function.h"
#include "sim/interp/kernel.h"
#include "sim/interp/value.h"
#include "sim/multirank/fiber.h"

namespace pto::sim {

enum class ExecutionMode : uint8_t { kScheduled, kThreads };

struct MultiRankOptions {
  int nranks = 2;
  ExecutionMode mode = ExecutionMode::kScheduled;
  // The schedule (kScheduled only).
  uint64_t seed = 0;
  // The unit a plain scalar store writes back (a power of two).
  int cache_line_bytes = 64;
  // Each rank's fiber stack (kScheduled only).
  size_t stack_bytes = size_t{1} << 20;
  // A run with more scheduling points in total is an error (a livelock
  // guard; ranks that never block still reach the interpreter's limits).
  int64_t max_scheduling_points = int64_t{1} << 30;
  // Per-rank interpreter options (`dist` is set by the simulator).
  InterpreterOptions interpreter;
};

struct MultiRankResult {
  // Each rank's return values.
  std::vector<std::vector<Value>> returns;
  // Parameters that are windows, and among them the signal windows (some
  // rank waited on them), ascending.
  std::vector<size_t> window_params;
  std::vector<size_t> signal_params;
  // Scheduling points passed (all ranks).
  int64_t scheduling_points = 0;
  // The largest value any signal cell held after an AtomicAdd notify: above
  // one call's own credits it shows a fast peer's early credits arrived.
  int64_t peak_signal = 0;
};

class MultiRankSimulator {
 public:
  MultiRankSimulator(const ir::Program& program, MultiRankOptions options);
  ~MultiRankSimulator();
  MultiRankSimulator(const MultiRankSimulator&) = delete;
  MultiRankSimulator& operator=(const MultiRankSimulator&) = delete;

  // `args[r]` are rank r's arguments, one per parameter. Window arguments
  // must be distinct buffers on every rank, of one geometry.
  absl::StatusOr<MultiRankResult> Run(absl::string_view function,
                                      std::vector<std::vector<Value>> args);
  absl::StatusOr<MultiRankResult> Run(const ir::Function& function,
                                      std::vector<std::vector<Value>> args);

  const MultiRankOptions& options() const { return options_; }
  void set_seed(uint64_t seed) { options_.seed = seed; }
  void set_mode(ExecutionMode mode) { options_.mode = mode; }

 private:
  ir::Program program_;
  MultiRankOptions options_;
  // Reused across runs (kScheduled).
  std::vector<std::unique_ptr<Fiber>> fibers_;
};

}  // namespace pto::sim

#endif  // PTO_SIM_MULTIRANK_MULTIRANK_H_
