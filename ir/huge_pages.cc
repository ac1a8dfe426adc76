#include "ir/huge_pages.h"

#include <sys/mman.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace pto {

void AdviseHugePages(void* data, size_t size) {
  uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePageSize - 1) & ~(kHugePageSize - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) & ~(kHugePageSize - 1);
  if (end <= begin) return;
  // Advice only: an error (e.g. THP disabled) leaves ordinary pages.
  madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

namespace {

// Freed mappings by size. Few sizes occur (the arena's blocks are all one
// size), so a list per size makes reuse O(1).
struct Cache {
  std::mutex mu;
  size_t limit = 0;
  size_t bytes = 0;
  absl::flat_hash_map<size_t, std::vector<void*>> free;
};

Cache& TheCache() {
  static Cache* const cache = new Cache();
  return *cache;
}

// HugePageAllocator's own mappings, for HugePageAllocator{Live,Peak}Bytes.
std::atomic<size_t> allocator_live{0};
std::atomic<size_t> allocator_peak{0};

}  // namespace

namespace huge_pages_internal {

void CountAllocatorBytes(size_t bytes, bool allocated) {
  if (!allocated) {
    allocator_live.fetch_sub(bytes, std::memory_order_relaxed);
    return;
  }
  size_t live = allocator_live.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  size_t peak = allocator_peak.load(std::memory_order_relaxed);
  while (live > peak && !allocator_peak.compare_exchange_weak(peak, live)) {
  }
}

}  // namespace huge_pages_internal

size_t HugePageAllocatorLiveBytes() { return allocator_live.load(std::memory_order_relaxed); }
size_t HugePageAllocatorPeakBytes() { return allocator_peak.load(std::memory_order_relaxed); }
void ResetHugePageAllocatorPeak() { allocator_peak.store(allocator_live.load()); }

void SetHugePageCacheLimit(size_t bytes) {
  Cache& c = TheCache();
  std::lock_guard<std::mutex> lock(c.mu);
  c.limit = bytes;
  for (auto& [size, list] : c.free) {
    while (c.bytes > c.limit && !list.empty()) {
      munmap(list.back(), size);
      list.pop_back();
      c.bytes -= size;
    }
  }
}

size_t HugePageCacheBytes() {
  Cache& c = TheCache();
  std::lock_guard<std::mutex> lock(c.mu);
  return c.bytes;
}

void* AllocateHugePages(size_t bytes) {
  size_t size = HugePageRoundUp(bytes);
  {
    Cache& c = TheCache();
    std::lock_guard<std::mutex> lock(c.mu);
    auto it = c.free.find(size);
    if (it != c.free.end() && !it->second.empty()) {
      void* p = it->second.back();
      it->second.pop_back();
      c.bytes -= size;
      return p;
    }
    // Else the smallest larger mapping, cut in two: the rest stays cached.
    // One pass's freed tables then serve the next pass's differently sized
    // ones, with no fresh (zeroed) pages.
    size_t best = 0;
    for (const auto& [cached, list] : c.free) {
      if (cached > size && !list.empty() && (best == 0 || cached < best)) best = cached;
    }
    if (best != 0) {
      std::vector<void*>& list = c.free[best];
      char* p = static_cast<char*>(list.back());
      list.pop_back();
      c.free[best - size].push_back(p + size);
      c.bytes -= size;
      return p;
    }
  }
  // Over-map by one huge page and trim, so the mapping is 2 MiB-aligned and
  // every page of it can be huge.
  void* raw = mmap(nullptr, size + kHugePageSize, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  uintptr_t start = reinterpret_cast<uintptr_t>(raw);
  uintptr_t aligned = (start + kHugePageSize - 1) & ~(kHugePageSize - 1);
  if (aligned > start) munmap(raw, aligned - start);
  uintptr_t tail = aligned + size;
  uintptr_t raw_end = start + size + kHugePageSize;
  if (raw_end > tail) munmap(reinterpret_cast<void*>(tail), raw_end - tail);
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

void FreeHugePages(void* p, size_t bytes) {
  if (p == nullptr) return;
  size_t size = HugePageRoundUp(bytes);
  {
    Cache& c = TheCache();
    std::lock_guard<std::mutex> lock(c.mu);
    if (c.bytes + size <= c.limit) {
      c.free[size].push_back(p);
      c.bytes += size;
      return;
    }
  }
  munmap(p, size);
}

}  // namespace pto
