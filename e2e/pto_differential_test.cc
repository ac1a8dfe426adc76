// The PTO codegen writes computes what the IR means: for every kernel of the
// golden programs, lowered by the default pipeline and emitted for a5 and
// a2a3, the IR interpreter runs the lowered function and the PTO interpreter
// its PTO on the same inputs, and every tensor element the IR run defines
// must be bit-identical after the PTO run (e2e/pto_diff.h). What is skipped,
// and why, is counted in the log.

#include <iostream>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "e2e/golden_programs.h"
#include "e2e/pto_diff.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "sim/pto/reader.h"

namespace pto {
namespace {

TEST(PtoDifferentialTest, EveryGoldenKernelComputesTheSameAsItsIr) {
  std::map<std::string, int> skipped;
  int ran = 0;
  for (const e2e::GoldenProgram& golden : e2e::GoldenPrograms()) {
    for (const char* arch : {"a5", "a2a3"}) {
      ir::Context ctx;
      absl::StatusOr<e2e::CompiledPto> c = e2e::CompileToPto(ctx, golden.text, golden.path, arch);
      if (!c.ok()) continue;  // outside what the pipeline or codegen takes
      absl::StatusOr<sim::pto_text::Module> module = sim::pto_text::ReadPto("out.pto", c->pto);
      ASSERT_TRUE(module.ok()) << golden.path << ": " << module.status().message();
      for (const sim::pto_text::Operation& fn : module->body().ops) {
        absl::string_view name = fn.FindAttr("sym_name")->value.substr(1);
        absl::StatusOr<e2e::KernelDiff> d = e2e::DiffKernel(c->lowered, name, *module);
        std::string where = absl::StrCat(golden.path, " @", name, " (", arch, ")");
        ASSERT_TRUE(d.ok()) << where << ": " << d.status().message() << "\n" << c->pto;
        if (!d->skipped.empty()) {
          ++skipped[d->skipped];
          continue;
        }
        ++ran;
        EXPECT_EQ(d->diff, "") << where << "\n" << c->pto;
      }
    }
  }
  std::cout << "ran " << ran << " kernels; skipped:";
  for (const auto& [why, n] : skipped) std::cout << " " << why << " " << n << ";";
  std::cout << "\n";
  EXPECT_GE(ran, 90);
}

}  // namespace
}  // namespace pto
