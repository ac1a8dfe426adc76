#include "passes/materialize_tcvt_scratch/materialize_tcvt_scratch.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "backends/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"

namespace pto::passes {
namespace {

using ::testing::HasSubstr;

// A kernel whose `body` (statements defining `q`) sits between the load of
// x (`shape`, `src`) into `h` and the store of `q` (`dst`); `params` are
// extra parameters.
std::string Kernel(absl::string_view src, absl::string_view dst, absl::string_view shape,
                   absl::string_view body, absl::string_view params = "") {
  std::string text = R"(# pypto.program: P
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[$SHAPE], pl.$SRC], out: pl.Out[pl.Tensor[[$SHAPE], pl.$DST]]$PARAMS) -> pl.Tensor[[$SHAPE], pl.$DST]:
        h = pl.tile.load(x, [$ZEROS], [$SHAPE], [$SHAPE], target_memory=pl.Mem.Vec)
$BODY
        r = pl.tile.store(q, [$ZEROS], out)
        return r
)";
  std::string zeros = "0";
  for (char ch : shape) {
    if (ch == ',') zeros += ", 0";
  }
  return absl::StrReplaceAll(text, {{"$SHAPE", shape},
                                    {"$SRC", src},
                                    {"$DST", dst},
                                    {"$BODY", body},
                                    {"$PARAMS", params},
                                    {"$ZEROS", zeros}});
}

ir::Program Parse(ir::Context& ctx, absl::string_view text) {
  absl::StatusOr<ir::Program> p = ir::ParseProgram(ctx, text, "k.py");
  EXPECT_TRUE(p.ok()) << p.status().message() << "\nin:\n" << text;
  return p.ok() ? *p : ctx.NewProgram("P", {});
}

absl::StatusOr<ir::Program> Materialize(const ir::Program& p, absl::string_view backend) {
  PassContext pc(*backends::FindBackend(backend));
  return CreateMaterializeTcvtScratchPass()->Run(p, pc);
}

// Runs the pass and checks its output verifies and is a fixed point.
ir::Program RunAndCheck(const ir::Program& p, absl::string_view backend) {
  absl::StatusOr<ir::Program> out = Materialize(p, backend);
  EXPECT_TRUE(out.ok()) << out.status().message();
  if (!out.ok()) return p;
  absl::Status verified = ir::VerifyProgram(*out);
  EXPECT_TRUE(verified.ok()) << verified.message() << "\n" << ir::PrintProgram(*out);
  absl::StatusOr<ir::Program> twice = Materialize(*out, backend);
  EXPECT_TRUE(twice.ok() && twice->SameAs(*out)) << "the pass is not idempotent";
  return *out;
}

void ExpectStructurallyEqual(const ir::Program& got, ir::Context& ctx, absl::string_view want) {
  ir::Program expected = Parse(ctx, want);
  absl::Status same = ir::CheckStructuralEqual(got, expected);
  EXPECT_TRUE(same.ok()) << same.message() << "\ngot:\n" << ir::PrintProgram(got);
}

constexpr absl::string_view kOffCast =
    "        q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc', saturation_mode='off')";

TEST(MaterializeTcvtScratchTest, NonSaturatingNarrowingGetsItsScratch) {
  ir::Context ctx;
  ir::Program out = RunAndCheck(Parse(ctx, Kernel("FP16", "INT8", "16, 16", kOffCast)), "a2a3");
  ExpectStructurallyEqual(
      out, ctx,
      Kernel("FP16", "INT8", "16, 16",
             "        t = pl.tile.create([1, 160], dtype=pl.INT8, target_memory=pl.Mem.Vec)\n"
             "        q = pl.tile.cast(h, t, target_type=pl.INT8, mode='trunc', "
             "saturation_mode='off')"));
  ir::PrintOptions concise;
  concise.concise = true;
  EXPECT_THAT(ir::PrintProgram(out, concise),
              HasSubstr("        q__tcvt_tmp_v0 = pl.tile.create([1, 160], dtype=pl.INT8, "
                        "target_memory=pl.Mem.Vec)\n"
                        "        q = pl.tile.cast(h, q__tcvt_tmp_v0, target_type=pl.INT8, "
                        "mode='trunc', saturation_mode='off')\n"));
}

TEST(MaterializeTcvtScratchTest, SizesFollowTheBackend) {
  ir::Context ctx;
  ir::Program out = RunAndCheck(
      Parse(ctx, Kernel("FP32", "INT16", "16, 16",
                        "        q = pl.tile.cast(h, target_type=pl.INT16, mode='round', "
                        "saturation_mode='off')")),
      "a2a3");
  EXPECT_THAT(ir::PrintProgram(out), HasSubstr("pl.tile.create([1, 1024], dtype=pl.INT8"));
  // A rank-3 source is flattened as codegen lays it out: 2 * 8 rows of 16.
  out = RunAndCheck(
      Parse(ctx, Kernel("FP32", "INT16", "2, 8, 16",
                        "        q = pl.tile.cast(h, target_type=pl.INT16, mode='round', "
                        "saturation_mode='off')")),
      "a2a3");
  EXPECT_THAT(ir::PrintProgram(out), HasSubstr("pl.tile.create([1, 1024], dtype=pl.INT8"));
}

TEST(MaterializeTcvtScratchTest, SaturatingAndWideningCastsTakeNone) {
  ir::Context ctx;
  for (absl::string_view body :
       {"        q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc')",
        "        q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc', saturation_mode='on')"}) {
    ir::Program in = Parse(ctx, Kernel("FP16", "INT8", "16, 16", body));
    absl::StatusOr<ir::Program> out = Materialize(in, "a2a3");
    ASSERT_TRUE(out.ok()) << out.status().message();
    EXPECT_TRUE(out->SameAs(in)) << body;
  }
  ir::Program widening = Parse(
      ctx, Kernel("FP16", "FP32", "16, 16",
                  "        q = pl.tile.cast(h, target_type=pl.FP32, saturation_mode='off')"));
  absl::StatusOr<ir::Program> out = Materialize(widening, "a2a3");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_TRUE(out->SameAs(widening));
}

TEST(MaterializeTcvtScratchTest, CallerTmpIsKept) {
  ir::Context ctx;
  ir::Program in = Parse(
      ctx, Kernel("FP16", "INT8", "16, 16",
                  "        mine = pl.tile.create([1, 256], dtype=pl.INT8, "
                  "target_memory=pl.Mem.Vec)\n"
                  "        q = pl.tile.cast(h, mine, target_type=pl.INT8, mode='trunc', "
                  "saturation_mode='off')"));
  absl::StatusOr<ir::Program> out = Materialize(in, "a2a3");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_TRUE(out->SameAs(in));
}

TEST(MaterializeTcvtScratchTest, NothingOnA5OrWithoutBackend) {
  ir::Context ctx;
  ir::Program in = Parse(ctx, Kernel("FP16", "INT8", "16, 16", kOffCast));
  for (absl::string_view backend : {"a5", "none"}) {
    absl::StatusOr<ir::Program> out = Materialize(in, backend);
    ASSERT_TRUE(out.ok()) << out.status().message();
    EXPECT_TRUE(out->SameAs(in)) << backend;
  }
}

TEST(MaterializeTcvtScratchTest, HostFunctionsAreSkipped) {
  ir::Context ctx;
  std::string text = absl::StrReplaceAll(
      Kernel("FP16", "INT8", "16, 16", kOffCast),
      {{"@pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
        "role=pl.Role.SubWorker)",
        "@pl.function(level=pl.Level.HOST)"}});
  ir::Program in = Parse(ctx, text);
  absl::StatusOr<ir::Program> out = Materialize(in, "a2a3");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(in.functions()[0]->level(), ir::Level::kHost);
  EXPECT_TRUE(out->SameAs(in));
}

TEST(MaterializeTcvtScratchTest, ScratchLandsBeforeItsStatementInsideALoop) {
  ir::Context ctx;
  ir::Program out = RunAndCheck(
      Parse(ctx, Kernel("FP16", "INT8", "16, 16",
                        "        for i in pl.range(4):\n"
                        "            c = pl.tile.cast(h, target_type=pl.INT8, mode='trunc', "
                        "saturation_mode='off')\n"
                        "            s = pl.tile.store(c, [0, 0], out)\n"
                        "        q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc')")),
      "a2a3");
  ir::PrintOptions concise;
  concise.concise = true;
  EXPECT_THAT(ir::PrintProgram(out, concise),
              HasSubstr("        for i in pl.range(4):\n"
                        "            c__tcvt_tmp_v0 = pl.tile.create([1, 160], dtype=pl.INT8, "
                        "target_memory=pl.Mem.Vec)\n"
                        "            c = pl.tile.cast(h, c__tcvt_tmp_v0, target_type=pl.INT8, "
                        "mode='trunc', saturation_mode='off')\n"
                        "            s = pl.tile.store(c, [0, 0], out)\n"
                        "        q = pl.tile.cast(h, target_type=pl.INT8, mode='trunc')\n"));
}

TEST(MaterializeTcvtScratchTest, DynamicExtentIsAnErrorNamingTheCast) {
  ir::Context ctx;
  ir::Program in = Parse(
      ctx, Kernel("FP16", "INT8", "16, 16",
                  "        v = pl.tile.set_validshape(h, 16, n)\n"
                  "        q = pl.tile.cast(v, target_type=pl.INT8, mode='trunc', "
                  "saturation_mode='off')",
                  ", n: pl.Scalar[pl.INDEX]"));
  absl::StatusOr<ir::Program> out = Materialize(in, "a2a3");
  ASSERT_FALSE(out.ok());
  EXPECT_THAT(out.status().message(),
              HasSubstr("k.py:10:13: error: MaterializeTcvtScratch: tile.cast from fp16 to int8 "
                        "with saturation_mode='off' needs a scratch tile on a2a3, but the "
                        "scratch size depends on the source's column count and valid rows and "
                        "columns, which must be compile-time constants (source shape [16, 16], "
                        "valid shape [16, n]); give the source static extents or pass tmp="));
  // Saturating, the same cast needs nothing and is fine.
  ir::Program sat = Parse(
      ctx, Kernel("FP16", "INT8", "16, 16",
                  "        v = pl.tile.set_validshape(h, 16, n)\n"
                  "        q = pl.tile.cast(v, target_type=pl.INT8, mode='trunc')",
                  ", n: pl.Scalar[pl.INDEX]"));
  EXPECT_TRUE(Materialize(sat, "a2a3").ok());
}

// The default pipeline: legalize-tile-cast splits FP32 -> INT8 on a2a3, and
// the scratch goes to the narrowing final hop only.
TEST(MaterializeTcvtScratchTest, DefaultPipelineGivesTheFinalHopItsScratch) {
  ir::Context ctx;
  ir::Program in = Parse(ctx, Kernel("FP32", "INT8", "16, 16", kOffCast));
  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes = BuiltinPasses().Build("default");
  ASSERT_TRUE(passes.ok());
  PassManager pm(*std::move(passes));
  PassContext pc(*backends::FindBackend("a2a3"));
  absl::StatusOr<ir::Program> out = pm.Run(in, pc);
  ASSERT_TRUE(out.ok()) << out.status().message();
  ExpectStructurallyEqual(
      *out, ctx,
      Kernel("FP32", "INT8", "16, 16",
             "        f = pl.tile.cast(h, target_type=pl.FP16, mode='trunc')\n"
             "        t = pl.tile.create([1, 160], dtype=pl.INT8, target_memory=pl.Mem.Vec)\n"
             "        q = pl.tile.cast(f, t, target_type=pl.INT8, mode='trunc', "
             "saturation_mode='off')"));
}

}  // namespace
}  // namespace pto::passes
