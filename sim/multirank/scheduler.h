// The seeded choice of which rank runs next in the multi-rank simulator's
// scheduled mode.
//
// At every scheduling point the simulator hands the scheduler the ranks that
// can run (ascending) and the rank that just reached the point (if it can
// still run); the scheduler picks one. The same seed and the same sequence of
// questions give the same answers. The seed also selects a policy, so a
// range of seeds mixes three shapes of schedule:
//   * kUniform:  every runnable rank equally likely (fine interleavings);
//   * kSticky:   the current rank keeps running with probability 15/16
//                (long runs: one rank far ahead of the others);
//   * kPriority: ranks run in a seeded priority order, the running rank
//                dropping to the lowest priority with probability 1/32 at
//                each point (PCT-style: a slow rank starves until its turn).
//
//   Scheduler s(/*seed=*/7, /*nranks=*/4);
//   int next = s.Pick({0, 2, 3}, /*current=*/2);

#ifndef PTO_SIM_MULTIRANK_SCHEDULER_H_
#define PTO_SIM_MULTIRANK_SCHEDULER_H_

#include <cstdint>
#include <random>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace pto::sim {

class Scheduler {
 public:
  enum class Policy : uint8_t { kUniform, kSticky, kPriority };

  Scheduler(uint64_t seed, int nranks);

  // One of `runnable` (non-empty, ascending). `current` is the rank that
  // reached the scheduling point, or -1 when it cannot run on.
  int Pick(absl::Span<const int> runnable, int current);

  Policy policy() const { return policy_; }
  static absl::string_view PolicyName(Policy p);

 private:
  std::mt19937_64 rng_;
  Policy policy_;
  std::vector<int> priority_;  // per rank; higher runs first
  int lowest_ = 0;             // the next demotion's priority
};

}  // namespace pto::sim

#endif  // PTO_SIM_MULTIRANK_SCHEDULER_H_
