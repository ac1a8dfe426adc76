#include "ir/huge_pages.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "gtest/gtest.h"

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
