#include "ir/text/output/text_output.h"

#include <algorithm>
#include <new>

#include "ir/check.h"
#include "ir/huge_pages.h"

namespace pto::ir::text {

namespace {

// The streaming buffer: large enough that the sink sees few, big writes,
// small enough to stay in cache-friendly, already-touched memory.
constexpr size_t kSinkBuffer = size_t{1} << 20;

}  // namespace

void TextOutput::Grow(size_t n) {
  if (sink_ != nullptr) {
    // Hand over what is buffered and reuse the buffer; it grows only for a
    // single piece larger than itself. An error is kept for the final Flush.
    Flush().IgnoreError();
    size_t capacity = static_cast<size_t>(end_ - begin_);
    if (capacity >= n) return;
    Release();
    size_t wanted = std::max(n, kSinkBuffer);
    begin_ = cur_ = new char[wanted];
    end_ = begin_ + wanted;
    return;
  }
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
    if (sink_ != nullptr) {
      delete[] begin_;
    } else {
      HugePageAllocator<char>().deallocate(begin_, static_cast<size_t>(end_ - begin_));
    }
  }
  begin_ = cur_ = end_ = nullptr;
}

absl::Status TextOutput::Flush() {
  PTO_CHECK(sink_ != nullptr) << "Flush needs a sink";
  if (cur_ != begin_ && sink_status_.ok()) {
    sink_status_ = sink_->Write(absl::string_view(begin_, size()));
  }
  flushed_ += size();
  cur_ = begin_;
  return sink_status_;
}

std::string TextOutput::Take() {
  PTO_CHECK(sink_ == nullptr) << "Take on a streaming TextOutput";
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
