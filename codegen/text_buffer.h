// An append-only text buffer made of fixed-size chunks.
//
// Emitted kernels run to hundreds of megabytes; a single std::string that
// doubles as it grows copies every byte again on each doubling (and faults
// in fresh pages each time). Chunks are filled once and written once, to
// the output's sink. An append is a bounds compare and a memcpy into the
// current chunk; chunks live in huge pages (ir/huge_pages.h), so filling
// them costs a page fault per 2 MiB rather than per 4 KiB.
//
//   TextBuffer body;
//   body.Append("    pto.tadd ins(...)");
//   body.AppendChars(4, ' ');
//   PTO_RETURN_IF_ERROR(body.WriteTo(sink));   // body is emptied

#ifndef PTO_CODEGEN_TEXT_BUFFER_H_
#define PTO_CODEGEN_TEXT_BUFFER_H_

#include <cstddef>
#include <cstring>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/text/output/text_sink.h"

namespace pto::codegen {

class TextBuffer {
 public:
  TextBuffer() = default;
  ~TextBuffer() { Clear(); }
  TextBuffer(const TextBuffer&) = delete;
  TextBuffer& operator=(const TextBuffer&) = delete;

  void Append(absl::string_view s) {
    if (static_cast<size_t>(end_ - cur_) < s.size()) NewChunk(s.size());
    std::memcpy(cur_, s.data(), s.size());
    cur_ += s.size();
  }
  void AppendChars(size_t n, char c) {
    if (static_cast<size_t>(end_ - cur_) < n) NewChunk(n);
    std::memset(cur_, c, n);
    cur_ += n;
  }
  size_t size() const { return done_ + static_cast<size_t>(cur_ - begin_); }
  // Writes the whole text to `sink`, chunk by chunk, and empties this
  // buffer, releasing each chunk once written so the text is not held
  // twice. Stops at the sink's first error; the buffer is emptied anyway.
  absl::Status WriteTo(ir::TextSink& sink);

 private:
  struct Chunk {
    char* data;
    size_t used;
    size_t capacity;
  };
  // Chunks double from kFirstChunkBytes up to kChunkBytes: a small kernel's
  // text stays in reused heap memory, a large one gets huge pages.
  static constexpr size_t kFirstChunkBytes = size_t{4} << 10;
  static constexpr size_t kChunkBytes = size_t{2} << 20;
  void NewChunk(size_t at_least);
  void Clear();

  std::vector<Chunk> chunks_;  // full chunks, in order
  size_t done_ = 0;            // bytes in chunks_
  char* begin_ = nullptr;      // the current chunk
  char* cur_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_TEXT_BUFFER_H_
