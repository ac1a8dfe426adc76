// Every PTO module codegen writes for a golden program reads back under the
// PTO grammar we target (//sim/pto:reader): each golden program of
// testdata/, with no passes and with the default pipeline, on a5 and a2a3,
// with and without source locations. A program the pipeline or codegen
// refuses is skipped; one codegen emits must read back. This is the check
// that every op we write is spelled as PTOAS reads it.

#include <vector>

#include "e2e/golden_programs.h"
#include "e2e/pto_diff.h"
#include "gtest/gtest.h"
#include "ir/context.h"
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
        for (bool locations : {false, true}) {
          codegen::PtoOptions options;
          options.emit_locations = locations;
          ir::Context ctx;
          absl::StatusOr<e2e::CompiledPto> c =
              e2e::CompileToPto(ctx, golden.text, golden.path, arch, pipeline, options);
          if (!c.ok()) continue;
          ++emitted;
          absl::StatusOr<sim::pto_text::Module> m = sim::pto_text::ReadPto("out.pto", c->pto);
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
