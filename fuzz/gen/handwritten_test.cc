#include "fuzz/gen/handwritten.h"

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "fuzz/gen/tile_program_gen.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/verifier.h"
#include "ir/text/parser.h"
#include "ir/text/printer.h"
#include "sim/interp/interpreter.h"

namespace pto::fuzz {
namespace {

std::vector<uint8_t> RandomBytes(std::mt19937& rng, size_t n) {
  std::vector<uint8_t> bytes(n);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
  return bytes;
}

// The kernel's Out buffers after running `p` on the program's inputs, or
// the interpreter's error.
absl::StatusOr<std::vector<sim::BufferView>> RunKernel(const ir::Program& p, const TileProgram& tp) {
  std::vector<sim::Value> args;
  for (const sim::BufferView& in : MakeInputs(tp)) args.push_back(sim::Value::Of(in));
  std::vector<sim::BufferView> outputs;
  for (const TileOutput& o : tp.outputs) {
    const auto* tt = o.param->type()->As<ir::TensorType>();
    std::vector<int64_t> shape;
    for (const ir::Expr* d : tt->shape()) shape.push_back(*ir::AsConstInt(d));
    outputs.push_back(sim::AllocateBuffer(tt->dtype(), shape, /*col_major=*/false));
    args.push_back(sim::Value::Of(outputs.back()));
  }
  sim::Interpreter interp(p);
  absl::StatusOr<std::vector<sim::Value>> r = interp.Run("kernel", std::move(args));
  if (!r.ok()) return r.status();
  return outputs;
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
    absl::StatusOr<ir::Program> parsed = ir::ParseProgram(hctx, hand.text, "hand.py");
    ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << hand.text;
    absl::Status equal = ir::CheckStructuralEqual(tp.program, *parsed);
    ASSERT_TRUE(equal.ok()) << equal << "\n" << hand.text << "\n----- generated -----\n"
                            << ir::PrintProgram(tp.program);
    ASSERT_TRUE(ir::VerifyProgram(*parsed).ok());
    if (i % 5 == 0) {
      absl::StatusOr<std::vector<sim::BufferView>> want = RunKernel(tp.program, tp);
      absl::StatusOr<std::vector<sim::BufferView>> got = RunKernel(*parsed, tp);
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

}  // namespace
}  // namespace pto::fuzz
