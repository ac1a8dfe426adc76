#include "bench/program_gen.h"

#include <string>

#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"

namespace pto::bench {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(ProgramGenTest, MixedHasExactlyTheRequestedStatements) {
  // Around kernel boundaries too: a remainder under 8 joins the kernel before.
  for (int64_t n : {8, 9, 57, 1000, 2000, 2001, 2007, 2008, 4003, 10000}) {
    ir::Context ctx;
    ir::Program p = MixedProgram(ctx, n);
    EXPECT_EQ(CountStatements(p), n) << n;
    for (const ir::Function* f : p.functions()) {
      int64_t size = CountStatements(ctx.NewProgram("one", {f}));
      EXPECT_GE(size, 8) << n;
      EXPECT_LE(size, kMixedFunctionStatements) << n;
    }
  }
}

TEST(ProgramGenTest, SmallKernelsHaveTheRequestedStatementsInSmallKernels) {
  for (int64_t n : {8, 16, 17, 23, 24, 1000}) {
    ir::Context ctx;
    ir::Program p = SmallKernelsProgram(ctx, n);
    EXPECT_EQ(CountStatements(p), n) << n;
    EXPECT_GE(static_cast<int64_t>(p.functions().size()), n / kSmallKernelStatements) << n;
    for (const ir::Function* f : p.functions()) {
      int64_t size = CountStatements(ctx.NewProgram("one", {f}));
      EXPECT_GE(size, 8) << n;
      EXPECT_LE(size, kSmallKernelStatements) << n;
    }
  }
}

TEST(ProgramGenTest, MixedIsDeterministicPerSeed) {
  ir::Context a, b, c;
  std::string first = ir::PrintProgram(MixedProgram(a, 3000));
  EXPECT_EQ(first, ir::PrintProgram(MixedProgram(b, 3000)));
  EXPECT_NE(first, ir::PrintProgram(MixedProgram(c, 3000, /*seed=*/2)));
}

TEST(ProgramGenTest, MixedHasEveryFeature) {
  ir::Context ctx;
  std::string text = ir::PrintProgram(MixedProgram(ctx, 4000));
  EXPECT_THAT(text, HasSubstr("N = pl.dynamic(\"N\")"));
  EXPECT_THAT(text, HasSubstr("x: pl.Tensor[[N, 64], pl.FP32]"));
  EXPECT_THAT(text, HasSubstr("in pl.range(4, init_values=("));
  EXPECT_THAT(text, HasSubstr("pl.yield_("));
  EXPECT_THAT(text, HasSubstr(" * 16, 0]"));  // a load at the loop's row
  for (const char* op : {"tile.sin(", "tile.cos(", "tile.select(", "tile.cmps(", "tile.add(",
                         "tile.muls(", "tile.neg(", "target_type=pl.FP16",
                         "target_type=pl.INT32", "target_type=pl.FP32"}) {
    EXPECT_THAT(text, HasSubstr(op));
  }
  EXPECT_THAT(text, HasSubstr("def k1("));
}

// The benchmarks parse the printed text and feed the programs to every
// pass and to codegen: each of those must accept them.
void ExpectValidAndRoundTrips(const ir::Program& p) {
  absl::Status verified = ir::VerifyProgram(p);
  ASSERT_TRUE(verified.ok()) << verified;
  ir::Context ctx;
  absl::StatusOr<ir::Program> parsed = ir::ParseProgram(ctx, ir::PrintProgram(p), "gen.py");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  absl::Status equal = ir::CheckStructuralEqual(p, *parsed);
  EXPECT_TRUE(equal.ok()) << equal;
}

TEST(ProgramGenTest, ProgramsVerifyAndRoundTrip) {
  ir::Context ctx;
  ExpectValidAndRoundTrips(MixedProgram(ctx, 5000));
  ExpectValidAndRoundTrips(SmallKernelsProgram(ctx, 5000));
  ExpectValidAndRoundTrips(SinChainProgram(ctx, 10));
  ExpectValidAndRoundTrips(SinChainProgram(ctx, 0));
  ExpectValidAndRoundTrips(MulsChainProgram(ctx, 10));
  ExpectValidAndRoundTrips(CastChainProgram(ctx, 7));
  ExpectValidAndRoundTrips(CastChainProgram(ctx, 8));
  ExpectValidAndRoundTrips(CompositeProgram(ctx, 10));
}

TEST(ProgramGenTest, AnchorProgramSizes) {
  ir::Context ctx;
  EXPECT_EQ(CountStatements(SinChainProgram(ctx, 100)), 103);
  EXPECT_EQ(CountStatements(MulsChainProgram(ctx, 100)), 103);
  EXPECT_EQ(CountStatements(CastChainProgram(ctx, 100)), 103);
  EXPECT_EQ(CountStatements(CompositeProgram(ctx, 99)), 99 + 33 + 3);
  std::string sin = ir::PrintProgram(SinChainProgram(ctx, 3));
  EXPECT_THAT(sin, HasSubstr("t3: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sin(t2)\n"));
  std::string cast = ir::PrintProgram(CastChainProgram(ctx, 2));
  EXPECT_THAT(cast, HasSubstr("h0: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = "
                              "pl.tile.cast(t, target_type=pl.FP16, mode='round')"));
  EXPECT_THAT(cast, HasSubstr("i1: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = "
                              "pl.tile.cast(h0, target_type=pl.INT32, mode='round')"));
}

TEST(ProgramGenTest, MixedGoesThroughTheDefaultPipelineAndCodegen) {
  ir::Context ctx;
  ir::Program p = MixedProgram(ctx, 3000);
  absl::StatusOr<const backends::Backend*> a5 = backends::FindBackend("a5");
  ASSERT_TRUE(a5.ok());
  auto passes = passes::BuiltinPasses().Build("default");
  ASSERT_TRUE(passes.ok());
  passes::PassManager pm(std::move(*passes));
  passes::PassContext pass_context(*a5);
  absl::StatusOr<ir::Program> lowered = pm.Run(p, pass_context);
  ASSERT_TRUE(lowered.ok()) << lowered.status();
  EXPECT_GT(CountStatements(*lowered), CountStatements(p));
  std::string text = ir::PrintProgram(*lowered);
  EXPECT_THAT(text, Not(HasSubstr("tile.sin(")));
  EXPECT_THAT(text, Not(HasSubstr("tile.select(")));
  absl::StatusOr<std::string> pto = codegen::EmitPto(*lowered, *a5);
  ASSERT_TRUE(pto.ok()) << pto.status();
  EXPECT_THAT(*pto, HasSubstr("scf.for"));
  EXPECT_THAT(*pto, HasSubstr("pto.tcvt"));
}

TEST(ProgramGenTest, MlirChains) {
  EXPECT_EQ(MlirChain(2, ChainKind::kSin),
            "func @k(%arg0: tensor<16x16xf32>) -> tensor<16x16xf32> {\n"
            "  %0 = math.sin %arg0 : tensor<16x16xf32>\n"
            "  %1 = math.sin %0 : tensor<16x16xf32>\n"
            "  return %1 : tensor<16x16xf32>\n"
            "}\n");
  EXPECT_EQ(MlirChain(1, ChainKind::kMuls),
            "func @k(%arg0: tensor<16x16xf32>) -> tensor<16x16xf32> {\n"
            "  %half = arith.constant dense<5.000000e-01> : tensor<16x16xf32>\n"
            "  %0 = arith.mulf %arg0, %half : tensor<16x16xf32>\n"
            "  return %0 : tensor<16x16xf32>\n"
            "}\n");
}

}  // namespace
}  // namespace pto::bench
