#include "sim/multirank/scheduler.h"

#include <algorithm>
#include <numeric>

#include "ir/check.h"

namespace pto::sim {

Scheduler::Scheduler(uint64_t seed, int nranks)
    : rng_(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull),
      policy_(static_cast<Policy>(seed % 3)),
      priority_(static_cast<size_t>(nranks)) {
  std::iota(priority_.begin(), priority_.end(), 0);
  std::shuffle(priority_.begin(), priority_.end(), rng_);
}

int Scheduler::Pick(absl::Span<const int> runnable, int current) {
  PTO_CHECK(!runnable.empty()) << "nothing to schedule";
  bool current_runnable =
      current >= 0 && std::find(runnable.begin(), runnable.end(), current) != runnable.end();
  switch (policy_) {
    case Policy::kUniform:
      break;
    case Policy::kSticky:
      if (current_runnable && rng_() % 16 != 0) return current;
      break;
    case Policy::kPriority: {
      if (current_runnable && rng_() % 32 == 0) priority_[static_cast<size_t>(current)] = --lowest_;
      int best = runnable[0];
      for (int r : runnable) {
        if (priority_[static_cast<size_t>(r)] > priority_[static_cast<size_t>(best)]) best = r;
      }
      return best;
    }
  }
  return runnable[rng_() % runnable.size()];
}

absl::string_view Scheduler::PolicyName(Policy p) {
  switch (p) {
    case Policy::kUniform:
      return "uniform";
    case Policy::kSticky:
      return "sticky";
    case Policy::kPriority:
      return "priority";
  }
  return "?";
}

}  // namespace pto::sim
