// Test support: one pld.tensor.* collective configuration, lowered by
// lower-composite-ops and run on the multi-rank simulator against a
// reference computed directly in C++.
//
// A configuration names the collective, dtype, ReduceOp, rank count, size
// and a variant (one call, two back-to-back calls on one signal, calls in a
// for / if / while, a partial-valid or a symbolic-extent target). Inputs are
// small integers (and powers of two for Prod), so every reduction order
// gives the exact result and the reference needs no rounding model. A run
// passes when every rank's windows and Out tensors equal the reference and
// every cell of every signal window is 0 afterwards.
//
//   CaseConfig c{Collective::kAllReduceMesh, DataType::kFP16, /*op=*/1, /*nranks=*/4, /*size=*/17};
//   absl::StatusOr<std::unique_ptr<CollectiveCase>> k = CollectiveCase::Create(c);
//   for (uint64_t seed = 0; seed < 200; ++seed) ASSERT_OK((*k)->RunOnce(seed));

#ifndef PTO_E2E_COLLECTIVE_CASES_H_
#define PTO_E2E_COLLECTIVE_CASES_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/context.h"
#include "ir/dtype.h"
#include "ir/function.h"
#include "sim/multirank/multirank.h"
#include "sim/pto/module.h"

namespace pto::sim::testing {

enum class Collective : uint8_t {
  kAllReduceMesh,
  kAllReduceRing,
  kReduceScatter,
  kAllGather,
  kBroadcast,
  kBarrier,
  kAllToAll,
  kAllToAllV,
};

enum class Variant : uint8_t {
  kOnce,        // one call
  kBackToBack,  // two calls on one signal
  kInFor,       // a call in `for i in pl.range(3)`
  kInIf,        // a call, then one in `if flag > 0`
  kInWhile,     // a call in a while loop running twice
  kPartial,     // one call on a partial-valid target
  kSymbolic,    // one call on a [1, n] target ([NR, n] for reduce_scatter), n bound at run time
};

struct CaseConfig {
  Collective collective = Collective::kBarrier;
  ir::DataType dtype = ir::DataType::kFP32;
  int op = 0;  // ReduceOp where one applies
  int nranks = 2;
  int64_t size = 8;
  Variant variant = Variant::kOnce;
  int root = 0;  // broadcast
};

absl::string_view CollectiveName(Collective c);
// E.g. "allreduce_mesh_FP16_Max_nr4_size17" (+ "_backtoback" ...).
std::string CaseName(const CaseConfig& c);
bool HasReduceOp(Collective c);

class CollectiveCase {
 public:
  // Parses and lowers the configuration's program; `mutate` (if set)
  // rewrites the printed lowered program before it is parsed back, to build
  // broken protocol variants.
  static absl::StatusOr<std::unique_ptr<CollectiveCase>> Create(
      const CaseConfig& config, std::function<std::string(std::string)> mutate = nullptr);

  // One run under schedule `seed`: OK, or the first difference from the
  // reference / the nonzero signal / the simulator's error.
  absl::Status RunOnce(uint64_t seed, ExecutionMode mode = ExecutionMode::kScheduled);
  // The same run of the program's PTO (codegen for a5) on the PTO
  // interpreter's ranks (sim/pto/world.h), against the same reference.
  absl::Status RunOncePto(uint64_t seed);
  // Rewrites the emitted PTO before it is read (set before the first
  // RunOncePto), to show a broken protocol is caught.
  void set_pto_mutation(std::function<std::string(std::string)> mutate) {
    pto_mutation_ = std::move(mutate);
  }

  const std::string& lowered_text() const { return lowered_text_; }
  // From the last successful run.
  const MultiRankResult& last_result() const { return last_; }

 private:
  CollectiveCase() = default;

  // Builds every rank's arguments, hands them to `execute`, and compares
  // what the buffers they name hold afterwards with the reference.
  using Executor = std::function<absl::Status(std::vector<std::vector<Value>>& args)>;
  absl::Status Run(uint64_t seed, const Executor& execute);

  CaseConfig config_;
  ir::Context ctx_;
  std::unique_ptr<ir::Program> program_;
  std::unique_ptr<MultiRankSimulator> sim_;
  std::string lowered_text_;
  MultiRankResult last_;
  std::unique_ptr<pto_text::Module> pto_;  // compiled on first use
  std::function<std::string(std::string)> pto_mutation_;
};

// How many schedules the default test run gives a configuration: 200, fewer
// only for SIZE >= 4095 and symbolic extents, whose full 16-KiB tiles make a
// run 100x dearer (40 / 25 / 20 / 8 for NR 2 / 3 / 4 / 8; 3, or 2 at NR 8,
// for SIZE 65537). docs/collectives.md says the same.
int DefaultSchedules(const CaseConfig& c);

}  // namespace pto::sim::testing

#endif  // PTO_E2E_COLLECTIVE_CASES_H_
