// The collective matrix: every pld.tensor.* collective, lowered by
// lower-composite-ops, run on the multi-rank simulator under many seeded
// schedules against a C++ reference, with every signal cell 0 afterwards.
//
// Built twice: //e2e:multirank_collectives_test runs DefaultSchedules()
// per configuration; //e2e:multirank_stress (manual) defines
// PTO_MULTIRANK_SCHEDULES to run that many per configuration.

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "e2e/collective_cases.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::sim::testing {
namespace {

using ir::DataType;
using ::testing::HasSubstr;

std::vector<CaseConfig> Matrix() {
  std::vector<CaseConfig> out;
  const int64_t kSizes[] = {1, 7, 8, 17, 4095, 4096, 4097, 65537};
  const int kRanks[] = {2, 3, 4, 8};
  const DataType kDtypes[] = {DataType::kFP16, DataType::kFP32};
  for (Collective coll :
       {Collective::kAllReduceMesh, Collective::kAllReduceRing, Collective::kReduceScatter,
        Collective::kAllGather, Collective::kBroadcast, Collective::kAllToAll,
        Collective::kAllToAllV}) {
    int ops = HasReduceOp(coll) ? 4 : 1;
    for (DataType dt : kDtypes) {
      for (int op = 0; op < ops; ++op) {
        for (int nr : kRanks) {
          for (int64_t size : kSizes) {
            CaseConfig c{coll, dt, op, nr, size};
            c.root = coll == Collective::kBroadcast ? static_cast<int>(size % nr) : 0;
            out.push_back(c);
          }
          if (coll == Collective::kAllReduceRing) {
            // SIZE < NR: empty segments.
            for (int64_t size : {2, 3, 5}) {
              if (size < nr && size != 1 && size != 7) out.push_back(CaseConfig{coll, dt, op, nr, size});
            }
          }
          if (coll == Collective::kAllReduceMesh || coll == Collective::kAllReduceRing) {
            out.push_back(CaseConfig{coll, dt, op, nr, 37, Variant::kPartial});
          }
          if (HasReduceOp(coll)) {
            out.push_back(CaseConfig{coll, dt, op, nr, 4097, Variant::kSymbolic});
            out.push_back(CaseConfig{coll, dt, op, nr, 9, Variant::kSymbolic});
          }
          if (coll == Collective::kReduceScatter) {
            // Chunk edges beyond kSizes (which has one FP32 chunk, 4096):
            // 8192 is one FP16 chunk and two FP32 chunks, 8193 one element
            // more, 16384 two FP16 chunks.
            for (int64_t size : {8192, 8193, 16384}) {
              if (size != 16384 || dt == DataType::kFP16) {
                out.push_back(CaseConfig{coll, dt, op, nr, size});
              }
            }
            out.push_back(CaseConfig{coll, dt, op, nr, 8193, Variant::kSymbolic});
          }
        }
      }
    }
    if (coll == Collective::kBroadcast) {
      for (int nr : kRanks) {
        out.push_back(CaseConfig{coll, DataType::kFP32, 0, nr, 17, Variant::kSymbolic, nr - 1});
      }
    }
  }
  for (int nr : kRanks) out.push_back(CaseConfig{Collective::kBarrier, DataType::kFP32, 0, nr, 1});
  // Back-to-back calls on one signal, also inside for / if / while.
  for (Collective coll :
       {Collective::kAllReduceMesh, Collective::kAllReduceRing, Collective::kReduceScatter,
        Collective::kAllGather, Collective::kBroadcast, Collective::kBarrier, Collective::kAllToAll,
        Collective::kAllToAllV}) {
    for (Variant v : {Variant::kBackToBack, Variant::kInFor, Variant::kInIf, Variant::kInWhile}) {
      for (int nr : {2, 3, 4}) {
        for (int op : {0, 1}) {
          if (op == 1 && !HasReduceOp(coll)) continue;
          out.push_back(CaseConfig{coll, DataType::kFP32, op, nr, 17, v, nr - 1});
          // A row reduced in chunks keeps the signal reusable too.
          if (coll == Collective::kReduceScatter) {
            out.push_back(CaseConfig{coll, DataType::kFP32, op, nr, 4097, v});
          }
        }
      }
    }
  }
  return out;
}

// Configurations the spec rejects at lowering, with the reason it names.
// The put/get bounce stage must be a whole number of 32-byte units no wider
// than the transfer row, so a row shorter than 32 bytes is unsupported
// (docs: "pld.tensor.allgather", shared by broadcast and all_to_all(_v)).
std::optional<std::string> SpecRejects(const CaseConfig& c) {
  bool staged = c.collective == Collective::kAllGather || c.collective == Collective::kBroadcast ||
                c.collective == Collective::kAllToAll || c.collective == Collective::kAllToAllV;
  int64_t unit = 32 / c.dtype.bytes();
  if (staged && c.variant != Variant::kSymbolic && c.size < unit) {
    return absl::StrCat("a transfer row of ", c.size, " ", c.dtype.name(),
                        " elements is shorter than one 32-byte unit (", unit,
                        " elements); no aligned staging tile fits it");
  }
  return std::nullopt;
}

class CollectiveMatrixTest : public ::testing::TestWithParam<CaseConfig> {};

TEST_P(CollectiveMatrixTest, MatchesTheReferenceUnderEverySchedule) {
  const CaseConfig& c = GetParam();
  absl::StatusOr<std::unique_ptr<CollectiveCase>> k = CollectiveCase::Create(c);
  std::optional<std::string> rejected = SpecRejects(c);
  if (rejected) {
    ASSERT_FALSE(k.ok()) << "the spec rejects this configuration, lowering accepted it";
    EXPECT_THAT(k.status().message(), HasSubstr(*rejected));
    return;
  }
  ASSERT_TRUE(k.ok()) << k.status().message();
#ifdef PTO_MULTIRANK_SCHEDULES
  int schedules = PTO_MULTIRANK_SCHEDULES;
#else
  int schedules = DefaultSchedules(c);
#endif
  for (int seed = 0; seed < schedules; ++seed) {
    absl::Status s = (*k)->RunOnce(static_cast<uint64_t>(seed));
    ASSERT_TRUE(s.ok()) << s.message();
  }
}

INSTANTIATE_TEST_SUITE_P(All, CollectiveMatrixTest, ::testing::ValuesIn(Matrix()),
                         [](const ::testing::TestParamInfo<CaseConfig>& info) {
                           return CaseName(info.param);
                         });

}  // namespace
}  // namespace pto::sim::testing
