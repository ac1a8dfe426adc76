#include "tools/compile_driver.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/pto/reader.h"

namespace pto::tools {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace fs = std::filesystem;

constexpr char kProgram[] = R"(import pypto.language as pl

@pl.program
class Two:
    @pl.function(type=pl.FunctionType.InCore)
    def add_one(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        u = pl.tile.adds(t, 1.0)
        o = pl.tile.store(u, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        o = pl.tile.store(t, [0, 0], out)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        out = pl.create_tensor([16, 16], dtype=pl.FP32)
        out = self.add_one(x, out)
        return out
)";

std::string Read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Dir(absl::string_view name) {
  fs::path p = fs::path(::testing::TempDir()) / std::string(name);
  fs::remove_all(p);
  return p.string();
}

TEST(CompileDriverTest, EveryKernelInItsCoreFolderAndAManifest) {
  std::string dir = Dir("two");
  absl::StatusOr<CompileResult> r = CompileProgram(kProgram, "two.py", {}, dir);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_THAT(r->files,
              ElementsAre("kernels/aiv/add_one.pto", "kernels/aic/cube.pto", "manifest.json"));
  EXPECT_THAT(r->not_emitted, ElementsAre("main"));
  for (const char* k : {"kernels/aiv/add_one.pto", "kernels/aic/cube.pto"}) {
    std::string text = Read(fs::path(dir) / k);
    absl::StatusOr<sim::pto_text::Module> m = sim::pto_text::ReadPto(k, text);
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_EQ(m->body().ops.size(), 1u) << "one kernel per module";
  }
  std::string manifest = Read(fs::path(dir) / "manifest.json");
  EXPECT_THAT(manifest, HasSubstr(R"("program": "Two")"));
  EXPECT_THAT(manifest, HasSubstr(R"({"name": "add_one", "core_type": "aiv", "file": "kernels/aiv/add_one.pto", "params": [{"name": "x", "direction": "In", "type": "pl.Tensor[[16, 16], pl.FP32]"}, {"name": "out", "direction": "Out", "type": "pl.Tensor[[16, 16], pl.FP32]"}]})"));
  EXPECT_THAT(manifest, HasSubstr(R"({"name": "main", "type": "Orchestration", "reason": "a Orchestration function: orchestration codegen is not built yet"})"));
}

TEST(CompileDriverTest, AnErrorWritesNothing) {
  std::string dir = Dir("bad");
  std::string text = kProgram;
  // A composite op left for codegen: --passes=none keeps it.
  CompileOptions options;
  options.passes = "none";
  size_t at = text.find("pl.tile.adds(t, 1.0)");
  text.replace(at, 20, "pl.tile.sin(t)");
  absl::StatusOr<CompileResult> r = CompileProgram(text, "two.py", options, dir);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("two.py:8:"));
  EXPECT_THAT(r.status().message(), HasSubstr("tile.sin"));
  EXPECT_FALSE(fs::exists(dir));
}

TEST(CompileDriverTest, AMixedKernelIsNamed) {
  std::string dir = Dir("mixed");
  std::string text = kProgram;
  size_t at = text.find("u = pl.tile.adds(t, 1.0)");
  text.insert(at, "m = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Mat)\n        ");
  absl::StatusOr<CompileResult> r = CompileProgram(text, "two.py", {}, dir);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("two.py:6:5: error: pto-compile: kernel 'add_one' computes on both the "
                        "cube"));
  EXPECT_FALSE(fs::exists(dir));
}

}  // namespace
}  // namespace pto::tools
