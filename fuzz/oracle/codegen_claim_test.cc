// The codegen claim seen from the tile-program generator: after the default
// pipeline nearly every generated kernel is claimed (so tile_program_fuzzer's
// codegen property requires success on it), and the claimed ones emit.

#include "fuzz/oracle/codegen_claim.h"

#include <cstdio>
#include <random>
#include <vector>

#include "backends/registry.h"
#include "codegen/support.h"
#include "fuzz/gen/tile_program_gen.h"
#include "gtest/gtest.h"
#include "ir/check.h"
#include "passes/all_passes.h"
#include "passes/pass_manager.h"

namespace pto::fuzz {
namespace {

TEST(CodegenClaimTest, NearlyEveryLoweredTileProgramIsClaimedAndEmits) {
  auto passes = passes::BuiltinPasses().Build("default");
  ASSERT_TRUE(passes.ok()) << passes.status();
  passes::PassManager pipeline(*std::move(passes));
  std::mt19937 rng(17);
  int lowered = 0, claimed = 0;
  for (int i = 0; i < 400; ++i) {
    std::vector<uint8_t> bytes(16 + rng() % 240);
    for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
    FuzzedDataProvider data(bytes.data(), bytes.size());
    ir::Context ctx;
    // Scopes and loop exits are outside the claim by design (docs/codegen.md).
    TileProgramOptions options;
    options.scopes_and_loop_exits = false;
    TileProgram p = GenerateTileProgram(ctx, data, options);
    const backends::Backend* backend = *backends::FindBackend(p.arch);
    passes::PassContext pc(backend);
    absl::StatusOr<ir::Program> l = pipeline.Run(p.program, pc);
    if (!l.ok()) continue;  // a choice the backend rejects (may_fail_lowering)
    ++lowered;
    if (codegen::CheckCodegenSupport(*l, backend).ok()) ++claimed;
    EmitPtoAsClaimed(*l, backend).IgnoreError();  // a finding aborts
  }
  std::printf("%d lowered, %d claimed by codegen\n", lowered, claimed);
  EXPECT_GT(lowered, 350);
  EXPECT_GT(claimed, lowered * 9 / 10);
}

}  // namespace
}  // namespace pto::fuzz
