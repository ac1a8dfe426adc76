// pld.tensor.broadcast: barrier, then a get of root's window through a capped
// Vec stage, then the epilogue.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/lower_composite/collective_test_util.h"
#include "passes/lower_composite/common.h"

namespace pto::passes::lower_composite {
namespace {

using testing::CollectiveKernel;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Signal;
using testing::Window;

std::string BroadcastKernel(const std::string& data, int root = 0) {
  return CollectiveKernel({"data: " + data, "signal: " + Signal(2)},
                          absl::StrCat("        data2 = pld.tensor.broadcast(data, signal, root=",
                                       root, ")\n        return data2"),
                          data);
}

std::vector<int64_t> StageOf(const ir::Program& p) {
  std::vector<const ir::Call*> creates = testing::CallsOf(p, "tile.create");
  EXPECT_EQ(creates.size(), 1u);
  return creates.empty() ? std::vector<int64_t>{} : testing::ListValues(creates[0]->arg(0));
}

TEST(BroadcastTest, BarrierThenGetFromRootThenEpilogue) {
  ir::Context ctx;
  ir::Program out =
      testing::LowerAndCheck(testing::Parse(ctx, BroadcastKernel(Window("1, 16"), 1)), "a5");
  std::vector<std::string> ops = testing::CalledOps(out);
  // Barrier (notify, wait), then the stage and the get, then the epilogue.
  std::vector<std::string> order;
  for (const std::string& op : ops) {
    if (op == "pld.system.notify" || op == "pld.system.wait" || op == "tile.create" ||
        op == "pld.tile.get") {
      order.push_back(op);
    }
  }
  EXPECT_THAT(order, ElementsAre("pld.system.notify", "pld.system.wait", "tile.create",
                                 "pld.tile.get", "pld.system.notify"));
  std::vector<const ir::Call*> gets = testing::CallsOf(out, "pld.tile.get");
  ASSERT_EQ(gets.size(), 1u);
  const ir::Call* get = gets[0];
  ASSERT_EQ(get->args().size(), 4u);  // the full-slice form
  EXPECT_EQ(get->arg(0), get->arg(2));
  EXPECT_EQ(ir::AsConstInt(get->arg(1)), 1);
  EXPECT_EQ(ir::ElementType(get->arg(1)->type()), ir::DataType::kInt32);
  EXPECT_EQ(StageOf(out), (std::vector<int64_t>{1, 16}));
  testing::StmtCounts counts = testing::CountStmts(out);
  EXPECT_EQ(counts.fors, 3);
  EXPECT_EQ(counts.ifs, 3);
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1}));
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{1}));
}

// The stage is one bounded bounce tile, never a copy of the target.
TEST(BroadcastTest, StageIsCappedToOneChunk) {
  for (const char* dtype : {"FP32", "FP16"}) {
    ChunkGeometry g =
        MakeChunkGeometry(std::string(dtype) == "FP32" ? ir::DataType::kFP32 : ir::DataType::kFP16);
    for (int64_t n : {1, 7, 8, 17, 4095, 4096, 4097, 65537}) {
      SCOPED_TRACE(absl::StrCat(dtype, " n=", n));
      std::string kernel = BroadcastKernel(Window(absl::StrCat("1, ", n), dtype));
      if (n < g.alignment_elements) {
        EXPECT_THAT(testing::LowerError(kernel, "a5"),
                    HasSubstr(absl::StrCat("pld.tensor.broadcast: a transfer row of ", n, " ",
                                           dtype, " elements is shorter than one 32-byte unit (",
                                           g.alignment_elements, " elements)")));
        continue;
      }
      int64_t cols = std::min(n, g.chunk_elements);
      if (cols < g.chunk_elements) cols = cols / g.alignment_elements * g.alignment_elements;
      ir::Context ctx;
      ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, kernel), "a5");
      EXPECT_EQ(StageOf(out), (std::vector<int64_t>{1, cols}));
    }
  }
}

TEST(BroadcastTest, DynamicAndMultiRowTargets) {
  ir::Context ctx;
  ir::Program dynamic =
      testing::LowerAndCheck(testing::Parse(ctx, BroadcastKernel(Window("1, n"))), "a5");
  EXPECT_EQ(StageOf(dynamic), (std::vector<int64_t>{1, 4096}));
  ir::Program rows = testing::LowerAndCheck(
      testing::Parse(ctx, BroadcastKernel(Window("2, 4, 64", "FP16"))), "a5");
  EXPECT_EQ(StageOf(rows), (std::vector<int64_t>{8, 64}));
  // The row product saturates at the chunk budget without overflowing.
  ir::Program huge = testing::LowerAndCheck(
      testing::Parse(ctx, BroadcastKernel(Window("4611686018427387904, 4, 64"))), "a5");
  EXPECT_EQ(StageOf(huge), (std::vector<int64_t>{64, 64}));
}

}  // namespace
}  // namespace pto::passes::lower_composite
