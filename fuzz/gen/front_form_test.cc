#include "fuzz/gen/front_form.h"

#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "fuzz/gen/reassigned_form.h"
#include "fuzz/gen/tile_program_gen.h"
#include "fuzz/gen/tile_program_run.h"
#include "fuzz/oracle/output_compare.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/ssa_form.h"
#include "ir/analysis/verifier.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/all_passes.h"

namespace pto::fuzz {
namespace {

using ::testing::HasSubstr;

TEST(FrontFormTest, KernelGoesBehindAnInlineFunctionAndShortLoopsUnroll) {
  ir::Context ctx;
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, R"(import pypto.language as pl

@pl.program
class P:
    @pl.function
    def kernel(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        acc = x
        for i in pl.range(4):
            acc = pl.add(acc, 1.0)
        for j in pl.range(100):
            acc = pl.add(acc, 1.0)
        return acc
)", "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  ir::Program front = ToFrontForm(ctx, *p);
  EXPECT_TRUE(ir::VerifyProgram(front).ok()) << ir::VerifyProgram(front);
  std::string text = ir::PrintProgram(front, {.concise = true});
  EXPECT_THAT(text, HasSubstr("@pl.function(type=pl.FunctionType.Inline)\n"
                              "    def kernel_body(self, x: pl.Tensor[[64], pl.FP32])"));
  EXPECT_THAT(text, HasSubstr("for i in pl.unroll(4):"));
  EXPECT_THAT(text, HasSubstr("for j in pl.range(100):"));  // too many trips
  EXPECT_THAT(text, HasSubstr("return self.kernel_body(x)"));
}

const passes::Pass* Build(const char* name) {
  auto passes = passes::BuiltinPasses().Build(name);
  return passes.ok() && passes->size() == 1 ? (*passes)[0].release() : nullptr;
}

// The differential check tile_program_fuzzer makes (its step 2d), over a
// fixed sweep of generated programs: inline-functions, unroll-loops,
// ctrl-flow-transform and convert-to-ssa take the front form back to SSA,
// simplify folds what they leave, and every step computes what the
// generated program computes, bit for bit.
TEST(FrontFormTest, FrontPassesPreserveWhatGeneratedProgramsCompute) {
  const passes::Pass* front[] = {Build("inline-functions"), Build("unroll-loops"),
                                 Build("ctrl-flow-transform"), Build("convert-to-ssa"),
                                 Build("simplify")};
  for (const passes::Pass* pass : front) ASSERT_NE(pass, nullptr);
  std::mt19937 rng(11);
  int unrolled = 0;
  int jumps = 0;
  for (int n = 0; n < 1000; ++n) {
    std::vector<uint8_t> bytes(16 + rng() % 240);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    TileProgram tp = GenerateTileProgram(ctx, data);
    std::vector<sim::BufferView> inputs = MakeInputs(tp);
    absl::StatusOr<std::vector<sim::BufferView>> want = RunTileKernel(tp.program, tp, inputs);
    ASSERT_TRUE(want.ok()) << want.status();
    ir::Program p = ToFrontForm(ctx, ToReassignedForm(ctx, tp.program));
    std::string text = ir::PrintProgram(p);
    unrolled += absl::StrContains(text, "pl.unroll(");
    jumps += absl::StrContains(text, "break") || absl::StrContains(text, "continue");
    passes::PassContext pctx;
    for (const passes::Pass* pass : front) {
      absl::StatusOr<ir::Program> out = pass->Run(p, pctx);
      ASSERT_TRUE(out.ok()) << pass->name() << ": " << out.status() << "\n" << ir::PrintProgram(p);
      ASSERT_TRUE(ir::VerifyProgram(*out).ok()) << ir::VerifyProgram(*out);
      p = *out;
      absl::StatusOr<std::vector<sim::BufferView>> got = RunTileKernel(p, tp, inputs);
      ASSERT_TRUE(got.ok()) << got.status();
      for (size_t k = 0; k < tp.outputs.size(); ++k) {
        std::optional<std::string> diff =
            CompareOutput((*want)[k], (*got)[k], ValueBound::Exact(), nullptr);
        ASSERT_FALSE(diff) << "after " << pass->name() << ": " << *diff << "\n"
                           << ir::PrintProgram(p);
      }
    }
    EXPECT_TRUE(ir::CheckSSAForm(p).ok()) << ir::CheckSSAForm(p);
  }
  EXPECT_GT(unrolled, 100);  // the sweep exercises unroll-loops
  EXPECT_GT(jumps, 50);      // and ctrl-flow-transform
}

}  // namespace
}  // namespace pto::fuzz
