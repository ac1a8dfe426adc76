#include "sim/multirank/multirank.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/check.h"
#include "ir/status_macros.h"
#include "ir/type.h"
#include "sim/interp/dist_runtime.h"
#include "sim/interp/interpreter.h"
#include "sim/multirank/scheduler.h"

namespace pto::sim {
namespace {

enum class RankState : uint8_t { kReady, kBlocked, kDone };

// The wait a blocked rank is parked on.
struct PendingWait {
  const KernelContext* ctx = nullptr;
  BufferView signal;
  int64_t bit = 0;
  int64_t want = 0;
  bool ge = true;

  int64_t Cell() const {
    return Scalar::FromElementBits(signal.dtype, LoadBits(signal, bit)).i;
  }
  bool Holds() const {
    int64_t cell = Cell();
    return ge ? cell >= want : cell == want;
  }
};

struct Window {
  size_t param = 0;
  std::string name;
  std::vector<BufferView> copies;  // per rank, as bound
  bool waited = false;
  bool notified = false;
};

class World;

// One rank's view of the world: what dist.cc talks to.
class RankRuntime final : public DistRuntime {
 public:
  RankRuntime(World& world, int rank) : world_(world), rank_(rank) {}

  int64_t rank() const override { return rank_; }
  int64_t nranks() const override;
  absl::StatusOr<BufferView> PeerWindow(const KernelContext& ctx, size_t arg,
                                        const BufferView& local, const Scalar& peer) override;
  absl::Status Enter(const KernelContext& ctx) override;
  void Leave() override;
  absl::Status Wait(const KernelContext& ctx, const BufferView& signal, int64_t bit, int64_t want,
                    bool ge) override;
  absl::Status PlainStore(const KernelContext& ctx, const BufferView& view, int64_t bit,
                          uint64_t code) override;
  void Notified(const BufferView& target, int64_t bit) override;
  absl::Status CheckUnloweredCollective(const KernelContext& ctx) override;

  // kThreads: the world lock, held between Enter and Leave.
  std::unique_lock<std::mutex> lock;

 private:
  World& world_;
  int rank_;
};

class World {
 public:
  World(const ir::Program& program, const ir::Function& function, const MultiRankOptions& options,
        std::vector<std::unique_ptr<Fiber>>& fibers)
      : program_(program),
        function_(function),
        options_(options),
        fibers_(fibers),
        scheduler_(options.seed, options.nranks) {}

  absl::Status Bind(std::vector<std::vector<Value>> args);
  absl::StatusOr<MultiRankResult> Run();

 private:
  friend class RankRuntime;
  struct Rank {
    std::unique_ptr<RankRuntime> runtime;
    std::vector<Value> args;
    absl::StatusOr<std::vector<Value>> results = std::vector<Value>{};
    RankState state = RankState::kReady;
    PendingWait wait;
  };

  void RankMain(int r);
  void RunScheduled();
  void RunThreads();
  // kScheduled: gives the baton back to the scheduler loop; fails once the
  // run is abandoned.
  absl::Status Yield(int r);
  absl::Status Abandoned(int r) const {
    return absl::CancelledError(absl::StrCat("rank ", r, " abandoned: another rank failed"));
  }
  // Sets the run's failure (the first one wins).
  void Abort(absl::Status status) {
    if (aborted_) return;
    aborted_ = true;
    failure_ = std::move(status);
  }
  // Every unfinished rank is blocked and no wait holds; at least one rank is
  // unfinished.
  bool Deadlocked() const;
  absl::Status DeadlockReport() const;
  std::string DescribeCell(const Window& w, int r, int64_t bit) const;
  // The window `s` is a copy of (and whose copy: *rank), or null.
  Window* WindowOf(const Storage* s, int* rank);
  const Window* WindowOf(const Storage* s, int* rank) const {
    return const_cast<World*>(this)->WindowOf(s, rank);
  }
  // The cache line of `bit` in `view`'s storage: [begin, end) bytes.
  std::pair<int64_t, int64_t> LineOf(const BufferView& view, int64_t bit) const;

  const ir::Program& program_;
  const ir::Function& function_;
  const MultiRankOptions& options_;
  std::vector<std::unique_ptr<Fiber>>& fibers_;
  Scheduler scheduler_;
  std::vector<Rank> ranks_;
  std::vector<Window> windows_;
  absl::flat_hash_map<const Storage*, std::pair<int, size_t>> owner_;  // -> (rank, window)
  bool aborted_ = false;
  absl::Status failure_;
  int64_t points_ = 0;
  int64_t peak_signal_ = 0;
  // kThreads.
  std::mutex mu_;
  std::condition_variable cv_;
};

int64_t RankRuntime::nranks() const { return world_.options_.nranks; }

absl::StatusOr<BufferView> RankRuntime::PeerWindow(const KernelContext& ctx, size_t arg,
                                                   const BufferView& local, const Scalar& peer) {
  int64_t n = world_.options_.nranks;
  if (peer.IsFloat() || peer.i < 0 || peer.i >= n) {
    return ctx.Error(absl::StrCat(ctx.ArgName(1), " ", peer.ToString(), " does not exist: the world has ",
                                  n, " ranks (0..", n - 1, ")"));
  }
  if (peer.i == rank_) return local;
  int owner = -1;
  const Window* w = world_.WindowOf(local.storage.get(), &owner);
  if (w == nullptr || owner != rank_) {
    return ctx.Error(absl::StrCat(ctx.ArgName(arg),
                                  " is not a window (a view of a DistributedTensor parameter), so "
                                  "rank ", rank_, " cannot address rank ", peer.i, "'s copy"));
  }
  BufferView theirs = local;
  theirs.storage = w->copies[static_cast<size_t>(peer.i)].storage;
  return theirs;
}

absl::Status RankRuntime::Enter(const KernelContext& ctx) {
  (void)ctx;
  if (world_.options_.mode == ExecutionMode::kScheduled) return world_.Yield(rank_);
  lock = std::unique_lock<std::mutex>(world_.mu_);
  if (world_.aborted_) {
    lock.unlock();
    return world_.Abandoned(rank_);
  }
  return absl::OkStatus();
}

void RankRuntime::Leave() {
  if (world_.options_.mode == ExecutionMode::kScheduled) return;
  world_.cv_.notify_all();
  lock.unlock();
}

absl::Status RankRuntime::Wait(const KernelContext& ctx, const BufferView& signal, int64_t bit,
                               int64_t want, bool ge) {
  World::Rank& me = world_.ranks_[static_cast<size_t>(rank_)];
  me.wait = PendingWait{&ctx, signal, bit, want, ge};
  int owner = -1;
  if (Window* w = world_.WindowOf(signal.storage.get(), &owner)) {
    w->waited = true;
  }
  while (!me.wait.Holds()) {
    me.state = RankState::kBlocked;
    if (world_.options_.mode == ExecutionMode::kScheduled) {
      // The scheduler resumes a blocked rank only once its wait holds.
      absl::Status s = world_.Yield(rank_);
      me.state = RankState::kReady;
      PTO_RETURN_IF_ERROR(s);
      continue;
    }
    if (world_.Deadlocked()) {
      world_.Abort(world_.DeadlockReport());
      world_.cv_.notify_all();
    }
    if (!world_.aborted_) world_.cv_.wait(lock);
    me.state = RankState::kReady;
    if (world_.aborted_) return world_.Abandoned(rank_);
  }
  return absl::OkStatus();
}

absl::Status RankRuntime::PlainStore(const KernelContext& ctx, const BufferView& view, int64_t bit,
                                     uint64_t code) {
  (void)ctx;
  auto [begin, end] = world_.LineOf(view, bit);
  Storage& s = *view.storage;
  std::string data(reinterpret_cast<const char*>(s.data() + begin), static_cast<size_t>(end - begin));
  std::string shadow(reinterpret_cast<const char*>(s.shadow() + begin),
                     static_cast<size_t>(end - begin));
  // The line was read; the write-back happens after other ranks had a chance
  // to run.
  if (world_.options_.mode == ExecutionMode::kScheduled) {
    PTO_RETURN_IF_ERROR(world_.Yield(rank_));
  } else {
    lock.unlock();
    std::this_thread::yield();
    lock.lock();
    if (world_.aborted_) return world_.Abandoned(rank_);
  }
  std::memcpy(s.data() + begin, data.data(), data.size());
  std::memcpy(s.shadow() + begin, shadow.data(), shadow.size());
  if (shadow.find_first_not_of('\x03') != std::string::npos) s.set_all_defined(false);
  StoreBits(view, bit, code);
  return absl::OkStatus();
}

void RankRuntime::Notified(const BufferView& target, int64_t bit) {
  int owner = -1;
  if (Window* w = world_.WindowOf(target.storage.get(), &owner)) {
    w->notified = true;
  }
  if (IsDefinedAt(target, bit)) {
    world_.peak_signal_ = std::max(
        world_.peak_signal_, Scalar::FromElementBits(target.dtype, LoadBits(target, bit)).i);
  }
}

absl::Status RankRuntime::CheckUnloweredCollective(const KernelContext& ctx) {
  if (world_.options_.nranks == 1) return absl::OkStatus();
  return ctx.Error(
      "the multi-rank simulator runs only lowered collectives: run the lower-composite-ops pass "
      "first");
}

absl::Status World::Bind(std::vector<std::vector<Value>> args) {
  int n = options_.nranks;
  ir::VarSpan params = function_.params();
  if (static_cast<int>(args.size()) != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected arguments for ", n, " ranks, got ", args.size()));
  }
  ranks_.resize(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    ranks_[static_cast<size_t>(r)].runtime = std::make_unique<RankRuntime>(*this, r);
    if (args[static_cast<size_t>(r)].size() != params.size()) {
      return absl::InvalidArgumentError(absl::StrCat("rank ", r, ": function '", function_.name(),
                                                     "' takes ", params.size(),
                                                     " arguments, got ",
                                                     args[static_cast<size_t>(r)].size()));
    }
  }
  for (size_t i = 0; i < params.size(); ++i) {
    if (!params[i]->type()->Is<ir::DistributedTensorType>()) continue;
    Window w;
    w.param = i;
    w.name = std::string(params[i]->name());
    for (int r = 0; r < n; ++r) {
      const BufferView* b = args[static_cast<size_t>(r)][i].buffer();
      if (b == nullptr || b->storage == nullptr) {
        return absl::InvalidArgumentError(absl::StrCat(
            "rank ", r, ": window '", w.name, "' must be a tensor, got a ",
            args[static_cast<size_t>(r)][i].KindName()));
      }
      if (r > 0) {
        const BufferView& first = w.copies[0];
        if (b->dtype != first.dtype || !(b->shape == first.shape) ||
            !(b->strides == first.strides) || b->offset != first.offset ||
            b->storage->size() != first.storage->size()) {
          return absl::InvalidArgumentError(absl::StrCat(
              "rank ", r, ": window '", w.name,
              "' must have one dtype, shape and layout on every rank (rank 0's differs)"));
        }
      }
      if (!owner_.emplace(b->storage.get(), std::make_pair(r, windows_.size())).second) {
        return absl::InvalidArgumentError(absl::StrCat(
            "rank ", r, ": window '", w.name,
            "' shares its buffer with another window or rank; every rank needs its own copy"));
      }
      w.copies.push_back(*b);
    }
    windows_.push_back(std::move(w));
  }
  for (int r = 0; r < n; ++r) ranks_[static_cast<size_t>(r)].args = std::move(args[static_cast<size_t>(r)]);
  return absl::OkStatus();
}

Window* World::WindowOf(const Storage* s, int* rank) {
  auto it = owner_.find(s);
  if (it == owner_.end()) return nullptr;
  *rank = it->second.first;
  return &windows_[it->second.second];
}

std::pair<int64_t, int64_t> World::LineOf(const BufferView& view, int64_t bit) const {
  int64_t line = options_.cache_line_bytes;
  int64_t begin = (bit / 8) / line * line;
  return {begin, std::min(begin + line, view.storage->size())};
}

void World::RankMain(int r) {
  Rank& me = ranks_[static_cast<size_t>(r)];
  InterpreterOptions io = options_.interpreter;
  io.dist = me.runtime.get();
  Interpreter interp(program_, io);
  absl::StatusOr<std::vector<Value>> results = interp.Run(function_, std::move(me.args));
  std::unique_lock<std::mutex> guard(mu_, std::defer_lock);
  if (options_.mode == ExecutionMode::kThreads) guard.lock();
  if (!results.ok() && !absl::IsCancelled(results.status())) {
    Abort(absl::Status(results.status().code(),
                       absl::StrCat("rank ", r, ": ", results.status().message())));
  }
  me.results = std::move(results);
  me.state = RankState::kDone;
  if (options_.mode == ExecutionMode::kThreads) {
    if (!aborted_ && Deadlocked()) Abort(DeadlockReport());
    cv_.notify_all();
  }
}

absl::Status World::Yield(int r) {
  if (++points_ > options_.max_scheduling_points) {
    Abort(absl::ResourceExhaustedError(absl::StrCat(
        "the ranks passed more than ", options_.max_scheduling_points,
        " scheduling points (a livelock?)")));
  }
  if (!aborted_) fibers_[static_cast<size_t>(r)]->Suspend();
  if (aborted_) return Abandoned(r);
  return absl::OkStatus();
}

bool World::Deadlocked() const {
  bool unfinished = false;
  for (const Rank& rank : ranks_) {
    if (rank.state == RankState::kDone) continue;
    unfinished = true;
    if (rank.state != RankState::kBlocked || rank.wait.Holds()) return false;
  }
  return unfinished;
}

std::string World::DescribeCell(const Window& w, int r, int64_t bit) const {
  const BufferView& base = w.copies[static_cast<size_t>(r)];
  std::vector<size_t> order(base.rank());
  for (size_t d = 0; d < order.size(); ++d) order[d] = d;
  // Equal strides (unit dims) keep dim order.
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return base.strides[a] > base.strides[b]; });
  Dims index(base.rank(), 0);
  int64_t rel = bit - base.offset;
  for (size_t d : order) {
    if (base.strides[d] <= 0) continue;
    index[d] = rel / base.strides[d];
    rel %= base.strides[d];
  }
  return absl::StrCat(w.name, "[", absl::StrJoin(index, ", "), "]");
}

absl::Status World::DeadlockReport() const {
  std::vector<int> blocked;
  for (size_t r = 0; r < ranks_.size(); ++r) {
    if (ranks_[r].state == RankState::kBlocked) blocked.push_back(static_cast<int>(r));
  }
  std::string text = absl::StrCat("deadlock: rank", blocked.size() == 1 ? " " : "s ",
                                  absl::StrJoin(blocked, ", "),
                                  " wait on signal cells that no running rank will change");
  for (size_t r = 0; r < ranks_.size(); ++r) {
    const Rank& rank = ranks_[r];
    if (rank.state != RankState::kBlocked) {
      absl::StrAppend(&text, "\n  rank ", r, " has finished");
      continue;
    }
    const PendingWait& w = rank.wait;
    int owner = -1;
    const Window* window = WindowOf(w.signal.storage.get(), &owner);
    std::string cell = window != nullptr ? DescribeCell(*window, static_cast<int>(r), w.bit)
                                         : absl::StrCat("bit ", w.bit, " of a non-window");
    absl::StrAppend(&text, "\n  rank ", r, " waits at ", w.ctx->Location(), " (",
                    w.ctx->op_name(), ") for ", cell, w.ge ? " >= " : " == ", w.want,
                    "; the cell holds ", w.Cell());
  }
  absl::StrAppend(&text, "\nsignal cells:");
  for (const Window& w : windows_) {
    if (!w.waited && !w.notified) continue;
    for (size_t r = 0; r < w.copies.size(); ++r) {
      const BufferView& v = w.copies[r];
      std::vector<std::string> cells;
      ForEachIndex(v.shape, [&](absl::Span<const int64_t> index) {
        if (cells.size() > 64) return;
        int64_t bit = BitOffset(v, index);
        cells.push_back(IsDefinedAt(v, bit)
                            ? absl::StrCat(Scalar::FromElementBits(v.dtype, LoadBits(v, bit)).i)
                            : std::string("undef"));
      });
      if (cells.size() > 64) cells.back() = "...";
      absl::StrAppend(&text, "\n  ", w.name, "@", r, " = [", absl::StrJoin(cells, ", "), "]");
    }
  }
  return absl::FailedPreconditionError(text);
}

void World::RunScheduled() {
  int n = options_.nranks;
  while (static_cast<int>(fibers_.size()) < n) {
    fibers_.push_back(std::make_unique<Fiber>(options_.stack_bytes));
  }
  for (int r = 0; r < n; ++r) fibers_[static_cast<size_t>(r)]->Start([this, r] { RankMain(r); });
  std::vector<int> runnable;
  int current = -1;
  while (!aborted_) {
    runnable.clear();
    for (int r = 0; r < n; ++r) {
      const Rank& rank = ranks_[static_cast<size_t>(r)];
      if (rank.state == RankState::kReady ||
          (rank.state == RankState::kBlocked && rank.wait.Holds())) {
        runnable.push_back(r);
      }
    }
    if (runnable.empty()) {
      if (Deadlocked()) Abort(DeadlockReport());
      break;
    }
    bool current_ready =
        current >= 0 && ranks_[static_cast<size_t>(current)].state != RankState::kDone;
    current = scheduler_.Pick(runnable, current_ready ? current : -1);
    fibers_[static_cast<size_t>(current)]->Resume();
  }
  // Unwind every abandoned rank: its pending Yield now fails.
  for (int r = 0; r < n; ++r) {
    Fiber& f = *fibers_[static_cast<size_t>(r)];
    while (!f.finished()) f.Resume();
  }
}

void World::RunThreads() {
  std::vector<std::thread> threads;
  for (int r = 0; r < options_.nranks; ++r) threads.emplace_back([this, r] { RankMain(r); });
  for (std::thread& t : threads) t.join();
}

absl::StatusOr<MultiRankResult> World::Run() {
  if (options_.mode == ExecutionMode::kScheduled) {
    RunScheduled();
  } else {
    RunThreads();
  }
  if (aborted_) return failure_;
  MultiRankResult result;
  for (Rank& rank : ranks_) {
    PTO_CHECK(rank.results.ok()) << "a failed rank did not abort the run";
    result.returns.push_back(*std::move(rank.results));
  }
  for (const Window& w : windows_) {
    result.window_params.push_back(w.param);
    if (w.waited) result.signal_params.push_back(w.param);
  }
  result.scheduling_points = points_;
  result.peak_signal = peak_signal_;
  return result;
}

}  // namespace

MultiRankSimulator::MultiRankSimulator(const ir::Program& program, MultiRankOptions options)
    : program_(program), options_(options) {}

MultiRankSimulator::~MultiRankSimulator() = default;

absl::StatusOr<MultiRankResult> MultiRankSimulator::Run(absl::string_view function,
                                                        std::vector<std::vector<Value>> args) {
  const ir::Function* f = program_.FindFunction(function);
  if (f == nullptr) {
    std::vector<std::string> names;
    for (const ir::Function* g : program_.functions()) names.emplace_back(g->name());
    return absl::NotFoundError(absl::StrCat("no function '", function, "' in the program; it has: ",
                                            absl::StrJoin(names, ", ")));
  }
  return Run(*f, std::move(args));
}

absl::StatusOr<MultiRankResult> MultiRankSimulator::Run(const ir::Function& function,
                                                        std::vector<std::vector<Value>> args) {
  if (options_.nranks < 1 || options_.nranks > 1024) {
    return absl::InvalidArgumentError(
        absl::StrCat("the number of ranks must be in [1, 1024], got ", options_.nranks));
  }
  int line = options_.cache_line_bytes;
  if (line < 1 || (line & (line - 1)) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("the cache line must be a power of two bytes, got ", line));
  }
  World world(program_, function, options_, fibers_);
  PTO_RETURN_IF_ERROR(world.Bind(std::move(args)));
  return world.Run();
}

}  // namespace pto::sim
