// The interpreter on launches: a pl.spmd scope and a call launching
// core_num blocks run once per block, get_block_idx / get_block_num reading
// the block; a submit runs when submitted and its value ends with a task id.

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/interpreter.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Buffer;
using testing::BufferOf;
using testing::Undefined;
using testing::Values;

// Each block writes its index and the block count into its own row.
constexpr absl::string_view kRows = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def row(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]]) -> pl.Tensor[[4, 2], pl.FP32]:
        i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        n: pl.Scalar[pl.INDEX] = pl.tile.get_block_num()
        t: pl.Tile[[1, 2], pl.FP32] = pl.tile.full([1, 2], dtype=pl.FP32, value=0.0)
        u: pl.Tile[[1, 2], pl.FP32] = pl.tile.adds(t, pl.cast(i * 10 + n, pl.FP32))
        out_1: pl.Tensor[[4, 2], pl.FP32] = pl.store(u, [i, 0], out)
        return out_1
)";

TEST(LaunchTest, SpmdScopeRunsOncePerBlock) {
  testing::SimProgram p(absl::StrCat(kRows, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]]) -> pl.Tensor[[4, 2], pl.FP32]:
        with pl.spmd(4):
            out = self.row(out)
        return out)"));
  auto r = p.Run("main", {Value::Of(Undefined(ir::DataType::kFP32, {4, 2}))});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(Values(BufferOf((*r)[0])), ElementsAre(4, 4, 14, 14, 24, 24, 34, 34));
}

TEST(LaunchTest, CallLaunchingCoreNumBlocksAndSpmdSubmit) {
  testing::SimProgram p(absl::StrCat(kRows, R"(
    @pl.function(type=pl.FunctionType.Spmd)
    def launch(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]]) -> pl.Tensor[[4, 2], pl.FP32]:
        out_1: pl.Tensor[[4, 2], pl.FP32] = self.row(out)
        return out
    @pl.function(type=pl.FunctionType.Orchestration)
    def by_attr(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]], k: pl.Scalar[pl.INDEX]) -> pl.Tensor[[4, 2], pl.FP32]:
        out_1: pl.Tensor[[4, 2], pl.FP32] = self.launch(out, attrs={"core_num": k // 2})
        return out_1
    @pl.function(type=pl.FunctionType.Orchestration)
    def by_submit(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]]) -> pl.Scalar[pl.TASK_ID]:
        out_1, t = pl.spmd_submit(self.launch, out, core_num=2)
        return t)"));
  auto r = p.Run("by_attr", {Value::Of(Buffer(ir::DataType::kFP32, {4, 2}, {9, 9, 9, 9, 9, 9, 9, 9})),
                             testing::IndexValue(4)});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(Values(BufferOf((*r)[0])), ElementsAre(2, 2, 12, 12, 9, 9, 9, 9));

  auto s = p.Run("by_submit", {Value::Of(Undefined(ir::DataType::kFP32, {4, 2}))});
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(testing::IntResult(s), 0);  // the first task submitted
}

TEST(LaunchTest, AnEmptyLaunchIsAnError) {
  testing::SimProgram p(absl::StrCat(kRows, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]], k: pl.Scalar[pl.INDEX]) -> pl.Tensor[[4, 2], pl.FP32]:
        with pl.spmd(k):
            out = self.row(out)
        return out)"));
  auto r = p.Run("main", {Value::Of(Undefined(ir::DataType::kFP32, {4, 2})),
                          testing::IndexValue(0)});
  EXPECT_THAT(r.status().message(), HasSubstr("error: pl.spmd launches 0 blocks; at least 1"));
}

TEST(LaunchTest, DispatchesTheInterpreterDoesNotModelAreErrors) {
  testing::SimProgram p(absl::StrCat(kRows, R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def none(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]]) -> pl.Tensor[[4, 2], pl.FP32]:
        out_1: pl.Tensor[[4, 2], pl.FP32] = self.row(out, attrs={"core_num": 0})
        return out_1
    @pl.function(type=pl.FunctionType.Orchestration)
    def elsewhere(self, out: pl.Out[pl.Tensor[[4, 2], pl.FP32]]) -> pl.Tensor[[4, 2], pl.FP32]:
        out_1: pl.Tensor[[4, 2], pl.FP32] = self.row(out, device=1)
        return out_1)"));
  auto out = [] { return std::vector<Value>{Value::Of(Undefined(ir::DataType::kFP32, {4, 2}))}; };
  EXPECT_THAT(p.Run("none", out()).status().message(),
              HasSubstr("error: the call of 'row' launches 0 blocks; at least 1"));
  EXPECT_THAT(p.Run("elsewhere", out()).status().message(),
              HasSubstr("error: the device= dispatch of 'row' is not supported by the "
                        "interpreter"));
}

}  // namespace
}  // namespace pto::sim
