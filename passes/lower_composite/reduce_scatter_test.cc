// pld.tensor.reduce_scatter: ready barrier, peer reduction of row me, a
// post-reduce barrier, the store, and an epilogue retiring both credits; a
// row beyond one chunk is reduced and stored piecewise between the barriers.

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
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::Signal;
using testing::Window;

std::string ReduceScatterKernel(absl::string_view size, int op = 0,
                                absl::string_view dtype = "FP32") {
  std::string data = Window(absl::StrCat("2, ", size), dtype);
  return CollectiveKernel(
      {"data: " + data, "signal: " + Signal(2)},
      absl::StrCat("        data2 = pld.tensor.reduce_scatter(data, signal, op=", op,
                   ")\n        return data2"),
      data);
}

TEST(ReduceScatterTest, TwoBarriersAroundThePeerReduction) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, ReduceScatterKernel("16")), "a5");
  std::vector<std::string> order;
  for (const std::string& op : testing::CalledOps(out)) {
    if (op == "pld.system.wait" || op == "tile.load" || op == "pld.tile.remote_load" ||
        op == "tile.add" || op == "tile.store") {
      order.push_back(op);
    }
  }
  EXPECT_THAT(order, ElementsAre("pld.system.wait", "tile.load", "pld.tile.remote_load", "tile.add",
                                 "pld.system.wait", "tile.store"));
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{2}));
  testing::StmtCounts counts = testing::CountStmts(out);
  EXPECT_EQ(counts.fors, 6);
  EXPECT_EQ(counts.ifs, 6);
  // Row me of every peer: the load, the remote loads and the store agree.
  const ir::Call* load = testing::CallsOf(out, "tile.load")[0];
  const ir::Call* remote = testing::CallsOf(out, "pld.tile.remote_load")[0];
  const ir::Call* store = testing::CallsOf(out, "tile.store")[0];
  const auto* row = load->arg(1)->As<ir::MakeTuple>();
  EXPECT_THAT(std::string(row->elements()[0]->As<ir::Var>()->name()), HasSubstr("my_rank"));
  EXPECT_EQ(remote->arg(2), load->arg(1));
  EXPECT_EQ(store->arg(1), load->arg(1));
  EXPECT_EQ(testing::ListValues(load->arg(2)), (std::vector<int64_t>{1, 16}));
}

TEST(ReduceScatterTest, EveryReduceOp) {
  const char* ops[] = {"tile.add", "tile.maximum", "tile.minimum", "tile.mul"};
  for (int op = 0; op < 4; ++op) {
    ir::Context ctx;
    ir::Program out =
        testing::LowerAndCheck(testing::Parse(ctx, ReduceScatterKernel("16", op, "FP16")), "a5");
    std::vector<std::string> called = testing::CalledOps(out);
    for (int other = 0; other < 4; ++other) {
      if (other == op) {
        EXPECT_THAT(called, Contains(ops[other]));
      } else {
        EXPECT_THAT(called, Not(Contains(ops[other]))) << op;
      }
    }
  }
}

// A row of at most one 16-KiB chunk is one tile whose width rounds SIZE up
// to 32 bytes; a longer row is reduced in [1, chunk] pieces by a loop.
TEST(ReduceScatterTest, RowGeometry) {
  for (const char* dtype : {"FP32", "FP16"}) {
    ChunkGeometry g =
        MakeChunkGeometry(std::string(dtype) == "FP32" ? ir::DataType::kFP32 : ir::DataType::kFP16);
    for (int64_t n : {1, 7, 8, 17, 4095, 4096, 4097, 8192, 8193, 65537}) {
      SCOPED_TRACE(absl::StrCat(dtype, " SIZE=", n));
      ir::Context ctx;
      ir::Program out = testing::LowerAndCheck(
          testing::Parse(ctx, ReduceScatterKernel(absl::StrCat(n), 0, dtype)), "a5");
      const ir::Call* load = testing::CallsOf(out, "tile.load")[0];
      const ir::ForStmt* col = testing::LoopNamed(out, "col");
      if (n <= g.chunk_elements) {
        int64_t width =
            (n + g.alignment_elements - 1) / g.alignment_elements * g.alignment_elements;
        EXPECT_EQ(col, nullptr);
        EXPECT_EQ(testing::ListValues(load->arg(2)), (std::vector<int64_t>{1, width}));
        EXPECT_EQ(testing::ListValues(load->arg(3)), (std::vector<int64_t>{1, n}));
        continue;
      }
      ASSERT_NE(col, nullptr);
      EXPECT_EQ(ir::AsConstInt(col->stop()), n);
      EXPECT_EQ(ir::AsConstInt(col->step()), g.chunk_elements);
      EXPECT_EQ(testing::ListValues(load->arg(2)), (std::vector<int64_t>{1, g.chunk_elements}));
      EXPECT_EQ(testing::ListValues(load->arg(3)), (std::vector<int64_t>{1, -1}));
    }
  }
}

// A row beyond one chunk, or of a length known only at run time, keeps the
// two-barrier protocol: every chunk is reduced and stored between the ready
// and the post-reduce barrier, and the epilogue still retires 2 credits.
TEST(ReduceScatterTest, ChunkedRowKeepsTwoBarriers) {
  for (const char* size : {"4097", "n"}) {
    SCOPED_TRACE(size);
    ir::Context ctx;
    ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, ReduceScatterKernel(size)), "a5");
    std::vector<std::string> order;
    for (const std::string& op : testing::CalledOps(out)) {
      if (op == "pld.system.wait" || op == "tile.load" || op == "pld.tile.remote_load" ||
          op == "tile.add" || op == "tile.store") {
        order.push_back(op);
      }
    }
    EXPECT_THAT(order, ElementsAre("pld.system.wait", "tile.load", "pld.tile.remote_load",
                                   "tile.add", "tile.store", "pld.system.wait"));
    EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{2}));
    EXPECT_TRUE(testing::OnlyAtomicAddAndGe(out));
    testing::StmtCounts counts = testing::CountStmts(out);
    EXPECT_EQ(counts.fors, 7);
    EXPECT_EQ(counts.ifs, 6);
    // The piece at [me, col] of width min(chunk, SIZE - col): the load, the
    // remote loads and the store address the same piece of row me.
    const ir::ForStmt* col = testing::LoopNamed(out, "col");
    ASSERT_NE(col, nullptr);
    EXPECT_EQ(ir::AsConstInt(col->step()), 4096);
    const ir::Call* load = testing::CallsOf(out, "tile.load")[0];
    const ir::Call* remote = testing::CallsOf(out, "pld.tile.remote_load")[0];
    const ir::Call* store = testing::CallsOf(out, "tile.store")[0];
    const auto* offsets = load->arg(1)->As<ir::MakeTuple>();
    ASSERT_NE(offsets, nullptr);
    EXPECT_THAT(std::string(offsets->elements()[0]->As<ir::Var>()->name()), HasSubstr("my_rank"));
    EXPECT_EQ(offsets->elements()[1], col->loop_var());
    EXPECT_EQ(remote->arg(2), load->arg(1));
    EXPECT_EQ(remote->arg(4), load->arg(3));
    EXPECT_EQ(store->arg(1), load->arg(1));
    const auto* valid = load->arg(3)->As<ir::MakeTuple>();
    ASSERT_NE(valid, nullptr);
    EXPECT_THAT(std::string(valid->elements()[1]->As<ir::Var>()->name()), HasSubstr("valid_cols"));
  }
}

}  // namespace
}  // namespace pto::passes::lower_composite
