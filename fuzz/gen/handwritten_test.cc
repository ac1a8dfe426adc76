#include "fuzz/gen/handwritten.h"

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "fuzz/gen/tile_program_gen.h"
#include "fuzz/gen/tile_program_run.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/text/printer/printer.h"
#include "sim/interp/buffer.h"

namespace pto::fuzz {
namespace {

std::vector<uint8_t> RandomBytes(std::mt19937& rng, size_t n) {
  std::vector<uint8_t> bytes(n);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
  return bytes;
}

// Hand-written -> parse is the program the generator meant (structurally
// equal, same canonical print) and computes the same outputs, bit for bit.
TEST(HandWrittenTest, ParsesToTheGeneratedProgramAndRunsTheSame) {
  std::mt19937 rng(17);
  HandWrittenFeatures total;
  constexpr int kPrograms = 1500;
  int ran = 0;
  for (int i = 0; i < kPrograms; ++i) {
    std::vector<uint8_t> bytes = RandomBytes(rng, 16 + rng() % 240);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    TileProgram tp = GenerateTileProgram(ctx, data);
    HandWritten hand = WriteHandWritten(tp.program, rng());
    ir::Context hctx;
    absl::StatusOr<ir::Program> parsed = ParseHandWritten(hctx, hand, tp.program);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    ASSERT_TRUE(ir::VerifyProgram(*parsed).ok());
    if (i % 5 == 0) {
      std::vector<sim::BufferView> inputs = MakeInputs(tp);
      absl::StatusOr<std::vector<sim::BufferView>> want = RunTileKernel(tp.program, tp, inputs);
      absl::StatusOr<std::vector<sim::BufferView>> got = RunTileKernel(*parsed, tp, inputs);
      ASSERT_EQ(want.ok(), got.ok()) << want.status() << " vs " << got.status();
      if (want.ok()) {
        ++ran;
        for (size_t k = 0; k < want->size(); ++k) {
          ASSERT_EQ((*want)[k].storage->size(), (*got)[k].storage->size());
          EXPECT_EQ(0, std::memcmp((*want)[k].storage->data(), (*got)[k].storage->data(),
                                   static_cast<size_t>((*want)[k].storage->size())))
              << hand.text;
        }
      }
    }
    const HandWrittenFeatures& f = hand.features;
    total.unified_calls += f.unified_calls;
    total.keyword_args += f.keyword_args;
    total.defaults_left += f.defaults_left;
    total.unannotated += f.unannotated;
    total.unpacked += f.unpacked;
    total.module_consts += f.module_consts;
    total.docstrings += f.docstrings;
    total.scope_spellings += f.scope_spellings;
    total.long_ranges += f.long_ranges;
    total.scalar_calls += f.scalar_calls;
  }
  std::printf(
      "%d programs (%d run): unified %d, keyword args %d, defaults left %d, unannotated %d, "
      "unpacked %d, module consts %d, docstrings %d, scope spellings %d, long ranges %d, "
      "scalar calls %d\n",
      kPrograms, ran, total.unified_calls, total.keyword_args, total.defaults_left,
      total.unannotated, total.unpacked, total.module_consts, total.docstrings,
      total.scope_spellings, total.long_ranges, total.scalar_calls);
  EXPECT_GT(ran, kPrograms / 10);
  for (int n : {total.unified_calls, total.keyword_args, total.defaults_left, total.unannotated,
                total.module_consts, total.docstrings}) {
    EXPECT_GT(n, kPrograms / 2);
  }
  for (int n : {total.unpacked, total.scope_spellings, total.long_ranges, total.scalar_calls}) {
    EXPECT_GT(n, kPrograms / 50);
  }
}

TEST(HandWrittenTest, SameProgramAndSeedSameText) {
  std::mt19937 rng(23);
  std::vector<uint8_t> bytes = RandomBytes(rng, 200);
  FuzzedDataProvider data(bytes.data(), bytes.size());
  ir::Context ctx;
  TileProgram tp = GenerateTileProgram(ctx, data);
  EXPECT_EQ(WriteHandWritten(tp.program, 5).text, WriteHandWritten(tp.program, 5).text);
  EXPECT_NE(WriteHandWritten(tp.program, 5).text, ir::PrintProgram(tp.program));
}

TEST(HandWrittenTest, ParseHandWrittenNamesWhatWentWrong) {
  std::mt19937 rng(29);
  ir::Context ctx;
  std::vector<TileProgram> programs;
  for (int i = 0; i < 2; ++i) {
    std::vector<uint8_t> bytes = RandomBytes(rng, 200);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    programs.push_back(GenerateTileProgram(ctx, data));
  }
  const ir::Program& p = programs[0].program;
  HandWritten broken{"import pypto.language as pl\nx = (\n", {}};
  ir::Context c1;
  absl::StatusOr<ir::Program> parsed = ParseHandWritten(c1, broken, p);
  EXPECT_THAT(std::string(parsed.status().message()),
              ::testing::StartsWith("hand-written program does not parse: hand_written.py:"));
  HandWritten other = WriteHandWritten(programs[1].program, 3);
  ir::Context c2;
  parsed = ParseHandWritten(c2, other, p);
  ASSERT_FALSE(parsed.ok());
  EXPECT_THAT(std::string(parsed.status().message()),
              ::testing::HasSubstr("hand-written program parses to another program: "));
  EXPECT_THAT(std::string(parsed.status().message()),
              ::testing::HasSubstr("----- generated -----\n" + ir::PrintProgram(p)));
  ir::Context c3;
  EXPECT_TRUE(ParseHandWritten(c3, WriteHandWritten(p, 3), p).ok());
}

}  // namespace
}  // namespace pto::fuzz
