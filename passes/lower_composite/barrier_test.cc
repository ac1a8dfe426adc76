// pld.tensor.barrier: the whole lowering pinned by name, its structure, and
// its signal checks.

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/lower_composite/collective_test_util.h"

namespace pto::passes::lower_composite {
namespace {

using testing::CollectiveKernel;
using ::testing::HasSubstr;
using testing::Signal;

std::string BarrierKernel(const std::string& signal) {
  return CollectiveKernel({"signal: " + signal},
                          "        signal2 = pld.tensor.barrier(signal)\n        return signal2",
                          signal);
}

TEST(BarrierTest, LowersToOneGenerationAndItsEpilogue) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, BarrierKernel(Signal(2))), "a5");
  testing::ExpectPrinted(out, R"(# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(signal: pld.DistributedTensor[[2, 1], pl.INT32]) -> pld.DistributedTensor[[2, 1], pl.INT32]:
        signal2__ctx_tmp_v0 = pld.system.get_comm_ctx(signal)
        signal2__nranks_tmp_v1 = pld.system.nranks(signal2__ctx_tmp_v0)
        signal2__nranks_idx_tmp_v2 = pl.cast(signal2__nranks_tmp_v1, pl.INDEX)
        signal2__my_rank_tmp_v3 = pld.system.rank(signal2__ctx_tmp_v0)
        for signal2__peer_tmp_v4 in pl.range(signal2__nranks_idx_tmp_v2):
            if signal2__peer_tmp_v4 != pl.cast(signal2__my_rank_tmp_v3, pl.INDEX):
                signal2__notify_ret_tmp_v5 = pld.system.notify(signal, signal2__peer_tmp_v4, [signal2__my_rank_tmp_v3, 0], pl.const(1, pl.INT32), op=0)
        for signal2__src_tmp_v6 in pl.range(signal2__nranks_idx_tmp_v2):
            if signal2__src_tmp_v6 != pl.cast(signal2__my_rank_tmp_v3, pl.INDEX):
                signal2__wait_ret_tmp_v7 = pld.system.wait(signal, [signal2__src_tmp_v6, 0], pl.const(1, pl.INT32), cmp=1)
        for signal2__reset_src_tmp_v8 in pl.range(signal2__nranks_idx_tmp_v2):
            if signal2__reset_src_tmp_v8 != pl.cast(signal2__my_rank_tmp_v3, pl.INDEX):
                signal2__epilogue_reset_ret_tmp_v9 = pld.system.notify(signal, signal2__my_rank_tmp_v3, [signal2__reset_src_tmp_v8, 0], pl.const(-1, pl.INT32), op=0)
        signal2 = signal
        return signal2)");
  testing::StmtCounts counts = testing::CountStmts(out);
  EXPECT_EQ(counts.fors, 3);
  EXPECT_EQ(counts.ifs, 3);
}

// The rank count is a runtime value: the signal's static NR does not change
// the lowering.
TEST(BarrierTest, RankLoopsUseTheRuntimeGroupSize) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, BarrierKernel(Signal(8))), "a5");
  for (const ir::ForStmt* f : testing::Fors(out)) {
    const auto* stop = f->stop()->As<ir::Var>();
    ASSERT_NE(stop, nullptr);
    EXPECT_THAT(std::string(stop->name()), HasSubstr("nranks_idx"));
  }
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1}));
}

TEST(BarrierTest, RejectsASignalThatIsNotOneCellPerRank) {
  EXPECT_THAT(testing::LowerError(BarrierKernel(testing::Window("2, 4", "INT32")), "a5"),
              HasSubstr("test.py:8:19: error: pld.tensor.barrier: signal shape[1] must be 1 (one "
                        "cell per rank), got 4"));
  EXPECT_THAT(testing::LowerError(BarrierKernel(testing::Window("2, 1, 1", "INT32")), "a5"),
              HasSubstr("pld.tensor.barrier: signal must be 2D [NR, 1], got rank 3"));
}

}  // namespace
}  // namespace pto::passes::lower_composite
