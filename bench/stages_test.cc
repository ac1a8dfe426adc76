#include "bench/stages.h"

#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "ir/huge_pages.h"

namespace pto::bench {
namespace {

TEST(StagesTest, EveryStageRunsAtASmallSize) {
  std::set<std::string> names;
  for (const Stage& stage : AllStages()) {
    SCOPED_TRACE(std::string(stage.name));
    names.insert(std::string(stage.name));
    std::unique_ptr<StageRun> run = stage.prepare(1000);
    Sample s = TimedRun(*run);
    EXPECT_GT(s.seconds, 0);
    EXPECT_GT(run->InputStatements(), 0);
    // Stages grow their input or keep it, up to the few statements a pass
    // may drop (inline-functions replaces each wrapper's call).
    EXPECT_GE(run->OutputStatements(), run->InputStatements() * 9 / 10);
    if (stage.reusable) {
      int64_t out = run->OutputStatements();
      TimedRun(*run);
      EXPECT_EQ(run->OutputStatements(), out);
    }
  }
  EXPECT_EQ(names.size(), AllStages().size());
  EXPECT_EQ(FindStage("nope"), nullptr);
  ASSERT_NE(FindStage("lower_sin"), nullptr);
}

TEST(StagesTest, SizeLimits) {
  const Stage* print_lowered = FindStage("print_lowered_sin");
  ASSERT_NE(print_lowered, nullptr);
  EXPECT_TRUE(StageRunsAt(*print_lowered, 100000));
  EXPECT_FALSE(StageRunsAt(*print_lowered, 1000000));
  // Every other stage runs at every size of the issue, 1M included.
  for (const Stage& stage : AllStages()) {
    if (&stage != print_lowered) {
      EXPECT_TRUE(StageRunsAt(stage, 1000000)) << stage.name;
    }
  }
}

TEST(StagesTest, PrintLoweredSinPrintsTheLoweredProgram) {
  std::unique_ptr<StageRun> run = FindStage("print_lowered_sin")->prepare(50);
  EXPECT_EQ(run->InputStatements(), 53);
  EXPECT_EQ(run->OutputStatements(), 50 * 31 + 3);
  size_t arena = run->ArenaBytes();
  TimedRun(*run);
  // Printing adds nothing to the IR.
  EXPECT_EQ(run->ArenaBytes(), arena);
}

TEST(StagesTest, CpuTimeSplitsIntoUserAndSystem) {
  std::unique_ptr<StageRun> run = FindStage("lower_sin")->prepare(3000);
  Sample s = TimedRun(*run);
  EXPECT_GE(s.user_seconds, 0);
  EXPECT_GE(s.sys_seconds, 0);
  EXPECT_GT(s.user_seconds + s.sys_seconds, 0);
  // getrusage counts in ticks-to-microseconds; allow its rounding.
  EXPECT_LE(s.user_seconds + s.sys_seconds, s.cpu_seconds + 0.02);
  EXPECT_GE(s.user_seconds + s.sys_seconds, s.cpu_seconds - 0.02);
}

TEST(StagesTest, LoweringCountsAndMemory) {
  std::unique_ptr<StageRun> run = FindStage("lower_sin")->prepare(100);
  EXPECT_EQ(run->InputStatements(), 103);
  Sample s = TimedRun(*run);
  // Each tile.sin becomes 31 statements.
  EXPECT_EQ(run->OutputStatements(), 100 * 31 + 3);
  EXPECT_GT(s.arena_bytes, 0u);
  EXPECT_GT(s.heap_peak_bytes, 0u);

  std::unique_ptr<StageRun> parse = FindStage("parse")->prepare(1000);
  Sample p = TimedRun(*parse);
  EXPECT_GT(p.arena_bytes, 0u);
  // A fresh Context per run: the second run's arena is the same size.
  Sample again = TimedRun(*parse);
  EXPECT_EQ(again.arena_bytes, p.arena_bytes);
}

// A stage whose only memory is a HugePageAllocator mapping, which operator
// new never sees.
class MappedTableRun : public StageRun {
 public:
  void Run() override {
    std::vector<char, HugePageAllocator<char>> table(kBytes, 1);
    EXPECT_EQ(table[kBytes - 1], 1);
  }
  int64_t InputStatements() const override { return 1; }
  int64_t OutputStatements() const override { return 1; }
  size_t ArenaBytes() const override { return 0; }
  static constexpr size_t kBytes = 4 * kHugePageThreshold;
};

TEST(StagesTest, PeakMemoryCountsHugePageTables) {
  MappedTableRun run;
  Sample s = TimedRun(run);
  EXPECT_GE(s.heap_peak_bytes, MappedTableRun::kBytes);
}

}  // namespace
}  // namespace pto::bench
