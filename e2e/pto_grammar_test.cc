// Every PTO module codegen writes for a golden program reads back under the
// PTO grammar we target (//sim/pto:reader): each golden program of
// testdata/, with no passes and with the default pipeline, on a5 and a2a3,
// with and without source locations. A program codegen refuses is skipped;
// one it emits must read back. This is the check that every op we write is
// spelled as PTOAS reads it.

#include <string>
#include <vector>

#include "backends/registry.h"
#include "codegen/pto_emitter.h"
#include "e2e/golden_programs.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"
#include "sim/pto/reader.h"

namespace pto {
namespace {

TEST(PtoGrammarTest, EveryEmittedModuleReadsBack) {
  std::vector<e2e::GoldenProgram> goldens = e2e::GoldenPrograms();
  ASSERT_GE(goldens.size(), 100u) << "the golden programs are missing from the runfiles";
  int emitted = 0;
  for (const e2e::GoldenProgram& golden : goldens) {
    for (const char* arch : {"a5", "a2a3"}) {
      for (const char* pipeline : {"none", "default"}) {
        ir::Context ctx;
        absl::StatusOr<ir::Program> program = ir::ParseProgram(ctx, golden.text, golden.path);
        if (!program.ok()) continue;
        const backends::Backend* backend = *backends::FindBackend(arch);
        auto passes = passes::BuiltinPasses().Build(pipeline);
        ASSERT_TRUE(passes.ok());
        passes::PassManager pm(*std::move(passes));
        passes::PassContext pass_context(backend);
        absl::StatusOr<ir::Program> lowered = pm.Run(*program, pass_context);
        if (!lowered.ok()) continue;
        std::vector<const ir::Function*> kernels;
        for (const ir::Function* fn : lowered->functions()) {
          if (codegen::IsPtoKernel(*fn)) kernels.push_back(fn);
        }
        for (bool locations : {false, true}) {
          codegen::PtoOptions options;
          options.emit_locations = locations;
          absl::StatusOr<std::string> pto = codegen::EmitPto(*lowered, kernels, backend, options);
          if (!pto.ok()) continue;
          ++emitted;
          absl::StatusOr<sim::pto_text::Module> m = sim::pto_text::ReadPto("out.pto", *pto);
          EXPECT_TRUE(m.ok()) << golden.path << " (" << arch << ", --passes=" << pipeline
                              << (locations ? ", with locations" : "") << "):\n"
                              << m.status().message();
        }
      }
    }
  }
  // Most golden programs are kernels codegen emits; far fewer would mean
  // this test checks nothing.
  EXPECT_GE(emitted, 200);
}

}  // namespace
}  // namespace pto
