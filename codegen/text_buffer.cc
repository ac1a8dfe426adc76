#include "codegen/text_buffer.h"

#include <algorithm>

#include "absl/status/status.h"

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

absl::Status TextBuffer::WriteTo(ir::TextSink& sink) {
  absl::Status status;
  for (const Chunk& c : chunks_) {
    if (status.ok()) status = sink.Write(absl::string_view(c.data, c.used));
    HugePageAllocator<char>().deallocate(c.data, c.capacity);
  }
  chunks_.clear();
  if (status.ok() && cur_ != begin_) {
    status = sink.Write(absl::string_view(begin_, static_cast<size_t>(cur_ - begin_)));
  }
  Clear();
  return status;
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
