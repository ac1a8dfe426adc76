#include "ir/arena.h"

#include <algorithm>
#include <cstdlib>

#include "ir/check.h"
#include "ir/huge_pages.h"

namespace pto {

Arena::~Arena() {
  for (const Block& b : blocks_) {
    if (b.size >= kHugePageSize) {
      FreeHugePages(b.data, b.size);
    } else {
      std::free(b.data);
    }
  }
}

void* Arena::AllocateSlow(size_t bytes, size_t align) {
  // Blocks grow geometrically up to 4 MiB so a large program costs few mallocs
  // while a tiny one (a fuzz input) stays small.
  size_t block = std::max(next_block_size_, bytes + align);
  next_block_size_ = std::min<size_t>(next_block_size_ * 2, 2 * kHugePageSize);
  // An arena that reached a quarter of a huge page is likely to grow on:
  // its next blocks are huge ones. Otherwise the 512 KiB and 1 MiB blocks
  // alone would fault in 384 small pages.
  if (block >= kHugePageSize / 4 && block < kHugePageSize) {
    block = kHugePageSize;
    next_block_size_ = 2 * kHugePageSize;
  }
  char* memory = nullptr;
  if (block >= kHugePageSize) {
    // Large programs spend much of their construction time faulting in fresh
    // pages; transparent huge pages cut that by an order of magnitude, and a
    // process that raised SetHugePageCacheLimit reuses freed blocks' pages.
    block = HugePageRoundUp(block);
    memory = static_cast<char*>(AllocateHugePages(block));
  } else {
    memory = static_cast<char*>(std::malloc(block));
  }
  PTO_CHECK(memory != nullptr) << "out of memory allocating an IR block of " << block << " bytes";
  blocks_.push_back(Block{memory, block});
  bytes_reserved_ += block;
  cursor_ = memory;
  limit_ = cursor_ + block;
  uintptr_t p = (reinterpret_cast<uintptr_t>(cursor_) + align - 1) & ~(align - 1);
  cursor_ = reinterpret_cast<char*>(p + bytes);
  return reinterpret_cast<void*>(p);
}

}  // namespace pto
