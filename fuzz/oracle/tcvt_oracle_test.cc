#include "fuzz/oracle/tcvt_oracle.h"

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "backends/registry.h"
#include "gtest/gtest.h"
#include "passes/legalize_tile_cast/spec_tables.h"

namespace pto::fuzz {
namespace {

using ir::DataType;

TEST(CanHoldEveryValueOfTest, Integers) {
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kInt32, DataType::kInt16));
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kInt16, DataType::kUInt8));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kInt16, DataType::kInt32));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kUInt32, DataType::kInt8));  // negatives
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kInt16, DataType::kUInt16));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kInt32, DataType::kFP16));  // fractions
}

TEST(CanHoldEveryValueOfTest, FloatsHoldingIntegers) {
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP16, DataType::kInt8));
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP16, DataType::kUInt8));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kFP16, DataType::kInt16));  // 11 bits < 15
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kBF16, DataType::kUInt8));   // 8 bits
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kBF16, DataType::kInt16));
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP32, DataType::kInt16));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kFP32, DataType::kInt32));  // 24 bits < 31
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kFP8E8M0, DataType::kUInt8));  // no zero
}

TEST(CanHoldEveryValueOfTest, FloatsHoldingFloats) {
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP32, DataType::kFP16));
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP32, DataType::kBF16));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kFP16, DataType::kBF16));  // range
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kBF16, DataType::kFP16));  // precision
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP16, DataType::kFP8E4M3FN));
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP16, DataType::kFP8E5M2));  // subnormals too
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP16, DataType::kHF8));     // tapered denormals
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kFP8E4M3FN, DataType::kFP8E5M2));
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kBF16, DataType::kFP4));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kFP4, DataType::kFP8E4M3FN));
  EXPECT_TRUE(CanHoldEveryValueOf(DataType::kFP32, DataType::kFP8E8M0));
  EXPECT_FALSE(CanHoldEveryValueOf(DataType::kFP16, DataType::kFP8E8M0));
}

TEST(ShortestTcvtChainTest, KnownChains) {
  const backends::Backend* a5 = *backends::FindBackend("a5");
  EXPECT_EQ(ShortestTcvtChain(a5->GetTcvtAdjacency(), DataType::kInt32, DataType::kFP16), 2);
  EXPECT_EQ(ShortestTcvtChain(a5->GetTcvtAdjacency(), DataType::kFP16, DataType::kBF16), 2);
  EXPECT_EQ(ShortestTcvtChain(a5->GetTcvtAdjacency(), DataType::kFP32, DataType::kFP16), 1);
  EXPECT_EQ(ShortestTcvtChain(a5->GetTcvtAdjacency(), DataType::kFP16, DataType::kFP16), 0);
  EXPECT_EQ(ShortestTcvtChain(a5->GetTcvtAdjacency(), DataType::kBool, DataType::kFP16),
            std::nullopt);
}

// The oracle, built without the pass's rule, reproduces both spec tables:
// the listed pairs with their lengths and every other pair as unreachable.
TEST(ShortestTcvtChainTest, AgreesWithTheSpecTables) {
  for (absl::string_view arch : {"a5", "a2a3"}) {
    const backends::Backend* b = *backends::FindBackend(arch);
    int listed = 0;
    for (DataType src : DataType::All()) {
      for (DataType dst : DataType::All()) {
        if (src == dst) continue;
        std::optional<int> spec = passes::testing::SpecHops(arch, src, dst);
        std::optional<int> oracle = ShortestTcvtChain(b->GetTcvtAdjacency(), src, dst);
        EXPECT_EQ(oracle, spec) << arch << ": " << src.name() << " -> " << dst.name();
        listed += spec.has_value();
      }
    }
    EXPECT_GT(listed, 20) << arch;
  }
}

}  // namespace
}  // namespace pto::fuzz
