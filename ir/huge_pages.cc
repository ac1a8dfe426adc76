#include "ir/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace pto {

void AdviseHugePages(void* data, size_t size) {
  uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePageSize - 1) & ~(kHugePageSize - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) & ~(kHugePageSize - 1);
  if (end <= begin) return;
  // Advice only: an error (e.g. THP disabled) leaves ordinary pages.
  madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

namespace {

size_t MappedSize(size_t bytes) { return (bytes + kHugePageSize - 1) & ~(kHugePageSize - 1); }

}  // namespace

void* AllocateHugePages(size_t bytes) {
  size_t size = MappedSize(bytes);
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
  if (p != nullptr) munmap(p, MappedSize(bytes));
}

}  // namespace pto
