#include "ir/arena.h"

#include <algorithm>

namespace pto {

void* Arena::AllocateSlow(size_t bytes, size_t align) {
  // Blocks grow geometrically up to 4 MiB so a large program costs few mallocs
  // while a tiny one (a fuzz input) stays small.
  size_t block = std::max(next_block_size_, bytes + align);
  next_block_size_ = std::min<size_t>(next_block_size_ * 2, 4 * 1024 * 1024);
  blocks_.emplace_back(new char[block]);
  bytes_reserved_ += block;
  cursor_ = blocks_.back().get();
  limit_ = cursor_ + block;
  uintptr_t p = (reinterpret_cast<uintptr_t>(cursor_) + align - 1) & ~(align - 1);
  cursor_ = reinterpret_cast<char*>(p + bytes);
  return reinterpret_cast<void*>(p);
}

}  // namespace pto
