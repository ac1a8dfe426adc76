#include "bench/alloc_counter.h"

#include <memory>
#include <new>
#include <vector>

#include "gtest/gtest.h"

namespace pto::bench {
namespace {

TEST(AllocCounterTest, TracksLiveAndPeakBytes) {
  size_t base = HeapLiveBytes();
  uint64_t calls = HeapAllocations();
  ResetHeapPeak();
  auto* big = new std::vector<char>(1 << 20);
  EXPECT_GE(HeapLiveBytes(), base + (1 << 20));
  EXPECT_GE(HeapAllocations(), calls + 2);  // the vector and its buffer
  delete big;
  EXPECT_LT(HeapLiveBytes(), base + (1 << 20));
  EXPECT_GE(HeapPeakBytes(), base + (1 << 20));
  ResetHeapPeak();
  EXPECT_LT(HeapPeakBytes(), base + (1 << 20));
}

TEST(AllocCounterTest, CountsAlignedAndNothrowForms) {
  struct alignas(64) Wide {
    char bytes[4096];
  };
  size_t base = HeapLiveBytes();
  auto wide = std::make_unique<Wide>();
  EXPECT_EQ(reinterpret_cast<uintptr_t>(wide.get()) % 64, 0u);
  EXPECT_GE(HeapLiveBytes(), base + sizeof(Wide));
  char* p = new (std::nothrow) char[1000];
  ASSERT_NE(p, nullptr);
  EXPECT_GE(HeapLiveBytes(), base + sizeof(Wide) + 1000);
  delete[] p;
  wide.reset();
  EXPECT_EQ(HeapLiveBytes(), base);
}

}  // namespace
}  // namespace pto::bench
