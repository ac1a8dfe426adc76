// Tests of the multi-rank simulator, its scheduler and fibers on small
// hand-written protocols (the collective matrix is multirank_collectives_test).

#include "sim/multirank/multirank.h"

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"
#include "sim/multirank/fiber.h"
#include "sim/multirank/scheduler.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Buffer;
using testing::SimProgram;
using testing::Undefined;
using testing::Values;

constexpr absl::string_view kInCore =
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n";

std::string Kernel(absl::string_view def) { return absl::StrCat("\n", kInCore, def); }

TEST(FiberTest, SuspendsAndResumes) {
  Fiber f(64 << 10);
  std::vector<int> trace;
  f.Start([&] {
    trace.push_back(1);
    Fiber::Current()->Suspend();
    trace.push_back(3);
  });
  EXPECT_EQ(Fiber::Current(), nullptr);
  f.Resume();
  trace.push_back(2);
  EXPECT_FALSE(f.finished());
  f.Resume();
  EXPECT_TRUE(f.finished());
  EXPECT_THAT(trace, ElementsAre(1, 2, 3));
  // A finished fiber can run a new body on the same stack.
  f.Start([&] { trace.push_back(4); });
  f.Resume();
  EXPECT_TRUE(f.finished());
  EXPECT_THAT(trace, ElementsAre(1, 2, 3, 4));
}

std::vector<int> Picks(uint64_t seed, int n, int count) {
  Scheduler s(seed, n);
  std::vector<int> all;
  for (int i = 0; i < n; ++i) all.push_back(i);
  std::vector<int> out;
  int current = -1;
  for (int i = 0; i < count; ++i) {
    current = s.Pick(all, current);
    out.push_back(current);
  }
  return out;
}

TEST(SchedulerTest, IsDeterministicPerSeedAndMixesPolicies) {
  EXPECT_EQ(Picks(5, 4, 200), Picks(5, 4, 200));
  EXPECT_NE(Picks(5, 4, 200), Picks(8, 4, 200));
  EXPECT_EQ(Scheduler(0, 2).policy(), Scheduler::Policy::kUniform);
  EXPECT_EQ(Scheduler(1, 2).policy(), Scheduler::Policy::kSticky);
  EXPECT_EQ(Scheduler(2, 2).policy(), Scheduler::Policy::kPriority);
  // Sticky and priority schedules run one rank for long stretches.
  for (uint64_t seed : {1, 2}) {
    std::vector<int> p = Picks(seed, 4, 400);
    int switches = 0;
    for (size_t i = 1; i < p.size(); ++i) switches += p[i] != p[i - 1];
    EXPECT_LT(switches, 100) << Scheduler::PolicyName(Scheduler(seed, 4).policy());
  }
  // Only runnable ranks are picked.
  Scheduler s(3, 4);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(s.Pick({2}, 1), 2);
}

// Each rank publishes its input in its window, credits its right neighbour,
// waits for its left neighbour's credit, reads the left window and retires
// the credit.
constexpr absl::string_view kHandoff = R"(    def k(self, inp: pl.Tensor[[1, 8], pl.FP32], x: pld.DistributedTensor[[1, 8], pl.FP32], sig: pld.DistributedTensor[[NR, 1], pl.INT32], out: pl.Out[pl.Tensor[[1, 8], pl.FP32]]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        n = pld.system.nranks(ctx)
        t = pl.tile.load(inp, [0, 0], [1, 8], [1, 8], target_memory=pl.Mem.Vec)
        s = pl.tile.store(t, [0, 0], x)
        left = (me + n - 1) % n
        right = (me + 1) % n
        a = pld.system.notify(sig, right, [me, 0], pl.const(1, pl.INT32), op=0)
        b = pld.system.wait(sig, [left, 0], pl.const(WANT, pl.INT32), cmp=1)
        r = pld.tile.remote_load(x, left, [0, 0], [1, 8])
        o = pl.tile.store(r, [0, 0], out)
        c = pld.system.notify(sig, me, [left, 0], pl.const(-1, pl.INT32), op=0)
        return n)";

std::string Handoff(int nr, int want) {
  std::string text(kHandoff);
  text.replace(text.find("NR"), 2, absl::StrCat(nr));
  text.replace(text.find("WANT"), 4, absl::StrCat(want));
  return Kernel(text);
}

struct HandoffRun {
  std::vector<BufferView> x, sig, out;
  std::vector<std::vector<Value>> args;
};

HandoffRun HandoffArgs(int nr) {
  HandoffRun h;
  for (int r = 0; r < nr; ++r) {
    h.x.push_back(Undefined(DataType::kFP32, {1, 8}));
    h.sig.push_back(Buffer(DataType::kInt32, {nr, 1}, {0}));
    h.out.push_back(Undefined(DataType::kFP32, {1, 8}));
    h.args.push_back({Value::Of(Buffer(DataType::kFP32, {1, 8}, {10.0 * r})), Value::Of(h.x.back()),
                      Value::Of(h.sig.back()), Value::Of(h.out.back())});
  }
  return h;
}

TEST(MultiRankTest, RanksExchangeThroughWindowsAndSignals) {
  for (int nr : {2, 3, 8}) {
    SimProgram p(Handoff(nr, 1));
    MultiRankOptions options;
    options.nranks = nr;
    MultiRankSimulator sim(p.program(), options);
    for (uint64_t seed = 0; seed < 50; ++seed) {
      sim.set_seed(seed);
      HandoffRun h = HandoffArgs(nr);
      absl::StatusOr<MultiRankResult> r = sim.Run("k", h.args);
      ASSERT_TRUE(r.ok()) << r.status().message();
      for (int rank = 0; rank < nr; ++rank) {
        EXPECT_EQ(r->returns[rank][0].scalar()->i, nr);
        int left = (rank + nr - 1) % nr;
        EXPECT_THAT(Values(h.out[rank]), ::testing::Each(10.0 * left)) << "rank " << rank;
        EXPECT_THAT(Values(h.sig[rank]), ::testing::Each(0.0));
      }
      EXPECT_THAT(r->window_params, ElementsAre(1, 2));
      EXPECT_THAT(r->signal_params, ElementsAre(2));
      EXPECT_GT(r->scheduling_points, 3 * nr);
    }
  }
}

TEST(MultiRankTest, SchedulesAreReproducibleAndVaried) {
  // Without the wait (want 0) the remote load races with the neighbour's
  // store: each seed decides, reproducibly, who wins.
  SimProgram p(Handoff(2, 0));
  MultiRankOptions options;
  MultiRankSimulator sim(p.program(), options);
  std::set<std::string> outcomes;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    std::string outcome[2];
    for (int again = 0; again < 2; ++again) {
      sim.set_seed(seed);
      HandoffRun h = HandoffArgs(2);
      absl::StatusOr<MultiRankResult> r = sim.Run("k", h.args);
      ASSERT_TRUE(r.ok()) << r.status().message();
      outcome[again] = absl::StrCat(std::isnan(Values(h.out[0])[0]) ? "stale" : "fresh", "/",
                                    std::isnan(Values(h.out[1])[0]) ? "stale" : "fresh", "/",
                                    r->scheduling_points);
    }
    EXPECT_EQ(outcome[0], outcome[1]) << "seed " << seed;
    outcomes.insert(outcome[0].substr(0, outcome[0].rfind('/')));
  }
  EXPECT_GE(outcomes.size(), 3u);  // the race goes every way across seeds
  EXPECT_TRUE(outcomes.count("fresh/fresh"));
}

TEST(MultiRankTest, ThreadsModeRunsTheSameProtocol) {
  SimProgram p(Handoff(4, 1));
  MultiRankOptions options;
  options.nranks = 4;
  options.mode = ExecutionMode::kThreads;
  MultiRankSimulator sim(p.program(), options);
  for (int i = 0; i < 20; ++i) {
    HandoffRun h = HandoffArgs(4);
    absl::StatusOr<MultiRankResult> r = sim.Run("k", h.args);
    ASSERT_TRUE(r.ok()) << r.status().message();
    for (int rank = 0; rank < 4; ++rank) {
      EXPECT_THAT(Values(h.out[rank]), ::testing::Each(10.0 * ((rank + 3) % 4)));
      EXPECT_THAT(Values(h.sig[rank]), ::testing::Each(0.0));
    }
  }
}

constexpr absl::string_view kCrossWait = R"(    def k(self, sig: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        other = 1 - me
        w = pld.system.wait(sig, [other, 0], pl.const(1, pl.INT32), cmp=1)
        a = pld.system.notify(sig, other, [me, 0], pl.const(1, pl.INT32), op=0)
        return me)";

TEST(MultiRankTest, ReportsADeadlockWithEveryPendingWait) {
  SimProgram p(Kernel(kCrossWait));
  for (ExecutionMode mode : {ExecutionMode::kScheduled, ExecutionMode::kThreads}) {
    MultiRankOptions options;
    options.mode = mode;
    MultiRankSimulator sim(p.program(), options);
    std::vector<std::vector<Value>> args;
    args.push_back({Value::Of(Buffer(DataType::kInt32, {2, 1}, {5, -3}))});
    args.push_back({Value::Of(Buffer(DataType::kInt32, {2, 1}, {-2, 0}))});
    absl::StatusOr<MultiRankResult> r = sim.Run("k", std::move(args));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition) << r.status().message();
    EXPECT_THAT(r.status().message(),
                HasSubstr("deadlock: ranks 0, 1 wait on signal cells that no running rank will "
                          "change\n  rank 0 waits at test.py:11:13 (pld.system.wait) for sig[1, 0] "
                          ">= 1; the cell holds -3\n  rank 1 waits at test.py:11:13 "
                          "(pld.system.wait) for sig[0, 0] >= 1; the cell holds -2\n"
                          "signal cells:\n  sig@0 = [5, -3]\n  sig@1 = [-2, 0]"));
  }
}

TEST(MultiRankTest, AFinishedRankCanLeaveTheOthersDeadlocked) {
  SimProgram p(Kernel(R"(    def k(self, sig: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        if me == 1:
            w = pld.system.wait(sig, [0, 0], pl.const(2, pl.INT32), cmp=0)
        a = pld.system.notify(sig, 1, [0, 0], pl.const(1, pl.INT32), op=0)
        return me)"));
  for (ExecutionMode mode : {ExecutionMode::kScheduled, ExecutionMode::kThreads}) {
    MultiRankOptions options;
    options.mode = mode;
    MultiRankSimulator sim(p.program(), options);
    std::vector<std::vector<Value>> args;
    for (int r = 0; r < 2; ++r) args.push_back({Value::Of(Buffer(DataType::kInt32, {2, 1}, {0}))});
    absl::StatusOr<MultiRankResult> r = sim.Run("k", std::move(args));
    ASSERT_FALSE(r.ok());
    EXPECT_THAT(r.status().message(), HasSubstr("deadlock: rank 1 wait"));
    EXPECT_THAT(r.status().message(), HasSubstr("rank 0 has finished\n  rank 1 waits at "));
    EXPECT_THAT(r.status().message(), HasSubstr("for sig[0, 0] == 2; the cell holds 1"));
  }
}

// Two credits then a wait for exactly one: equality deadlocks whenever the
// peer's second credit lands before the wait polls; >= never does.
std::string EqualityWait(int cmp) {
  return Kernel(absl::StrCat(R"(    def k(self, sig: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        other = 1 - me
        a = pld.system.notify(sig, other, [me, 0], pl.const(1, pl.INT32), op=0)
        b = pld.system.notify(sig, other, [me, 0], pl.const(1, pl.INT32), op=0)
        w = pld.system.wait(sig, [other, 0], pl.const(1, pl.INT32), cmp=)",
                             cmp, R"()
        return me)"));
}

TEST(MultiRankTest, SomeScheduleOvertakesAnEqualityWait) {
  int deadlocks[2] = {0, 0};
  for (int cmp : {0, 1}) {
    SimProgram p(EqualityWait(cmp));
    MultiRankSimulator sim(p.program(), MultiRankOptions{});
    for (uint64_t seed = 0; seed < 60; ++seed) {
      sim.set_seed(seed);
      std::vector<std::vector<Value>> args;
      for (int r = 0; r < 2; ++r) args.push_back({Value::Of(Buffer(DataType::kInt32, {2, 1}, {0}))});
      absl::StatusOr<MultiRankResult> r = sim.Run("k", std::move(args));
      if (!r.ok()) {
        EXPECT_THAT(r.status().message(), HasSubstr("== 1; the cell holds 2"));
        ++deadlocks[cmp];
      }
    }
  }
  EXPECT_GT(deadlocks[0], 0);
  EXPECT_EQ(deadlocks[1], 0);
}

// Both ranks store into different cells of rank 0's `cells`, which share a
// cache line: with Set (a plain store) some schedule loses one; with
// AtomicAdd none does.
std::string NeighbourStores(int op) {
  return Kernel(absl::StrCat(R"(    def k(self, cells: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(cells)
        me = pld.system.rank(ctx)
        a = pld.system.notify(cells, 0, [me, 0], me + 5, op=)",
                             op, R"()
        return me)"));
}

TEST(MultiRankTest, APlainStoreWritesBackItsWholeCacheLine) {
  int lost[2] = {0, 0};
  for (int op : {0, 1}) {
    SimProgram p(NeighbourStores(op));
    MultiRankSimulator sim(p.program(), MultiRankOptions{});
    for (uint64_t seed = 0; seed < 60; ++seed) {
      sim.set_seed(seed);
      BufferView rank0 = Buffer(DataType::kInt32, {2, 1}, {0});
      std::vector<std::vector<Value>> args = {{Value::Of(rank0)},
                                              {Value::Of(Buffer(DataType::kInt32, {2, 1}, {0}))}};
      absl::StatusOr<MultiRankResult> r = sim.Run("k", std::move(args));
      ASSERT_TRUE(r.ok()) << r.status().message();
      std::vector<double> v = Values(rank0);
      if (v != std::vector<double>{5, 6}) {
        EXPECT_TRUE(v == std::vector<double>({5, 0}) || v == std::vector<double>({0, 6}));
        ++lost[op];
      }
    }
  }
  EXPECT_EQ(lost[0], 0);  // AtomicAdd
  EXPECT_GT(lost[1], 0);  // Set
  // Cells in different lines do not interfere.
  SimProgram p(NeighbourStores(1));
  MultiRankOptions options;
  options.cache_line_bytes = 4;
  MultiRankSimulator sim(p.program(), options);
  for (uint64_t seed = 0; seed < 60; ++seed) {
    sim.set_seed(seed);
    BufferView rank0 = Buffer(DataType::kInt32, {2, 1}, {0});
    std::vector<std::vector<Value>> args = {{Value::Of(rank0)},
                                            {Value::Of(Buffer(DataType::kInt32, {2, 1}, {0}))}};
    ASSERT_TRUE(sim.Run("k", std::move(args)).ok());
    EXPECT_THAT(Values(rank0), ElementsAre(5, 6));
  }
}

TEST(MultiRankTest, APeerOutsideTheWorldIsAnError) {
  SimProgram p(Kernel(R"(    def k(self, x: pld.DistributedTensor[[1, 8], pl.FP32], peer: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        t = pld.tile.remote_load(x, peer, [0, 0], [1, 8])
        return peer)"));
  ASSERT_TRUE(p.ok());
  MultiRankSimulator sim(p.program(), MultiRankOptions{});
  auto run = [&](int peer) {
    std::vector<std::vector<Value>> args;
    for (int r = 0; r < 2; ++r) {
      args.push_back({Value::Of(Buffer(DataType::kFP32, {1, 8}, {1})),
                      Value::Of(Scalar::Int(DataType::kInt32, r == 1 ? peer : 0))});
    }
    return sim.Run("k", std::move(args));
  };
  EXPECT_TRUE(run(0).ok());
  EXPECT_TRUE(run(1).ok());
  absl::StatusOr<MultiRankResult> r = run(2);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("rank 1: test.py:8:13: error: pld.tile.remote_load: peer 2 (INT32) does "
                        "not exist: the world has 2 ranks (0..1)"));
  EXPECT_THAT(run(-1).status().message(), HasSubstr("peer -1 (INT32) does not exist"));
}

TEST(MultiRankTest, UnloweredCollectivesAreRejected) {
  SimProgram p(Kernel(R"(    def k(self, sig: pld.DistributedTensor[[2, 1], pl.INT32]) -> pl.Scalar[pl.INT32]:
        s2 = pld.tensor.barrier(sig)
        return 0)"));
  MultiRankSimulator sim(p.program(), MultiRankOptions{});
  std::vector<std::vector<Value>> args;
  for (int r = 0; r < 2; ++r) args.push_back({Value::Of(Buffer(DataType::kInt32, {2, 1}, {0}))});
  absl::StatusOr<MultiRankResult> r = sim.Run("k", std::move(args));
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("pld.tensor.barrier: the multi-rank simulator runs only lowered "
                        "collectives: run the lower-composite-ops pass first"));
}

TEST(MultiRankTest, WindowsMustBeDistinctAndAlike) {
  SimProgram p(Kernel(kCrossWait));
  MultiRankSimulator sim(p.program(), MultiRankOptions{});
  BufferView shared = Buffer(DataType::kInt32, {2, 1}, {0});
  EXPECT_THAT(sim.Run("k", {{Value::Of(shared)}, {Value::Of(shared)}}).status().message(),
              HasSubstr("rank 1: window 'sig' shares its buffer with another window or rank"));
  EXPECT_THAT(sim.Run("k", {{Value::Of(shared)}}).status().message(),
              HasSubstr("expected arguments for 2 ranks, got 1"));
  MultiRankOptions bad;
  bad.cache_line_bytes = 48;
  EXPECT_THAT(MultiRankSimulator(p.program(), bad)
                  .Run("k", {{Value::Of(shared)}, {Value::Of(Buffer(DataType::kInt32, {2, 1}, {0}))}})
                  .status()
                  .message(),
              HasSubstr("the cache line must be a power of two bytes, got 48"));
}

TEST(MultiRankTest, ASchedulingPointLimitStopsALivelock) {
  SimProgram p(Handoff(2, 1));
  MultiRankOptions options;
  options.max_scheduling_points = 3;
  MultiRankSimulator sim(p.program(), options);
  HandoffRun h = HandoffArgs(2);
  absl::StatusOr<MultiRankResult> r = sim.Run("k", h.args);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(r.status().message(), HasSubstr("more than 3 scheduling points"));
}

}  // namespace
}  // namespace pto::sim
