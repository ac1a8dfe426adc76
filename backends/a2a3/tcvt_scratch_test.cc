#include "backends/a2a3/tcvt_scratch.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <utility>

#include "gtest/gtest.h"

namespace pto::backends::a2a3 {
namespace {

using ir::DataType;

constexpr DataType kF32 = DataType::kFP32;
constexpr DataType kF16 = DataType::kFP16;
constexpr DataType kI16 = DataType::kInt16;
constexpr DataType kI8 = DataType::kInt8;
constexpr DataType kU8 = DataType::kUInt8;

// Expected values are worked out by hand from PTOAS's formula (see the
// header) and noted beside each case.

TEST(TcvtScratchTest, OnlyTheFourNarrowingPairsTakeScratch) {
  std::set<std::pair<int, int>> need;
  for (DataType s : DataType::All()) {
    for (DataType d : DataType::All()) {
      if (TcvtNeedsScratch(s, d)) need.insert({s.code(), d.code()});
    }
  }
  EXPECT_EQ(need, (std::set<std::pair<int, int>>{{kF32.code(), kI16.code()},
                                                  {kF16.code(), kI16.code()},
                                                  {kF16.code(), kI8.code()},
                                                  {kF16.code(), kU8.code()}}));
  EXPECT_FALSE(TcvtNeedsScratch(kF16, DataType::kInt4));  // saturating instruction
  EXPECT_FALSE(TcvtNeedsScratch(kF32, kI8));               // not native: legalized
}

TEST(TcvtScratchTest, SpecExamples) {
  EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 16, 16, 16), 160);    // max(64, 128 + 32)
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 16, 16, 16), 1024);  // 32 * (15 * 2 + 2)
}

TEST(TcvtScratchTest, Fp16CountsOneChunkOfAtMost64Columns) {
  // to INT16: 32 * ceil(w / 8); to a byte: max(that, 128 + 32 * ceil(w / 16)).
  EXPECT_EQ(TcvtScratchBytes(kF16, kI16, 16, 16, 16), 64);
  EXPECT_EQ(TcvtScratchBytes(kF16, kU8, 16, 16, 16), 160);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI16, 1, 1, 16), 32);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 1, 1, 16), 160);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI16, 4, 8, 32), 32);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 4, 8, 32), 160);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI16, 4, 17, 32), 96);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 4, 17, 32), 192);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI16, 4, 40, 64), 160);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 4, 40, 64), 224);
  for (int64_t cols : {64, 100, 1000}) {
    EXPECT_EQ(TcvtScratchBytes(kF16, kI16, 16, cols, 1024), 256) << cols;
    EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 16, cols, 1024), 256) << cols;
  }
  // Rows do not enter it.
  EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 1000, 16, 16), 160);
}

TEST(TcvtScratchTest, Fp32WholeChunksUseTheHead) {
  // 4 * 64 * min(cols / 64, 255).
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 16, 64, 64), 256);
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 16, 128, 128), 512);
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 1, 64 * 300, 64 * 300), 4 * 64 * 255);
}

TEST(TcvtScratchTest, Fp32RaggedColumnsUseTheTail) {
  // 32 * ((min(rows, 255) - 1) * (physical_cols / 8) + ceil(rem / 8)), vs the head.
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 16, 100, 128), 7840);  // 32 * (15 * 16 + 5)
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 1, 100, 128), 256);    // head 256 > tail 160
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 1, 16, 16), 64);       // 32 * 2
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 16, 16, 64), 3904);    // 32 * (15 * 8 + 2)
}

TEST(TcvtScratchTest, Fp32RowsAreCappedAt255) {
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 254, 16, 16), 16256);  // 32 * (253 * 2 + 2)
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 255, 16, 16), 16320);  // 32 * (254 * 2 + 2)
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 256, 16, 16), 16320);
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 300, 16, 16), 16320);
}

TEST(TcvtScratchTest, EmptySourceGetsOneBlock) {
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 0, 16, 16), 32);
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 16, 0, 16), 32);
  EXPECT_EQ(TcvtScratchBytes(kF16, kI8, 16, 0, 16), 32);
}

TEST(TcvtScratchTest, OverflowIsReported) {
  constexpr int64_t kHuge = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 2, 1, kHuge), std::nullopt);
  EXPECT_EQ(TcvtScratchBytes(kF32, kI16, 1, 1, kHuge), 32);  // one row: no row span
}

}  // namespace
}  // namespace pto::backends::a2a3
