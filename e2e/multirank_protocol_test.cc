// Protocol properties of the lowered collectives on the multi-rank
// simulator, beyond the matrix: broken protocol variants (made by mutating
// the printed lowered program) are caught, early credits of a fast peer
// survive, the all_to_all_v count publication needs its AtomicAdd, and the
// free-running thread mode agrees with the reference.

#include <algorithm>
#include <functional>
#include <string>

#include "absl/strings/str_cat.h"
#include "e2e/collective_cases.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "re2/re2.h"

namespace pto::sim::testing {
namespace {

using ir::DataType;
using ::testing::HasSubstr;

// Replaces `pattern` (RE2) by `rewrite` everywhere in the text.
std::function<std::string(std::string)> Rewrite(std::string pattern, std::string rewrite) {
  return [pattern, rewrite](std::string text) {
    RE2::GlobalReplace(&text, pattern, rewrite);
    return text;
  };
}

// Runs `schedules` seeds; returns the first failure (or OK).
absl::Status FirstFailure(CollectiveCase& k, int schedules, int* failures = nullptr) {
  absl::Status first;
  for (int seed = 0; seed < schedules; ++seed) {
    absl::Status s = k.RunOnce(static_cast<uint64_t>(seed));
    if (!s.ok()) {
      if (failures) ++*failures;
      if (first.ok()) first = s;
    }
  }
  return first;
}

TEST(ProtocolTest, AnEqualityWaitDeadlocksBackToBackBarriers) {
  CaseConfig c{Collective::kBarrier, DataType::kFP32, 0, 3, 1, Variant::kBackToBack};
  auto k = CollectiveCase::Create(c, Rewrite(R"(cmp=1\))", "cmp=0)"));
  ASSERT_TRUE(k.ok()) << k.status().message();
  absl::Status s = FirstFailure(**k, 200);
  ASSERT_FALSE(s.ok()) << "no schedule overtook an equality wait";
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(s.message(), HasSubstr("deadlock: "));
  EXPECT_THAT(s.message(), HasSubstr("(pld.system.wait) for signal["));
  EXPECT_THAT(s.message(), HasSubstr("== 1; the cell holds 2"));
  EXPECT_THAT(s.message(), HasSubstr("\nsignal cells:\n  signal@0 = ["));
  // The unmutated protocol survives the same schedules.
  auto good = CollectiveCase::Create(c);
  ASSERT_TRUE(good.ok());
  EXPECT_TRUE(FirstFailure(**good, 200).ok());
}

TEST(ProtocolTest, WithoutTheEpilogueSignalsStayNonzero) {
  CaseConfig c{Collective::kAllReduceMesh, DataType::kFP32, 0, 2, 17};
  // The epilogue retires its credits with a negative AtomicAdd; retire none.
  auto k = CollectiveCase::Create(
      c, Rewrite(R"(pl\.const\(-2, pl\.INT32\), op=0\))", "pl.const(0, pl.INT32), op=0)"));
  ASSERT_TRUE(k.ok()) << k.status().message();
  absl::Status s = (*k)->RunOnce(0);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(s.message(), HasSubstr("nonzero signal: rank 0 signal element 1 is 2, expected 0"));
}

TEST(ProtocolTest, WithoutThePostReduceBarrierAFastRankCorruptsASlowOne) {
  // Mesh allreduce: the chunk barrier keeps a rank from storing its reduced
  // chunk before every peer has loaded the original. Make it wait for >= 0.
  CaseConfig c{Collective::kAllReduceMesh, DataType::kFP32, 0, 3, 17};
  auto k = CollectiveCase::Create(
      c, Rewrite(R"(\[([a-z0-9_]*src_chunk[a-z0-9_]*), 0\], [a-z0-9_]+, cmp=1\))",
                 R"([\1, 0], pl.const(0, pl.INT32), cmp=1))"));
  ASSERT_TRUE(k.ok()) << k.status().message();
  int failures = 0;
  absl::Status s = FirstFailure(**k, 200, &failures);
  ASSERT_FALSE(s.ok()) << "no schedule exposed the write-after-read hazard";
  EXPECT_THAT(s.message(), HasSubstr("wrong result: rank "));
  EXPECT_LT(failures, 200);  // some schedules are still lucky
}

TEST(ProtocolTest, EarlyCreditsOfAFastPeerArePreserved) {
  // Back-to-back calls: some schedule lets a fast rank post its second
  // call's credits before a slow rank retired the first call's, so a cell
  // climbs above one call's own credits; the results stay right.
  for (Collective coll : {Collective::kBarrier, Collective::kAllToAllV, Collective::kAllReduceMesh}) {
    CaseConfig c{coll, DataType::kFP32, 0, 3, 17, Variant::kBackToBack};
    auto k = CollectiveCase::Create(c);
    ASSERT_TRUE(k.ok()) << k.status().message();
    int64_t peak = 0;
    for (int seed = 0; seed < 200; ++seed) {
      absl::Status s = (*k)->RunOnce(static_cast<uint64_t>(seed));
      ASSERT_TRUE(s.ok()) << CaseName(c) << ": " << s.message();
      peak = std::max(peak, (*k)->last_result().peak_signal);
    }
    // One call's credits per cell: barrier 1, all_to_all_v 2, mesh 2.
    int64_t own = coll == Collective::kBarrier ? 1 : 2;
    EXPECT_GT(peak, own) << CaseName(c) << ": no schedule delivered early credits";
  }
}

TEST(ProtocolTest, AllToAllVCountsNeedAtomicPublication) {
  // The lowering publishes each count with AtomicAdd onto the cell the
  // receiver reset. A plain store (notify Set) writes back the whole cache
  // line holding the receiver's recv_counts and can erase a neighbour's
  // count published meanwhile. (With the harness's counts, every receiver
  // of 3 and 4 ranks hears from at least two senders.)
  for (int nr : {3, 4}) {
    CaseConfig c{Collective::kAllToAllV, DataType::kFP32, 0, nr, 16};
    auto atomic = CollectiveCase::Create(c);
    ASSERT_TRUE(atomic.ok()) << atomic.status().message();
    EXPECT_TRUE(FirstFailure(**atomic, 200).ok());
    auto plain = CollectiveCase::Create(
        c, Rewrite(R"((aav_count_notify[^\n]*op=)0\))", R"(\11))"));
    ASSERT_TRUE(plain.ok()) << plain.status().message();
    absl::Status s = FirstFailure(**plain, 200);
    ASSERT_FALSE(s.ok()) << "nr " << nr << ": no schedule lost a count";
    EXPECT_THAT(s.message(), HasSubstr("wrong result: rank "));
    EXPECT_THAT(s.message(), HasSubstr(" recv element "));
  }
}

TEST(ProtocolTest, ThreadModeAgreesWithTheReference) {
  const CaseConfig cases[] = {
      {Collective::kAllReduceMesh, DataType::kFP32, 0, 4, 4097},
      {Collective::kAllReduceRing, DataType::kFP16, 1, 3, 17},
      {Collective::kAllToAllV, DataType::kFP32, 0, 4, 16, Variant::kBackToBack},
      {Collective::kBarrier, DataType::kFP32, 0, 8, 1, Variant::kInFor},
  };
  for (const CaseConfig& c : cases) {
    auto k = CollectiveCase::Create(c);
    ASSERT_TRUE(k.ok()) << k.status().message();
    for (int i = 0; i < 10; ++i) {
      absl::Status s = (*k)->RunOnce(0, ExecutionMode::kThreads);
      ASSERT_TRUE(s.ok()) << CaseName(c) << ": " << s.message();
    }
  }
}

}  // namespace
}  // namespace pto::sim::testing
