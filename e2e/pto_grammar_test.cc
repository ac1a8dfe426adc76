// Every PTO module codegen writes for a golden program reads back under the
// PTO grammar we target (//sim/pto:reader): each golden program of
// testdata/, through `pto-opt`'s driver with no passes and with the default
// pipeline, on a5 and a2a3, with and without source locations. A program
// codegen refuses is skipped; one it emits must read back. This is the
// check that every op we write is spelled as PTOAS reads it.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "e2e/golden_programs.h"
#include "gtest/gtest.h"
#include "ir/text/output/text_sink.h"
#include "sim/pto/reader.h"
#include "tools/opt_driver.h"

namespace pto {
namespace {

TEST(PtoGrammarTest, EveryEmittedModuleReadsBack) {
  std::vector<e2e::GoldenProgram> goldens = e2e::GoldenPrograms();
  ASSERT_GE(goldens.size(), 100u) << "the golden programs are missing from the runfiles";
  int emitted = 0;
  for (const e2e::GoldenProgram& golden : goldens) {
    const std::string& file = golden.path;
    for (const char* backend : {"a5", "a2a3"}) {
      for (const char* passes : {"none", "default"}) {
        for (bool locations : {false, true}) {
          tools::OptOptions options;
          options.backend = backend;
          options.passes = passes;
          options.emit = "pto";
          options.emit_source_loc = locations;
          std::string pto;
          ir::StringSink sink(&pto);
          if (!tools::RunOpt(golden.text, file, options, sink, nullptr).ok()) continue;
          ++emitted;
          absl::StatusOr<sim::pto_text::Module> m = sim::pto_text::ReadPto("out.pto", pto);
          EXPECT_TRUE(m.ok()) << file << " (" << backend << ", --passes=" << passes
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
