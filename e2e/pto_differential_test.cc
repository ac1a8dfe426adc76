// The PTO codegen writes computes what the IR means: for every kernel of the
// golden programs, lowered by the default pipeline and emitted for a5 and
// a2a3, the IR interpreter runs the lowered function and the PTO interpreter
// its PTO on the same inputs, and every tensor element the IR run defines
// must be bit-identical after the PTO run (e2e/pto_diff.h). What is skipped,
// and why, is counted in the log.

#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "e2e/golden_programs.h"
#include "e2e/pto_diff.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"

namespace pto {
namespace {

TEST(PtoDifferentialTest, EveryGoldenKernelComputesTheSameAsItsIr) {
  std::map<std::string, int> skipped;
  int ran = 0;
  for (const e2e::GoldenProgram& golden : e2e::GoldenPrograms()) {
    const std::string& file = golden.path;
    for (const char* arch : {"a5", "a2a3"}) {
      ir::Context ctx;
      absl::StatusOr<ir::Program> parsed = ir::ParseProgram(ctx, golden.text, file);
      if (!parsed.ok()) continue;
      const backends::Backend* backend = *backends::FindBackend(arch);
      auto pipeline = passes::BuiltinPasses().Build("default");
      ASSERT_TRUE(pipeline.ok());
      passes::PassManager pm(*std::move(pipeline));
      passes::PassContext pass_context(backend);
      absl::StatusOr<ir::Program> lowered = pm.Run(*parsed, pass_context);
      if (!lowered.ok()) continue;
      absl::StatusOr<std::string> pto = codegen::EmitPto(*lowered, backend);
      if (!pto.ok()) continue;
      for (const ir::Function* fn : lowered->functions()) {
        absl::StatusOr<e2e::KernelDiff> d = e2e::DiffKernel(*lowered, fn->name(), *pto);
        std::string where = absl::StrCat(file, " @", fn->name(), " (", arch, ")");
        ASSERT_TRUE(d.ok()) << where << ": " << d.status().message() << "\n" << *pto;
        if (!d->skipped.empty()) {
          ++skipped[d->skipped];
          continue;
        }
        ++ran;
        EXPECT_EQ(d->diff, "") << where << "\n" << *pto;
      }
    }
  }
  std::cout << "ran " << ran << " kernels; skipped:";
  for (const auto& [why, n] : skipped) std::cout << " " << why << " " << n << ";";
  std::cout << "\n";
  EXPECT_GE(ran, 80);
}

}  // namespace
}  // namespace pto
