// pld.tensor.all_to_all: one push per destination row, then one barrier.

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

std::string AllToAllKernel(absl::string_view size, absl::string_view dtype = "FP32") {
  std::string dims = absl::StrCat("2, ", size);
  return CollectiveKernel(
      {"inp: " + Tensor(dims, dtype), "out: " + Window(dims, dtype), "signal: " + Signal(2)},
      "        out2 = pld.tensor.all_to_all(inp, out, signal)\n"
      "        return out2",
      Window(dims, dtype));
}

TEST(AllToAllTest, PushesRowDestToRankDestAtRowMe) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, AllToAllKernel("16")), "a5");
  std::vector<const ir::Call*> puts = testing::CallsOf(out, "pld.tile.put");
  ASSERT_EQ(puts.size(), 1u);
  const ir::Call* put = puts[0];
  const auto* dest = put->arg(1)->As<ir::Var>();
  ASSERT_NE(dest, nullptr);
  EXPECT_THAT(std::string(dest->name()), HasSubstr("__dest_tmp_v"));
  const auto* dst_off = put->arg(4)->As<ir::MakeTuple>();
  const auto* src_off = put->arg(5)->As<ir::MakeTuple>();
  EXPECT_THAT(std::string(dst_off->elements()[0]->As<ir::Var>()->name()), HasSubstr("my_rank"));
  EXPECT_EQ(src_off->elements()[0], dest);
  EXPECT_EQ(testing::ListValues(put->arg(6)), (std::vector<int64_t>{1, 16}));
  EXPECT_EQ(testing::IntKwarg(put, "atomic"), 0);
  testing::StmtCounts counts = testing::CountStmts(out);
  EXPECT_EQ(counts.fors, 4);
  EXPECT_EQ(counts.ifs, 3);
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1}));
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{1}));
}

TEST(AllToAllTest, StageIsTheCappedBounceTile) {
  for (const char* dtype : {"FP32", "FP16"}) {
    ChunkGeometry g =
        MakeChunkGeometry(std::string(dtype) == "FP32" ? ir::DataType::kFP32 : ir::DataType::kFP16);
    for (int64_t n : {1, 7, 8, 17, 4095, 4096, 4097, 65537}) {
      SCOPED_TRACE(absl::StrCat(dtype, " SIZE=", n));
      std::string kernel = AllToAllKernel(absl::StrCat(n), dtype);
      if (n < g.alignment_elements) {
        EXPECT_THAT(testing::LowerError(kernel, "a5"),
                    HasSubstr("pld.tensor.all_to_all: a transfer row of"));
        continue;
      }
      int64_t cols = std::min(n, g.chunk_elements);
      if (cols < g.chunk_elements) cols = cols / g.alignment_elements * g.alignment_elements;
      ir::Context ctx;
      ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, kernel), "a5");
      std::vector<const ir::Call*> creates = testing::CallsOf(out, "tile.create");
      ASSERT_EQ(creates.size(), 1u);
      EXPECT_EQ(testing::ListValues(creates[0]->arg(0)), (std::vector<int64_t>{1, cols}));
    }
  }
}

}  // namespace
}  // namespace pto::passes::lower_composite
