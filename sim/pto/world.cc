#include "sim/pto/world.h"

#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "sim/multirank/fiber.h"
#include "sim/multirank/scheduler.h"
#include "sim/pto/comm_hooks.h"
#include "sim/pto/interpreter.h"

namespace pto::sim::pto_text {
namespace {

class World;

struct Rank : CommHooks {
  World* world = nullptr;
  int id = 0;
  std::unique_ptr<Fiber> fiber;
  std::optional<absl::Status> status;  // set when the run returned
  const Operation* waiting_at = nullptr;
  const std::function<bool()>* waiting_for = nullptr;

  absl::Status Yield(const Operation& op) override;
  absl::Status WaitUntil(const Operation& op, const std::function<bool()>& holds) override;
  bool Runnable() const {
    return !status && (waiting_for == nullptr || (*waiting_for)());
  }
};

class World {
 public:
  World(const Module& module, const PtoWorldOptions& options)
      : module_(module), options_(options), scheduler_(options.seed, options.nranks) {}

  absl::Status Run(absl::string_view function, std::vector<std::vector<Value>> args) {
    ranks_.resize(static_cast<size_t>(options_.nranks));
    for (int r = 0; r < options_.nranks; ++r) {
      Rank& rank = ranks_[static_cast<size_t>(r)];
      rank.world = this;
      rank.id = r;
      rank.fiber = std::make_unique<Fiber>(options_.stack_bytes);
      rank.fiber->Start([this, &rank, function, a = std::move(args[static_cast<size_t>(r)])] {
        PtoInterpreter interp(module_, options_.interpreter, LaunchIndex{}, &rank);
        rank.status = interp.Run(function, a);
      });
    }
    int current = -1;
    while (true) {
      std::vector<int> runnable;
      bool unfinished = false;
      for (const Rank& r : ranks_) {
        unfinished = unfinished || !r.status;
        if (r.Runnable()) runnable.push_back(r.id);
      }
      if (!unfinished) break;
      if (runnable.empty()) return Abandon(Deadlock());
      bool current_runs = current >= 0 && ranks_[static_cast<size_t>(current)].Runnable();
      current = scheduler_.Pick(runnable, current_runs ? current : -1);
      Rank& rank = ranks_[static_cast<size_t>(current)];
      rank.fiber->Resume();
      if (rank.status && !rank.status->ok()) {
        return Abandon(absl::Status(rank.status->code(),
                                    absl::StrCat("rank ", current, ": ", rank.status->message())));
      }
      if (++points_ > options_.max_scheduling_points) {
        return Abandon(absl::ResourceExhaustedError(absl::StrCat(
            "more than ", options_.max_scheduling_points, " scheduling points")));
      }
    }
    return absl::OkStatus();
  }

  bool aborted() const { return aborted_; }

 private:
  // Unwinds every unfinished rank (its Yield and WaitUntil now fail), so
  // the fibers finish before they are destroyed.
  absl::Status Abandon(absl::Status why) {
    aborted_ = true;
    for (Rank& r : ranks_) {
      while (r.fiber->started() && !r.fiber->finished()) r.fiber->Resume();
    }
    return why;
  }

  absl::Status Deadlock() const {
    std::string report = "deadlock: every unfinished rank waits on a cell no rank can change:";
    for (const Rank& r : ranks_) {
      if (r.status || r.waiting_at == nullptr) continue;
      absl::StrAppend(&report, "\n  rank ", r.id, " waits at ", module_.filename(), ":",
                      r.waiting_at->pos.line, ":", r.waiting_at->pos.col, " (",
                      r.waiting_at->name, ")");
    }
    return absl::FailedPreconditionError(report);
  }

  const Module& module_;
  const PtoWorldOptions& options_;
  Scheduler scheduler_;
  std::vector<Rank> ranks_;
  int64_t points_ = 0;
  bool aborted_ = false;
};

absl::Status Abandoned(int rank) {
  return absl::CancelledError(absl::StrCat("rank ", rank, " abandoned: another rank failed"));
}

absl::Status Rank::Yield(const Operation&) {
  if (world->aborted()) return Abandoned(id);
  fiber->Suspend();
  return world->aborted() ? Abandoned(id) : absl::OkStatus();
}

absl::Status Rank::WaitUntil(const Operation& op, const std::function<bool()>& holds) {
  while (!world->aborted() && !holds()) {
    waiting_at = &op;
    waiting_for = &holds;
    fiber->Suspend();
    waiting_at = nullptr;
    waiting_for = nullptr;
  }
  return world->aborted() ? Abandoned(id) : absl::OkStatus();
}

}  // namespace

absl::Status RunPtoRanks(const Module& module, absl::string_view function,
                         std::vector<std::vector<Value>> args, const PtoWorldOptions& options) {
  if (options.nranks < 1 || args.size() != static_cast<size_t>(options.nranks)) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected arguments for ", options.nranks, " ranks, got ", args.size()));
  }
  World world(module, options);
  return world.Run(function, std::move(args));
}

}  // namespace pto::sim::pto_text
