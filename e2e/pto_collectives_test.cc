// The collectives as PTO: each pld.tensor.* collective, lowered by
// lower-composite-ops and emitted for a5, runs on the PTO interpreter's
// ranks (sim/pto/world.h) under 100 seeded schedules at 2, 3, 4 and 8
// ranks, against the C++ reference the IR runs are checked against
// (collective_cases.h): every rank's windows and Out tensors, and every
// signal cell back at 0. Codegen is thereby checked on the cross-rank
// protocols it writes: peer pointers from the CommContext, transfers,
// notifies and waits.

#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "e2e/collective_cases.h"
#include "gtest/gtest.h"

namespace pto::sim::testing {
namespace {

using ir::DataType;

constexpr int kSchedules = 100;

std::vector<CaseConfig> Matrix() {
  std::vector<CaseConfig> out;
  for (Collective coll :
       {Collective::kAllReduceMesh, Collective::kAllReduceRing, Collective::kReduceScatter,
        Collective::kAllGather, Collective::kBroadcast, Collective::kBarrier,
        Collective::kAllToAll, Collective::kAllToAllV}) {
    for (int nr : {2, 3, 4, 8}) {
      CaseConfig c{coll, DataType::kFP32, HasReduceOp(coll) ? 0 : 0, nr, 17};
      c.root = coll == Collective::kBroadcast ? 1 % nr : 0;
      out.push_back(c);
    }
  }
  // A reduction of FP16 and another op, and a call in a loop.
  out.push_back(CaseConfig{Collective::kAllReduceMesh, DataType::kFP16, 1, 4, 33});
  out.push_back(CaseConfig{Collective::kAllReduceRing, DataType::kFP16, 2, 3, 8, Variant::kInFor});
  return out;
}

class PtoCollectivesTest : public ::testing::TestWithParam<CaseConfig> {};

TEST_P(PtoCollectivesTest, AgreesWithTheReferenceUnderManySchedules) {
  absl::StatusOr<std::unique_ptr<CollectiveCase>> k = CollectiveCase::Create(GetParam());
  ASSERT_TRUE(k.ok()) << k.status();
  for (uint64_t seed = 0; seed < kSchedules; ++seed) {
    absl::Status s = (*k)->RunOncePto(seed);
    ASSERT_TRUE(s.ok()) << CaseName(GetParam()) << ": " << s.message();
  }
}

// Without its waits a rank reads what its peers have not written yet: some
// schedule shows it (and the unmutated PTO passes every schedule above).
TEST(PtoCollectivesMutationTest, RemovedWaitsAreCaught) {
  absl::StatusOr<std::unique_ptr<CollectiveCase>> k =
      CollectiveCase::Create(CaseConfig{Collective::kAllReduceMesh, DataType::kFP32, 0, 4, 17});
  ASSERT_TRUE(k.ok()) << k.status();
  (*k)->set_pto_mutation([](std::string pto) {
    std::string out;
    for (absl::string_view line : absl::StrSplit(pto, '\n')) {
      if (!absl::StrContains(line, "pto.comm.twait")) absl::StrAppend(&out, line, "\n");
    }
    return out;
  });
  int caught = 0;
  for (uint64_t seed = 0; seed < kSchedules; ++seed) caught += !(*k)->RunOncePto(seed).ok();
  EXPECT_GT(caught, 0);
}

INSTANTIATE_TEST_SUITE_P(Matrix, PtoCollectivesTest, ::testing::ValuesIn(Matrix()),
                         [](const ::testing::TestParamInfo<CaseConfig>& info) {
                           return CaseName(info.param);
                         });

}  // namespace
}  // namespace pto::sim::testing
