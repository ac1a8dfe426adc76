// pld.tensor.allgather: a push of this rank's chunk into every peer's window,
// then one barrier and its epilogue.

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
using ::testing::HasSubstr;
using testing::Signal;
using testing::Tensor;
using testing::Window;

std::string AllGatherKernel(absl::string_view size, absl::string_view dtype = "FP32",
                            bool window_input = false) {
  std::string dims = absl::StrCat("1, ", size);
  std::string out = Window(absl::StrCat("2, ", size), dtype);
  return CollectiveKernel(
      {absl::StrCat("inp: ", window_input ? Window(dims, dtype) : Tensor(dims, dtype)),
       "out: " + out, "signal: " + Signal(2)},
      "        out2 = pld.tensor.allgather(inp, out, signal)\n"
      "        return out2",
      out);
}

std::vector<int64_t> StageOf(const ir::Program& p) {
  std::vector<const ir::Call*> creates = testing::CallsOf(p, "tile.create");
  EXPECT_EQ(creates.size(), 1u);
  return creates.empty() ? std::vector<int64_t>{} : testing::ListValues(creates[0]->arg(0));
}

TEST(AllGatherTest, PushesIntoEveryPeerThenBarriers) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, AllGatherKernel("16")), "a5");
  std::vector<const ir::Call*> puts = testing::CallsOf(out, "pld.tile.put");
  ASSERT_EQ(puts.size(), 1u);
  const ir::Call* put = puts[0];
  ASSERT_EQ(put->args().size(), 7u);
  const ir::Function* k = out.functions()[0];
  EXPECT_EQ(put->arg(0), k->params()[1]);  // the window
  EXPECT_EQ(put->arg(2), k->params()[0]);  // this rank's chunk, read in place
  EXPECT_THAT(std::string(put->arg(1)->As<ir::Var>()->name()), HasSubstr("__peer_tmp_v"));
  const auto* dst_off = put->arg(4)->As<ir::MakeTuple>();
  EXPECT_THAT(std::string(dst_off->elements()[0]->As<ir::Var>()->name()), HasSubstr("my_rank"));
  EXPECT_EQ(testing::ListValues(put->arg(5)), (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(testing::ListValues(put->arg(6)), (std::vector<int64_t>{1, 16}));
  EXPECT_EQ(testing::IntKwarg(put, "atomic"), 0);
  // No self-skip around the push: the self copy is the identity mapping.
  testing::StmtCounts counts = testing::CountStmts(out);
  EXPECT_EQ(counts.fors, 4);
  EXPECT_EQ(counts.ifs, 3);
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1}));
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{1}));
  EXPECT_THAT(testing::CalledOps(out), ::testing::Not(::testing::Contains("tile.load")));
}

TEST(AllGatherTest, StageSizing) {
  for (const char* dtype : {"FP32", "FP16"}) {
    ChunkGeometry g =
        MakeChunkGeometry(std::string(dtype) == "FP32" ? ir::DataType::kFP32 : ir::DataType::kFP16);
    for (int64_t n : {1, 7, 8, 17, 4095, 4096, 4097, 65537}) {
      SCOPED_TRACE(absl::StrCat(dtype, " SIZE=", n));
      std::string kernel = AllGatherKernel(absl::StrCat(n), dtype);
      if (n < g.alignment_elements) {
        EXPECT_THAT(testing::LowerError(kernel, "a5"),
                    HasSubstr(absl::StrCat("pld.tensor.allgather: a transfer row of ", n, " ",
                                           dtype, " elements is shorter than one 32-byte unit")));
        continue;
      }
      int64_t cols = std::min(n, g.chunk_elements);
      if (cols < g.chunk_elements) cols = cols / g.alignment_elements * g.alignment_elements;
      ir::Context ctx;
      ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, kernel), "a5");
      EXPECT_EQ(StageOf(out), (std::vector<int64_t>{1, cols}));
      // The transfer is the whole chunk; the stage only bounds each slide.
      EXPECT_EQ(testing::ListValues(testing::CallsOf(out, "pld.tile.put")[0]->arg(6)),
                (std::vector<int64_t>{1, n}));
    }
  }
  // The spec's example: FP32 SIZE=17 slides through a 16-column stage.
  ir::Context ctx;
  EXPECT_EQ(StageOf(testing::LowerAndCheck(testing::Parse(ctx, AllGatherKernel("17")), "a5")),
            (std::vector<int64_t>{1, 16}));
}

// Packed FP4 counts storage bits: 64 nibbles per 32-byte unit.
TEST(AllGatherTest, Fp4StageUsesThePhysicalStorageWidth) {
  ir::Context ctx;
  EXPECT_EQ(
      StageOf(testing::LowerAndCheck(testing::Parse(ctx, AllGatherKernel("66", "FP4")), "a5")),
      (std::vector<int64_t>{1, 64}));
  EXPECT_EQ(
      StageOf(testing::LowerAndCheck(testing::Parse(ctx, AllGatherKernel("65536", "FP4")), "a5")),
      (std::vector<int64_t>{1, 32768}));
  EXPECT_THAT(testing::LowerError(AllGatherKernel("34", "FP4"), "a5"),
              HasSubstr("a transfer row of 34 FP4 elements is shorter than one 32-byte unit (64 "
                        "elements)"));
}

// A runtime SIZE keeps the static Vec budget: the whole chunk bound.
TEST(AllGatherTest, SymbolicSizeTakesTheChunkBound) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, AllGatherKernel("n")), "a5");
  EXPECT_EQ(StageOf(out), (std::vector<int64_t>{1, 4096}));
}

TEST(AllGatherTest, InputMustBeAPlainTensor) {
  EXPECT_THAT(testing::LowerError(AllGatherKernel("16", "FP32", /*window_input=*/true), "a5"),
              HasSubstr("pld.tensor.allgather: input must be a plain Tensor [1, SIZE] on the "
                        "InCore path, got a DistributedTensor"));
}

}  // namespace
}  // namespace pto::passes::lower_composite
