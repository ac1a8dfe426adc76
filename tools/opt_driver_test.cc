// RunOpt: the library behind pto-opt. Source locations in PTO output.

#include "tools/opt_driver.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/text/output/text_sink.h"

namespace pto::tools {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kProgram[] = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        u: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(t, 1.0)
        r: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(u, [0, 0], out)
)";

std::string RunToText(const OptOptions& options) {
  std::string out;
  ir::StringSink sink(&out);
  std::string dumps;
  absl::Status status = RunOpt(kProgram, "dir/kernel.py", options, sink, &dumps);
  EXPECT_TRUE(status.ok()) << status;
  return out;
}

std::string LineWith(const std::string& text, const std::string& needle) {
  size_t at = text.find(needle);
  if (at == std::string::npos) return "";
  size_t begin = text.rfind('\n', at) + 1;
  return text.substr(begin, text.find('\n', at) - begin);
}

TEST(OptDriverTest, EmitSourceLocEndsEveryOpWithItsInputLocation) {
  OptOptions options;
  options.emit = "pto";
  options.emit_source_loc = true;
  std::string text = RunToText(options);
  EXPECT_THAT(LineWith(text, "pto.tadds"), EndsWith(" loc(\"dir/kernel.py\":8:53)"));
  EXPECT_THAT(LineWith(text, "pto.tload"), EndsWith(" loc(\"dir/kernel.py\":7:53)"));
  EXPECT_THAT(LineWith(text, "pto.tstore"), EndsWith(" loc(\"dir/kernel.py\":9:43)"));
  // Shared constants have no single location.
  EXPECT_THAT(LineWith(text, "arith.constant 1.0"), Not(HasSubstr("loc(")));
}

TEST(OptDriverTest, BorrowedTextRunsAsACopiedOne) {
  OptOptions options;
  options.emit = "pto";
  options.emit_source_loc = true;
  std::string out;
  ir::StringSink sink(&out);
  const std::string text = kProgram;
  ASSERT_TRUE(RunOptOnBorrowedText(text, "dir/kernel.py", options, sink, nullptr).ok());
  EXPECT_EQ(out, RunToText(options));
  // A diagnostic quotes the line of the borrowed text.
  std::string bad = text;
  bad.replace(bad.find("pl.tile.adds(t, 1.0)"), 20, "pl.tile.adds(q, 1.0)");
  std::string ignored;
  ir::StringSink sink2(&ignored);
  absl::Status status = RunOptOnBorrowedText(bad, "dir/kernel.py", options, sink2, nullptr);
  EXPECT_THAT(status.message(), HasSubstr("pl.tile.adds(q, 1.0)\n"));
}

TEST(OptDriverTest, SourceLocationsAreOffByDefault) {
  OptOptions options;
  options.emit = "pto";
  EXPECT_THAT(RunToText(options), Not(HasSubstr("loc(")));
}

}  // namespace
}  // namespace pto::tools
