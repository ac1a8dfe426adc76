#include "codegen/text_buffer.h"

#include <algorithm>

#include "ir/huge_pages.h"

namespace pto::codegen {

void TextBuffer::NewChunk(size_t at_least) {
  if (begin_ != nullptr) {
    size_t used = static_cast<size_t>(cur_ - begin_);
    chunks_.push_back(Chunk{begin_, used, static_cast<size_t>(end_ - begin_)});
    done_ += used;
  }
  size_t grown = begin_ == nullptr ? kFirstChunkBytes
                                   : std::min(kChunkBytes, 2 * static_cast<size_t>(end_ - begin_));
  size_t capacity = std::max(at_least, grown);
  begin_ = HugePageAllocator<char>().allocate(capacity);
  cur_ = begin_;
  end_ = begin_ + capacity;
}

void TextBuffer::MoveTo(std::string& out) {
  size_t total = size();
  if (total == 0) {
    Clear();
    return;
  }
  ReserveText(out, out.size() + total);
  for (const Chunk& c : chunks_) {
    out.append(c.data, c.used);
    HugePageAllocator<char>().deallocate(c.data, c.capacity);
  }
  chunks_.clear();
  if (begin_ != nullptr) out.append(begin_, static_cast<size_t>(cur_ - begin_));
  Clear();
}

void ReserveText(std::string& out, size_t needed) {
  if (needed <= out.capacity()) return;
  // Geometric, since many functions each append their text to one output.
  std::string grown;
  grown.reserve(std::max(needed, 2 * out.capacity()));
  AdviseHugePages(grown.data(), grown.capacity());
  grown.append(out);
  out.swap(grown);
}

void TextBuffer::Clear() {
  for (const Chunk& c : chunks_) HugePageAllocator<char>().deallocate(c.data, c.capacity);
  chunks_.clear();
  done_ = 0;
  if (begin_ != nullptr) {
    HugePageAllocator<char>().deallocate(begin_, static_cast<size_t>(end_ - begin_));
  }
  begin_ = cur_ = end_ = nullptr;
}

}  // namespace pto::codegen
