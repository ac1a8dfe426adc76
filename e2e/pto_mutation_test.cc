// A hand-made mutation of emitted PTO changes what it computes, and the
// differential check (e2e/pto_diff.h: the IR interpreter against the PTO
// interpreter) catches it. Each test first shows the unmutated PTO agrees,
// so a check that could not fail would fail here.

#include <string>

#include "absl/strings/str_replace.h"
#include "e2e/pto_diff.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::e2e {
namespace {

using ::testing::HasSubstr;

constexpr char kHeader[] = R"(import pypto.language as pl

@pl.program
class M:
    @pl.function(type=pl.FunctionType.InCore)
)";

std::string Program(const char* body) { return std::string(kHeader) + body; }

// Expects `mutate` to be caught on `arch`, and the unmutated PTO to agree.
void ExpectCaught(const std::string& dsl, const char* arch, std::string (*mutate)(std::string),
                  const char* what) {
  absl::StatusOr<KernelDiff> clean = DiffProgram(dsl, arch, "k");
  ASSERT_TRUE(clean.ok()) << clean.status();
  ASSERT_EQ(clean->skipped, "");
  EXPECT_EQ(clean->diff, "") << arch;
  absl::StatusOr<KernelDiff> mutated = DiffProgram(dsl, arch, "k", mutate);
  ASSERT_TRUE(mutated.ok()) << mutated.status();
  ASSERT_EQ(mutated->skipped, "");
  EXPECT_THAT(mutated->diff, HasSubstr(what)) << arch;
}

TEST(PtoMutationTest, SwappedOperandsOfANonCommutativeOp) {
  std::string dsl = Program(R"(    def k(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        ta = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        tb = pl.tile.load(b, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        d = pl.tile.sub(ta, tb)
        o = pl.tile.store(d, [0, 0], out)
        return o
)");
  for (const char* arch : {"a5", "a2a3"}) {
    ExpectCaught(dsl, arch,
                 [](std::string pto) {
                   return absl::StrReplaceAll(pto, {{"pto.tsub ins(%ta, %tb", "pto.tsub ins(%tb, %ta"}});
                 },
                 "parameter out");
  }
}

// Values of a * 100.5 reach outside INT8 (a up to 2) and fall halfway
// between integers.
constexpr char kCast[] = R"(    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.INT8]]) -> pl.Tensor[[16, 16], pl.INT8]:
        ta = pl.tile.load(a, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        big = pl.tile.muls(ta, 100.5)
        q = pl.tile.cast(big, target_type=pl.INT32, mode='round')
        r = pl.tile.cast(q, target_type=pl.INT8, mode='round')
        o = pl.tile.store(r, [0, 0], out)
        return o
)";

TEST(PtoMutationTest, AFlippedSaturationMode) {
  ExpectCaught(Program(kCast), "a5",
               [](std::string pto) {
                 return absl::StrReplaceAll(pto, {{"saturation_mode ON", "saturation_mode OFF"}});
               },
               "parameter out");
}

TEST(PtoMutationTest, AFlippedRoundingMode) {
  ExpectCaught(Program(kCast), "a5",
               [](std::string pto) {
                 return absl::StrReplaceAll(pto, {{"round_mode ROUND", "round_mode TRUNC"}});
               },
               "parameter out");
}

// A loop swapping two tiles: its yield is three copies through a spare
// buffer, which only work in their order.
TEST(PtoMutationTest, ReorderedYieldCopies) {
  std::string dsl = Program(R"(    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        a0 = pl.tile.load(x, [0, 0], [16, 16], [16, 16], target_memory=pl.Mem.Vec)
        b0 = pl.tile.adds(a0, 1.0)
        for i, (a, b) in pl.range(3, init_values=(a0, b0)):
            a_out, b_out = pl.yield_(b, a)
        d = pl.tile.sub(a_out, b_out)
        o = pl.tile.store(d, [0, 0], out)
        return o
)");
  for (const char* arch : {"a5", "a2a3"}) {
    ExpectCaught(dsl, arch,
                 [](std::string pto) {
                   // Move the first copy of the loop body after the second.
                   size_t first = pto.find("      pto.tmov");
                   size_t second = pto.find("      pto.tmov", first + 1);
                   size_t end = pto.find('\n', second) + 1;
                   std::string a = pto.substr(first, second - first);
                   std::string b = pto.substr(second, end - second);
                   return pto.replace(first, end - first, b + a);
                 },
                 "parameter out");
  }
}

}  // namespace
}  // namespace pto::e2e
