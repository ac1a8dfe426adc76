#include "ir/huge_pages.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "gtest/gtest.h"
#include "ir/arena.h"

namespace pto {
namespace {

bool HugeAligned(const void* p) { return reinterpret_cast<uintptr_t>(p) % kHugePageSize == 0; }

TEST(HugePagesTest, AllocateIsAlignedAndWritable) {
  size_t bytes = 3 * kHugePageSize + 123;
  void* p = AllocateHugePages(bytes);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(HugeAligned(p));
  std::memset(p, 0xAB, bytes);
  EXPECT_EQ(static_cast<unsigned char*>(p)[bytes - 1], 0xAB);
  FreeHugePages(p, bytes);
  FreeHugePages(nullptr, bytes);  // a no-op
}

TEST(HugePagesTest, TheCacheReusesFreedMappingsUpToItsLimit) {
  size_t block = 2 * kHugePageSize;
  ASSERT_EQ(HugePageCacheBytes(), 0u);  // off by default
  void* a = AllocateHugePages(block);
  ASSERT_NE(a, nullptr);
  FreeHugePages(a, block);
  EXPECT_EQ(HugePageCacheBytes(), 0u);

  SetHugePageCacheLimit(2 * block);
  void* b = AllocateHugePages(block);
  void* c = AllocateHugePages(block);
  ASSERT_TRUE(b != nullptr && c != nullptr);
  static_cast<char*>(b)[block - 1] = 42;
  FreeHugePages(b, block);
  FreeHugePages(c, block);
  EXPECT_EQ(HugePageCacheBytes(), 2 * block);
  // A request of the cached size reuses a mapping whole.
  void* again = AllocateHugePages(block - 100);  // rounds to `block`
  EXPECT_TRUE(again == b || again == c);
  EXPECT_TRUE(HugeAligned(again));
  EXPECT_EQ(HugePageCacheBytes(), block);
  // A smaller one takes the front of a larger mapping; the rest stays cached
  // and serves the next request of its size.
  void* front = AllocateHugePages(kHugePageSize);
  EXPECT_TRUE(front == b || front == c);
  EXPECT_NE(front, again);
  EXPECT_EQ(HugePageCacheBytes(), block - kHugePageSize);
  void* rest = AllocateHugePages(kHugePageSize);
  EXPECT_EQ(rest, static_cast<char*>(front) + kHugePageSize);
  static_cast<char*>(rest)[kHugePageSize - 1] = 7;  // still mapped
  EXPECT_EQ(HugePageCacheBytes(), 0u);
  // Nothing cached: a fresh mapping.
  void* other = AllocateHugePages(kHugePageSize);
  ASSERT_NE(other, nullptr);
  EXPECT_TRUE(other != front && other != rest && other != again);
  FreeHugePages(front, kHugePageSize);
  FreeHugePages(rest, kHugePageSize);
  FreeHugePages(other, kHugePageSize);  // within the limit: kept
  EXPECT_EQ(HugePageCacheBytes(), 3 * kHugePageSize);
  FreeHugePages(again, block);          // over it: unmapped
  EXPECT_EQ(HugePageCacheBytes(), 3 * kHugePageSize);
  // Lowering the limit unmaps what no longer fits.
  SetHugePageCacheLimit(kHugePageSize);
  EXPECT_LE(HugePageCacheBytes(), kHugePageSize);
  SetHugePageCacheLimit(0);
  EXPECT_EQ(HugePageCacheBytes(), 0u);
}

TEST(HugePagesTest, AnArenasLargeBlocksGoBackToTheCache) {
  SetHugePageCacheLimit(size_t{64} << 20);
  {
    Arena arena;
    for (int i = 0; i < 4; ++i) arena.AllocateArray<char>(3 * kHugePageSize);
  }
  size_t kept = HugePageCacheBytes();
  EXPECT_GE(kept, 4 * 3 * kHugePageSize);
  {
    Arena arena;  // the same requests take the same blocks back
    for (int i = 0; i < 4; ++i) arena.AllocateArray<char>(3 * kHugePageSize)[0] = 1;
    EXPECT_LT(HugePageCacheBytes(), kept);
  }
  SetHugePageCacheLimit(0);
}

TEST(HugePagesTest, AGrowingArenaSwitchesToHugeBlocksAtAQuarterHugePage) {
  Arena arena(64 * 1024);
  size_t small = 64 * 1024 + 128 * 1024 + 256 * 1024;  // malloc'd blocks
  while (arena.bytes_reserved() < small) arena.AllocateArray<char>(1024)[0] = 1;
  EXPECT_EQ(arena.bytes_reserved(), small);
  // The next block would be 512 KiB: it is a whole huge page instead, and
  // later ones keep growing from there.
  arena.AllocateArray<char>(arena.bytes_reserved())[0] = 1;
  EXPECT_EQ(arena.bytes_reserved(), small + kHugePageSize);
  arena.AllocateArray<char>(kHugePageSize)[0] = 1;
  EXPECT_EQ(arena.bytes_reserved(), small + 3 * kHugePageSize);
}

TEST(HugePagesTest, AdviceOnAnyRangeIsHarmless) {
  std::vector<char> small(100);
  AdviseHugePages(small.data(), small.size());  // holds no whole huge page
  void* p = AllocateHugePages(kHugePageSize * 2);
  ASSERT_NE(p, nullptr);
  AdviseHugePages(static_cast<char*>(p) + 1, kHugePageSize * 2 - 1);
  static_cast<char*>(p)[kHugePageSize] = 1;
  FreeHugePages(p, kHugePageSize * 2);
}

TEST(HugePagesTest, AllocatorMapsOnlyLargeRequests) {
  std::vector<int64_t, HugePageAllocator<int64_t>> big(kHugePageThreshold / sizeof(int64_t));
  EXPECT_TRUE(HugeAligned(big.data()));
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<int64_t>(i);
  big.resize(big.size() * 3);  // regrowth: map, copy, unmap
  EXPECT_TRUE(HugeAligned(big.data()));
  EXPECT_EQ(big[12345], 12345);

  std::vector<int64_t, HugePageAllocator<int64_t>> small(16, 7);
  EXPECT_EQ(small[15], 7);
}

TEST(HugePagesTest, TheAllocatorCountsItsMappings) {
  size_t base = HugePageAllocatorLiveBytes();
  ResetHugePageAllocatorPeak();
  {
    std::vector<char, HugePageAllocator<char>> big(kHugePageThreshold);
    EXPECT_EQ(HugePageAllocatorLiveBytes(), base + kHugePageThreshold);
    std::vector<char, HugePageAllocator<char>> small(100);  // operator new
    EXPECT_EQ(HugePageAllocatorLiveBytes(), base + kHugePageThreshold);
  }
  EXPECT_EQ(HugePageAllocatorLiveBytes(), base);
  EXPECT_EQ(HugePageAllocatorPeakBytes(), base + kHugePageThreshold);
  ResetHugePageAllocatorPeak();
  EXPECT_EQ(HugePageAllocatorPeakBytes(), base);
}

TEST(HugePagesTest, HashMapWithTheAllocator) {
  absl::flat_hash_map<int64_t, int64_t, absl::Hash<int64_t>, std::equal_to<int64_t>,
                      HugePageAllocator<std::pair<const int64_t, int64_t>>>
      map;
  for (int64_t i = 0; i < 200000; ++i) map[i] = 2 * i;
  for (int64_t i = 0; i < 200000; ++i) ASSERT_EQ(map.at(i), 2 * i);
  map.clear();
  EXPECT_TRUE(map.empty());
}

}  // namespace
}  // namespace pto
