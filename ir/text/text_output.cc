#include "ir/text/text_output.h"

#include <algorithm>
#include <new>

#include "ir/huge_pages.h"

namespace pto::ir::text {

void TextOutput::Grow(size_t n) {
  size_t used = size();
  size_t capacity = static_cast<size_t>(end_ - begin_);
  size_t wanted = std::max({used + n, 2 * capacity, size_t{4096}});
  // Below the threshold plain operator new; above it a huge-page mapping
  // (the allocator picks by size).
  HugePageAllocator<char> alloc;
  char* fresh = alloc.allocate(wanted);
  if (used > 0) std::memcpy(fresh, begin_, used);
  Release();
  begin_ = fresh;
  cur_ = fresh + used;
  end_ = fresh + wanted;
}

void TextOutput::Release() {
  if (begin_ != nullptr) {
    HugePageAllocator<char>().deallocate(begin_, static_cast<size_t>(end_ - begin_));
  }
  begin_ = cur_ = end_ = nullptr;
}

std::string TextOutput::Take() {
  std::string text;
  size_t n = size();
  if (n > 0) {
    text.reserve(n);
    // The copy touches every page of the string once: ask for huge pages.
    AdviseHugePages(text.data(), text.capacity());
    text.append(begin_, n);
  }
  Release();
  return text;
}

}  // namespace pto::ir::text
