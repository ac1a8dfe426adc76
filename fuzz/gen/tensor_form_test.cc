#include "fuzz/gen/tensor_form.h"

#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "fuzz/gen/tile_program_gen.h"
#include "fuzz/gen/tile_program_run.h"
#include "fuzz/oracle/output_compare.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/all_passes.h"

namespace pto::fuzz {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(TensorFormTest, KernelComputesOnTensors) {
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 64])
        u = pl.tile.exp(t)
        v = pl.tile.add(u, t)
        o = pl.store(v, [0, 0], out)
        return o
)", "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  ir::Program t = ToTensorForm(ctx, *p);
  ASSERT_TRUE(ir::VerifyProgram(t).ok()) << ir::VerifyProgram(t);
  std::string text = ir::PrintProgram(t, {.concise = true});
  EXPECT_THAT(text, HasSubstr("t = pl.tensor.slice(x, [16, 64], [0, 0], [16, 64])"));
  EXPECT_THAT(text, HasSubstr("u = pl.tensor.exp(t)"));
  EXPECT_THAT(text, HasSubstr("o = pl.tensor.assemble(out, v, [0, 0])"));
  EXPECT_THAT(text, Not(HasSubstr("pl.tile.")));  // the tile chain died
}

// The differential check tile_program_fuzzer makes (its step 2f), over a
// fixed sweep of generated programs: convert-tensor-to-tile-ops takes the
// tensor form back to tile ops that compute what the generated program
// computes, bit for bit.
TEST(TensorFormTest, ConversionPreservesWhatGeneratedProgramsCompute) {
  absl::StatusOr<std::vector<std::unique_ptr<passes::Pass>>> built =
      passes::BuiltinPasses().Build("convert-tensor-to-tile-ops");
  ASSERT_TRUE(built.ok()) << built.status();
  const passes::Pass& convert = *(*built)[0];
  std::mt19937 rng(23);
  int converted = 0;
  for (int n = 0; n < 500; ++n) {
    std::vector<uint8_t> bytes(16 + rng() % 240);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    TileProgram tp = GenerateTileProgram(ctx, data);
    std::vector<sim::BufferView> inputs = MakeInputs(tp);
    absl::StatusOr<std::vector<sim::BufferView>> want = RunTileKernel(tp.program, tp, inputs);
    ASSERT_TRUE(want.ok()) << want.status();
    ir::Program t = ToTensorForm(ctx, tp.program);
    ASSERT_TRUE(ir::VerifyProgram(t).ok()) << ir::VerifyProgram(t) << "\n" << ir::PrintProgram(t);
    converted += absl::StrContains(ir::PrintProgram(t), "pl.tensor.assemble(");
    passes::PassContext pctx;
    absl::StatusOr<ir::Program> out = convert.Run(t, pctx);
    ASSERT_TRUE(out.ok()) << out.status() << "\n" << ir::PrintProgram(t);
    ASSERT_TRUE(ir::VerifyProgram(*out).ok()) << ir::VerifyProgram(*out);
    absl::StatusOr<std::vector<sim::BufferView>> got = RunTileKernel(*out, tp, inputs);
    ASSERT_TRUE(got.ok()) << got.status() << "\n" << ir::PrintProgram(*out);
    for (size_t k = 0; k < tp.outputs.size(); ++k) {
      std::optional<std::string> diff =
          CompareOutput((*want)[k], (*got)[k], ValueBound::Exact(), nullptr);
      ASSERT_FALSE(diff) << *diff << "\n" << ir::PrintProgram(t) << "\n----- converted -----\n"
                         << ir::PrintProgram(*out);
    }
  }
  EXPECT_GT(converted, 100);  // the sweep exercises the conversion
}

}  // namespace
}  // namespace pto::fuzz
