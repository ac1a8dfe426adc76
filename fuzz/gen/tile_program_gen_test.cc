#include "fuzz/gen/tile_program_gen.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/text/printer/printer.h"

namespace pto::fuzz {
namespace {

std::vector<uint8_t> RandomBytes(std::mt19937& rng, size_t n) {
  std::vector<uint8_t> bytes(n);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
  return bytes;
}

TEST(TileProgramGenTest, EveryProgramVerifiesAndCoversEveryComposite) {
  std::mt19937 rng(7);
  TileProgramFeatures total;
  int may_fail = 0;
  constexpr int kPrograms = 1500;
  for (int i = 0; i < kPrograms; ++i) {
    std::vector<uint8_t> bytes = RandomBytes(rng, 16 + rng() % 240);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    TileProgram p = GenerateTileProgram(ctx, data);
    absl::Status verified = ir::VerifyProgram(p.program);
    ASSERT_TRUE(verified.ok()) << verified << "\n" << ir::PrintProgram(p.program);
    ASSERT_EQ(p.kernel->params().size(), p.inputs.size() + p.outputs.size());
    for (const TileOutput& o : p.outputs) {
      if (o.bound.kind == ValueBound::Kind::kNearCast) {
        ASSERT_GE(o.source, 0);
        ASSERT_LT(static_cast<size_t>(o.source), p.outputs.size());
      }
    }
    total += p.features;
    may_fail += p.may_fail_lowering;
  }
  std::printf(
      "%d programs: sin %d, cos %d, select tile/tile %d, tile/scalar %d, scalar/tile %d, "
      "tquant_mx %d, casts %d (near %d), loops %d, whiles %d (down %d), native whiles %d, "
      "ifs %d, tuples %d, evals %d; may fail lowering %d\n",
      kPrograms, total.sin, total.cos, total.select_tile_tile, total.select_tile_scalar,
      total.select_scalar_tile, total.tquant_mx, total.casts, total.near_casts, total.loops,
      total.whiles, total.whiles_down, total.native_whiles, total.ifs, total.tuples, total.evals,
      may_fail);
  // Each feature shows up in a good share of programs, not once by luck.
  for (int n : {total.sin, total.cos, total.select_tile_tile, total.select_tile_scalar,
                total.select_scalar_tile, total.casts, total.loops, total.whiles, total.ifs,
                total.tuples, total.evals}) {
    EXPECT_GT(n, kPrograms / 10);
  }
  // Both while forms, and pl.while_ counting both ways.
  EXPECT_GT(total.native_whiles, kPrograms / 20);
  EXPECT_GT(total.whiles_down, kPrograms / 20);
  EXPECT_GT(total.whiles - total.whiles_down, kPrograms / 20);
  EXPECT_GT(total.tquant_mx, kPrograms / 100);
  // The hand-written DSL's statement forms: scopes, loop exits, unpacking.
  std::printf("scopes %d, breaks %d, continues %d, unpacks %d\n", total.scopes, total.breaks,
              total.continues, total.unpacks);
  EXPECT_GT(total.scopes, kPrograms / 50);
  EXPECT_GT(total.breaks, kPrograms / 50);
  EXPECT_GT(total.continues, kPrograms / 50);
  EXPECT_GT(total.unpacks, kPrograms / 50);
  EXPECT_GT(total.near_casts, kPrograms / 100);
  // Rejections by the backend are the exception.
  EXPECT_LT(may_fail, kPrograms / 5);
}

TEST(TileProgramGenTest, SameBytesSameProgramAndData) {
  std::mt19937 rng(11);
  std::vector<uint8_t> bytes = RandomBytes(rng, 200);
  auto make = [&](ir::Context& ctx) {
    FuzzedDataProvider data(bytes.data(), bytes.size());
    return GenerateTileProgram(ctx, data);
  };
  ir::Context a_ctx, b_ctx;
  TileProgram a = make(a_ctx);
  TileProgram b = make(b_ctx);
  EXPECT_EQ(ir::PrintProgram(a.program), ir::PrintProgram(b.program));
  EXPECT_EQ(a.data_seed, b.data_seed);
  std::vector<sim::BufferView> ain = MakeInputs(a);
  std::vector<sim::BufferView> bin = MakeInputs(b);
  ASSERT_EQ(ain.size(), bin.size());
  for (size_t i = 0; i < ain.size(); ++i) {
    ASSERT_EQ(ain[i].storage->size(), bin[i].storage->size());
    EXPECT_EQ(0, std::memcmp(ain[i].storage->data(), bin[i].storage->data(),
                             static_cast<size_t>(ain[i].storage->size())));
  }
}

TEST(TileProgramGenTest, InputsAreDefinedAndInsideTheirRange) {
  std::mt19937 rng(3);
  for (int i = 0; i < 200; ++i) {
    std::vector<uint8_t> bytes = RandomBytes(rng, 64 + rng() % 128);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    TileProgram p = GenerateTileProgram(ctx, data);
    std::vector<sim::BufferView> in = MakeInputs(p);
    ASSERT_EQ(in.size(), p.inputs.size());
    // The first input feeds sin/cos: FP32 within [-range, range].
    ASSERT_EQ(in[0].dtype, ir::DataType::kFP32);
    float bound = static_cast<float>(p.inputs[0].range);
    sim::ForEachIndex(in[0].shape, [&](absl::Span<const int64_t> index) {
      int64_t at = sim::BitOffset(in[0], index);
      ASSERT_TRUE(sim::IsDefinedAt(in[0], at));
      uint32_t bits = static_cast<uint32_t>(sim::LoadBits(in[0], at));
      float f;
      std::memcpy(&f, &bits, 4);
      ASSERT_LE(std::fabs(f), bound);
    });
  }
}

TEST(TileProgramGenTest, WithoutUnlowerableChoicesNothingMayFail) {
  std::mt19937 rng(5);
  TileProgramOptions options;
  options.allow_unlowerable = false;
  for (int i = 0; i < 500; ++i) {
    std::vector<uint8_t> bytes = RandomBytes(rng, 16 + rng() % 240);
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    EXPECT_FALSE(GenerateTileProgram(ctx, data, options).may_fail_lowering);
  }
}

}  // namespace
}  // namespace pto::fuzz
