// PTO emission of kernels written in the DSL text form (parsed by
// //ir/text/parser): the locations in diagnostics and `loc(...)` are the
// source's.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "codegen/pto_emitter.h"
#include "codegen/test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/output/text_sink.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

constexpr absl::string_view kHeader = R"(import pypto.language as pl

@pl.program
class Program:
    @pl.function(type=pl.FunctionType.InCore)
)";

absl::StatusOr<std::string> EmitText(absl::string_view body, const backends::Backend* backend,
                                     bool locations = false) {
  ir::Context ctx;
  std::string text = absl::StrCat(kHeader, body);
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "kernel.py");
  if (!p.ok()) return p.status();
  PtoOptions options;
  options.emit_locations = locations;
  return EmitPto(*p, backend, options);
}

// A kernel `name` that loads a 16x16 `src` tile, casts it to FP16 and stores
// it (kernel.py line 8 is the cast when it is the program's first function).
// INT32 -> FP16 is native on a2a3, not on a5; FP32 -> FP16 on both.
std::string CastKernel(absl::string_view name, absl::string_view src) {
  return absl::Substitute(
      R"(    def $0(self, x: pl.Tensor[[16, 16], pl.$1], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        t: pl.Tile[[16, 16], pl.$1, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r
)",
      name, src);
}

TEST(PtoTextTest, NativeCastOnA2A3) {
  absl::StatusOr<std::string> pto = EmitText(CastKernel("k", "INT32"), &A2A3(), true);
  ASSERT_TRUE(pto.ok()) << pto.status();
  EXPECT_THAT(*pto, StartsWith("module attributes {pto.target_arch = \"a2a3\"} {\n"));
  EXPECT_THAT(*pto, HasSubstr("pto.tcvt ins(%t {rmode = #pto<round_mode ROUND>, satmode = "
                              "#pto<saturation_mode OFF>} : "));
  EXPECT_THAT(*pto, HasSubstr(") loc(\"kernel.py\":8:"));  // the cast's line
}

TEST(PtoTextTest, NonNativeCastOnA5NamesTheSourceLine) {
  absl::StatusOr<std::string> pto = EmitText(CastKernel("k", "INT32"), &A5());
  ASSERT_FALSE(pto.ok());
  std::string message(pto.status().message());
  EXPECT_THAT(message, StartsWith("kernel.py:8:"));
  EXPECT_THAT(message,
              HasSubstr("error: codegen: tile.cast from INT32 to FP16 is not a native pto.tcvt "
                        "on a5; run the legalize-tile-cast pass first"));
}

TEST(PtoTextTest, LegalizedChainIsOneTcvtPerCast) {
  absl::StatusOr<std::string> pto = EmitText(
      R"(    def k(self, x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> pl.Tensor[[16, 16], pl.FP16]:
        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        c__cast_fp32_tmp_v0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP32, mode='round')
        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(c__cast_fp32_tmp_v0, target_type=pl.FP16, mode='round')
        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)
        return r
)",
      &A5());
  ASSERT_TRUE(pto.ok()) << pto.status();
  EXPECT_THAT(*pto, HasSubstr("pto.tcvt ins(%t {rmode = #pto<round_mode ROUND>, satmode = "
                              "#pto<saturation_mode OFF>} : "));
  EXPECT_THAT(*pto, HasSubstr("outs(%c__cast_fp32_tmp_v0 : "));
  EXPECT_THAT(*pto, HasSubstr("pto.tcvt ins(%c__cast_fp32_tmp_v0 {"));
  size_t count = 0;
  for (size_t at = pto->find("pto.tcvt"); at != std::string::npos;
       at = pto->find("pto.tcvt", at + 1)) {
    ++count;
  }
  EXPECT_EQ(count, 2u);
}

TEST(PtoTextTest, LoopWithATileIterArg) {
  absl::StatusOr<std::string> pto = EmitText(
      R"(    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        for i, (acc,) in pl.range(4, init_values=(a0,)):
            nxt: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(acc, 1.0)
            acc_out: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.yield_(nxt)
        r: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(acc_out, [0, 0], out)
        return r
)",
      &A5());
  ASSERT_TRUE(pto.ok()) << pto.status();
  // The init is loaded into the carried buffer and updated in place.
  EXPECT_THAT(*pto, Not(HasSubstr("pto.tmov")));
  EXPECT_THAT(*pto,
              HasSubstr("scf.for %i = %c0 to %c4 step %c1 {\n      pto.tadds ins(%a0, %cst : "));
  EXPECT_THAT(*pto, HasSubstr(") outs(%a0 : "));
  EXPECT_THAT(*pto, HasSubstr("pto.tstore ins(%a0 : "));
}

TEST(PtoTextTest, ReturningATileIsUnsupported) {
  absl::StatusOr<std::string> pto = EmitText(
      R"(    def k(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]:
        a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        return a
)",
      &A5());
  ASSERT_FALSE(pto.ok());
  EXPECT_THAT(std::string(pto.status().message()),
              HasSubstr("kernel.py:8:9: error: codegen: a PTO kernel returns results through "
                        "its tensor parameters; returning a TileType is not supported"));
}

// --- Streaming into a sink ------------------------------------------------------

// Keeps every chunk it is given; fails from its `fail_at`-th write on.
struct RecordingSink : ir::TextSink {
  absl::Status Write(absl::string_view chunk) override {
    ++attempts;
    if (chunks.size() == fail_at) return absl::DataLossError("disk full");
    chunks.emplace_back(chunk);
    return absl::OkStatus();
  }
  std::string Text() const { return absl::StrJoin(chunks, ""); }
  std::vector<std::string> chunks;
  size_t attempts = 0;
  size_t fail_at = SIZE_MAX;
};

// Two kernels: `k` (an FP32 -> FP16 cast, native on a5) and `k2` (the
// INT32 -> FP16 cast, native on a2a3 only).
std::string TwoKernels() {
  return absl::StrCat(CastKernel("k", "FP32"), "\n    @pl.function(type=pl.FunctionType.InCore)\n",
                      CastKernel("k2", "INT32"));
}

class TwoKernelsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<ir::Program> p =
        ir::ParseProgram(ctx_, absl::StrCat(kHeader, TwoKernels()), "kernel.py");
    ASSERT_TRUE(p.ok()) << p.status();
    program_ = *std::move(p);
  }
  const ir::Program& program() const { return *program_; }

  ir::Context ctx_;
  std::optional<ir::Program> program_;
};

TEST_F(TwoKernelsTest, StreamingWritesTheStringFormsTextAFunctionAtATime) {
  absl::StatusOr<std::string> whole = EmitPto(program(), &A2A3());
  ASSERT_TRUE(whole.ok()) << whole.status();
  RecordingSink sink;
  ASSERT_TRUE(EmitPto(program(), &A2A3(), sink).ok());
  EXPECT_EQ(sink.Text(), *whole);
  // The first function is complete in the sink before the second starts.
  std::string prefix;
  bool split = false;
  for (size_t i = 0; i + 1 < sink.chunks.size() && !split; ++i) {
    prefix += sink.chunks[i];
    split = absl::EndsWith(prefix, "    return\n  }\n") &&
            absl::StartsWith(sink.chunks[i + 1], "  func.func @k2(");
  }
  EXPECT_TRUE(split);
}

TEST_F(TwoKernelsTest, AnErrorInALaterFunctionLeavesOnlyTheEarlierOnesInTheSink) {
  RecordingSink sink;
  absl::Status status = EmitPto(program(), &A5(), sink);
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(std::string(status.message()),
              HasSubstr("tile.cast from INT32 to FP16 is not a native pto.tcvt on a5"));
  EXPECT_THAT(sink.Text(), StartsWith("module attributes {pto.target_arch = \"a5\"} {\n"
                                      "  func.func @k("));
  EXPECT_TRUE(absl::EndsWith(sink.Text(), "    return\n  }\n"));
  EXPECT_THAT(sink.Text(), Not(HasSubstr("@k2")));
  // The string form returns the error alone.
  absl::StatusOr<std::string> whole = EmitPto(program(), &A5());
  EXPECT_EQ(whole.status(), status);
}

TEST_F(TwoKernelsTest, ASinkErrorStopsTheEmitter) {
  RecordingSink sink;
  sink.fail_at = 2;
  absl::Status status = EmitPto(program(), &A2A3(), sink);
  EXPECT_EQ(status, absl::DataLossError("disk full"));
  EXPECT_EQ(sink.chunks.size(), 2u);
  EXPECT_EQ(sink.attempts, 3u);  // nothing after the failed write
}

}  // namespace
}  // namespace pto::codegen
