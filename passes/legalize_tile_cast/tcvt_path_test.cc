#include "passes/legalize_tile_cast/tcvt_path.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "backends/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/legalize_tile_cast/spec_tables.h"

namespace pto::passes {
namespace {

using ir::DataType;
using ::testing::ElementsAre;

const backends::Backend& Arch(absl::string_view name) { return **backends::FindBackend(name); }

std::string Describe(DataType src, const std::vector<DataType>& chain) {
  std::vector<std::string> names = {std::string(src.lower_name())};
  for (DataType d : chain) names.emplace_back(d.lower_name());
  return absl::StrJoin(names, "->");
}

// Every pair of every table: the chain length is the spec's number, every hop
// is native and no intermediate narrows; every other pair has no chain.
TEST(TcvtPathTest, EveryPairMatchesTheSpecTables) {
  for (absl::string_view arch : {"a5", "a2a3"}) {
    const backends::Backend& b = Arch(arch);
    int checked = 0;
    for (DataType src : DataType::All()) {
      for (DataType dst : DataType::All()) {
        if (src == dst) continue;
        std::vector<DataType> chain = FindTcvtPath(b.GetTcvtAdjacency(), src, dst);
        std::optional<int> want = testing::SpecHops(arch, src, dst);
        SCOPED_TRACE(absl::StrCat(arch, " ", Describe(src, chain), " wanted ", dst.lower_name()));
        if (!want) {
          EXPECT_TRUE(chain.empty());
          continue;
        }
        ++checked;
        ASSERT_EQ(static_cast<int>(chain.size()), *want);
        EXPECT_EQ(chain.back(), dst);
        DataType cur = src;
        for (size_t i = 0; i < chain.size(); ++i) {
          EXPECT_TRUE(b.IsNativeTcvt(cur, chain[i]));
          if (i + 1 < chain.size()) {
            EXPECT_FALSE(NarrowsRelativeTo(chain[i], dst));
          }
          cur = chain[i];
        }
      }
    }
    EXPECT_EQ(checked, static_cast<int>(testing::SpecTable(arch).size()));
  }
}

TEST(TcvtPathTest, SpecExamples) {
  auto path = [](absl::string_view arch, DataType s, DataType d) {
    return FindTcvtPath(Arch(arch).GetTcvtAdjacency(), s, d);
  };
  EXPECT_THAT(path("a5", DataType::kInt32, DataType::kFP16),
              ElementsAre(DataType::kFP32, DataType::kFP16));
  EXPECT_THAT(path("a5", DataType::kFP16, DataType::kBF16),
              ElementsAre(DataType::kFP32, DataType::kBF16));
  EXPECT_THAT(path("a5", DataType::kFP4, DataType::kFP8E4M3FN),
              ElementsAre(DataType::kBF16, DataType::kFP32, DataType::kFP8E4M3FN));
  EXPECT_THAT(path("a2a3", DataType::kFP32, DataType::kInt8),
              ElementsAre(DataType::kFP16, DataType::kInt8));
  EXPECT_THAT(path("a2a3", DataType::kInt32, DataType::kFP16), ElementsAre(DataType::kFP16));
  EXPECT_TRUE(path("a5", DataType::kUInt32, DataType::kFP32).empty());
  EXPECT_TRUE(path("a2a3", DataType::kHF8, DataType::kFP32).empty());
  EXPECT_TRUE(path("a5", DataType::kFP16, DataType::kInt4).empty());
  EXPECT_TRUE(path("a5", DataType::kFP32, DataType::kFP32).empty());
}

// The five pairs on which PyPTO's older (table-order) tie-break differs from
// the dtype-code order we implement, plus the pair where the same-width-float
// swap decides the bridge.
TEST(TcvtPathTest, TieBreakIsPinned) {
  auto bridge = [](absl::string_view arch, DataType s, DataType d) {
    return Describe(s, FindTcvtPath(Arch(arch).GetTcvtAdjacency(), s, d));
  };
  EXPECT_EQ(bridge("a5", DataType::kBF16, DataType::kHF8), "bfloat16->fp16->hf8");
  EXPECT_EQ(bridge("a5", DataType::kFP4, DataType::kHF8), "fp4->bfloat16->fp16->hf8");
  EXPECT_EQ(bridge("a5", DataType::kInt64, DataType::kInt16), "int64->int32->int16");
  EXPECT_EQ(bridge("a5", DataType::kInt8, DataType::kUInt8), "int8->int16->uint8");
  EXPECT_EQ(bridge("a2a3", DataType::kInt64, DataType::kInt16), "int64->int32->int16");
  EXPECT_EQ(bridge("a5", DataType::kInt16, DataType::kUInt16), "int16->uint32->uint16");
  // Same-width float first: int32 -> fp32 -> fp16 -> int8 on a5.
  EXPECT_EQ(bridge("a5", DataType::kInt32, DataType::kInt8), "int32->fp32->fp16->int8");
}

TEST(TcvtPathTest, ResultIsIndependentOfTableOrder) {
  std::vector<backends::TcvtEdge> edges = {
      {DataType::kFP32, DataType::kFP16}, {DataType::kFP32, DataType::kBF16},
      {DataType::kFP16, DataType::kInt8}, {DataType::kBF16, DataType::kInt8}};
  EXPECT_THAT(FindTcvtPath(edges, DataType::kFP32, DataType::kInt8),
              ElementsAre(DataType::kFP16, DataType::kInt8));
  std::vector<backends::TcvtEdge> shuffled = {
      {DataType::kBF16, DataType::kInt8}, {DataType::kFP16, DataType::kInt8},
      {DataType::kFP32, DataType::kBF16}, {DataType::kFP32, DataType::kFP16},
      {DataType::kFP32, DataType::kFP16}, {DataType::kFP16, DataType::kFP16}};
  EXPECT_THAT(FindTcvtPath(shuffled, DataType::kFP32, DataType::kInt8),
              ElementsAre(DataType::kFP16, DataType::kInt8));
  EXPECT_TRUE(FindTcvtPath(edges, DataType::kInt8, DataType::kFP32).empty());
}

TEST(TcvtPathTest, NarrowingRule) {
  EXPECT_TRUE(NarrowsRelativeTo(DataType::kFP16, DataType::kFP32));
  EXPECT_TRUE(NarrowsRelativeTo(DataType::kBF16, DataType::kFP16));  // fewer significand bits
  EXPECT_TRUE(NarrowsRelativeTo(DataType::kFP16, DataType::kBF16));  // fewer exponent bits
  EXPECT_FALSE(NarrowsRelativeTo(DataType::kFP32, DataType::kBF16));
  EXPECT_TRUE(NarrowsRelativeTo(DataType::kInt32, DataType::kFP32));
  EXPECT_TRUE(NarrowsRelativeTo(DataType::kUInt32, DataType::kInt64));
  EXPECT_TRUE(NarrowsRelativeTo(DataType::kInt16, DataType::kInt32));
  EXPECT_FALSE(NarrowsRelativeTo(DataType::kInt32, DataType::kUInt16));
  EXPECT_TRUE(NarrowsRelativeTo(DataType::kFP16, DataType::kInt32));
  EXPECT_FALSE(NarrowsRelativeTo(DataType::kFP16, DataType::kInt8));
  EXPECT_FALSE(NarrowsRelativeTo(DataType::kFP8E4M3FN, DataType::kFP32));  // unknown format
  EXPECT_FALSE(NarrowsRelativeTo(DataType::kFP32, DataType::kFP32));
}

}  // namespace
}  // namespace pto::passes
