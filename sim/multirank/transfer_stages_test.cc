// pld.tile.put / pld.tile.get across ranks with one or two staging tiles:
// the ping-pong forms (5 and 8 operands) leave every rank's windows and
// outputs as the one-stage forms (4 and 7) do, under every schedule tried.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"
#include "sim/multirank/multirank.h"

namespace pto::sim {
namespace {

using ir::DataType;
using testing::Buffer;
using testing::SimProgram;
using testing::Undefined;
using testing::Values;

// Each rank pushes its input into row `me` of its right neighbour's window
// and adds it into the neighbour's accumulator, reads its own push back,
// credits the neighbour, and once its left neighbour's credit arrives reads
// what that neighbour pushed into its own window and accumulator. STAGES is
// the staging operand(s).
constexpr absl::string_view kRing = R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[1, 64], pl.FP32], w: pld.DistributedTensor[[NR, 64], pl.FP32], acc: pld.DistributedTensor[[1, 64], pl.FP32], sig: pld.DistributedTensor[[NR, 1], pl.INT32], y: pl.Out[pl.Tensor[[2, 64], pl.FP32]], z: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        n = pld.system.nranks(ctx)
        left = (me + n - 1) % n
        right = (me + 1) % n
        ping = pl.tile.create([1, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        pong = pl.tile.create([1, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        p0 = pld.tile.put(w, right, x, STAGES, [me, 0], [0, 0], [1, 64])
        p1 = pld.tile.put(acc, right, x, STAGES, atomic=pld.AtomicType.Add)
        g0 = pld.tile.get(y, right, w, STAGES, [0, 0], [me, 0], [1, 64])
        a = pld.system.notify(sig, right, [me, 0], pl.const(1, pl.INT32), op=0)
        b = pld.system.wait(sig, [left, 0], pl.const(1, pl.INT32), cmp=1)
        g1 = pld.tile.get(y, me, w, STAGES, [1, 0], [left, 0], [1, 64])
        g2 = pld.tile.get(z, me, acc, STAGES)
        return n)";

struct Ring {
  std::vector<BufferView> w, acc, y, z;
  std::vector<std::vector<Value>> args;
};

Ring RingArgs(int nr) {
  Ring r;
  for (int rank = 0; rank < nr; ++rank) {
    r.w.push_back(Buffer(DataType::kFP32, {nr, 64}, {-1}));
    r.acc.push_back(Buffer(DataType::kFP32, {1, 64}, {100}));
    r.y.push_back(Undefined(DataType::kFP32, {2, 64}));
    r.z.push_back(Undefined(DataType::kFP32, {1, 64}));
    r.args.push_back({Value::Of(Buffer(DataType::kFP32, {1, 64}, {10.0 * (rank + 1)})),
                      Value::Of(r.w.back()), Value::Of(r.acc.back()),
                      Value::Of(Buffer(DataType::kInt32, {nr, 1}, {0})), Value::Of(r.y.back()),
                      Value::Of(r.z.back())});
  }
  return r;
}

TEST(TransferStagesTest, PingPongStagingMovesWhatOneStageMoves) {
  for (int nr : {2, 3}) {
    for (absl::string_view stages : {"ping", "ping, pong"}) {
      SimProgram p(absl::StrReplaceAll(
          kRing, {{"NR", absl::StrCat(nr)}, {"STAGES", std::string(stages)}}));
      MultiRankOptions options;
      options.nranks = nr;
      MultiRankSimulator sim(p.program(), options);
      for (uint64_t seed = 0; seed < 20; ++seed) {
        sim.set_seed(seed);
        Ring r = RingArgs(nr);
        absl::StatusOr<MultiRankResult> result = sim.Run("k", r.args);
        ASSERT_TRUE(result.ok()) << stages << ": " << result.status().message();
        for (int rank = 0; rank < nr; ++rank) {
          int left = (rank + nr - 1) % nr;
          double mine = 10.0 * (rank + 1), theirs = 10.0 * (left + 1);
          std::vector<double> w = Values(r.w[rank]), y = Values(r.y[rank]);
          std::string where = absl::StrCat(stages, ", nr ", nr, ", rank ", rank);
          for (int c = 0; c < 64; ++c) {
            for (int row = 0; row < nr; ++row) {
              ASSERT_EQ(w[row * 64 + c], row == left ? theirs : -1.0) << where;
            }
            ASSERT_EQ(y[c], mine) << where;         // its own push, read back
            ASSERT_EQ(y[64 + c], theirs) << where;  // the left neighbour's
          }
          EXPECT_THAT(Values(r.acc[rank]), ::testing::Each(100 + theirs)) << where;
          EXPECT_THAT(Values(r.z[rank]), ::testing::Each(100 + theirs)) << where;
        }
      }
    }
  }
}

}  // namespace
}  // namespace pto::sim
