// An append-only text buffer made of fixed-size chunks.
//
// Emitted kernels run to hundreds of megabytes; a single std::string that
// doubles as it grows copies every byte again on each doubling (and faults
// in fresh pages each time). Chunks are filled once and copied once, into
// the final output.
//
//   TextBuffer body;
//   body.Append("    pto.tadd ins(...)");
//   body.AppendChars(4, ' ');
//   body.MoveTo(out);   // out += everything (one reservation); body is emptied

#ifndef PTO_CODEGEN_TEXT_BUFFER_H_
#define PTO_CODEGEN_TEXT_BUFFER_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace pto::codegen {

class TextBuffer {
 public:
  void Append(absl::string_view s) {
    if (chunks_.empty() || chunks_.back().size() + s.size() > chunks_.back().capacity()) {
      NewChunk(s.size());
    }
    chunks_.back().append(s.data(), s.size());
    size_ += s.size();
  }
  void AppendChars(size_t n, char c) {
    if (chunks_.empty() || chunks_.back().size() + n > chunks_.back().capacity()) NewChunk(n);
    chunks_.back().append(n, c);
    size_ += n;
  }
  size_t size() const { return size_; }
  // Appends the whole text to `out` and empties this buffer, releasing each
  // chunk once copied so the text is not held twice.
  void MoveTo(std::string& out) {
    out.reserve(out.size() + size_);
    for (std::string& c : chunks_) {
      out += c;
      std::string().swap(c);
    }
    chunks_.clear();
    size_ = 0;
  }

 private:
  static constexpr size_t kChunkBytes = size_t{1} << 20;
  void NewChunk(size_t at_least) {
    chunks_.emplace_back();
    chunks_.back().reserve(at_least > kChunkBytes ? at_least : kChunkBytes);
  }

  std::vector<std::string> chunks_;
  size_t size_ = 0;
};

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_TEXT_BUFFER_H_
