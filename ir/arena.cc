#include "ir/arena.h"

#include <algorithm>
#include <cstdlib>

#include "ir/check.h"
#include "ir/huge_pages.h"

namespace pto {

namespace {

constexpr size_t kHugePage = kHugePageSize;

}  // namespace

void Arena::BlockDeleter::operator()(char* p) const { std::free(p); }

void* Arena::AllocateSlow(size_t bytes, size_t align) {
  // Blocks grow geometrically up to 4 MiB so a large program costs few mallocs
  // while a tiny one (a fuzz input) stays small.
  size_t block = std::max(next_block_size_, bytes + align);
  next_block_size_ = std::min<size_t>(next_block_size_ * 2, 2 * kHugePage);
  char* memory = nullptr;
  if (block >= kHugePage) {
    // Large programs spend much of their construction time faulting in fresh
    // pages; transparent huge pages cut that by an order of magnitude.
    block = (block + kHugePage - 1) / kHugePage * kHugePage;
    void* p = nullptr;
    if (posix_memalign(&p, kHugePage, block) == 0) {
      memory = static_cast<char*>(p);
      AdviseHugePages(memory, block);
    }
  } else {
    memory = static_cast<char*>(std::malloc(block));
  }
  PTO_CHECK(memory != nullptr) << "out of memory allocating an IR block of " << block << " bytes";
  blocks_.emplace_back(memory);
  bytes_reserved_ += block;
  cursor_ = blocks_.back().get();
  limit_ = cursor_ + block;
  uintptr_t p = (reinterpret_cast<uintptr_t>(cursor_) + align - 1) & ~(align - 1);
  cursor_ = reinterpret_cast<char*>(p + bytes);
  return reinterpret_cast<void*>(p);
}

}  // namespace pto
