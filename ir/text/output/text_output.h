// An append-only byte buffer for generating large texts fast.
//
// Appending to a std::string costs a call and a capacity check per piece;
// a printer appends a few dozen pieces per line, so for big programs the
// appends alone dominated printing. TextOutput keeps a raw write cursor
// (an append is a compare and a memcpy) over storage that uses huge pages
// once large (see ir/huge_pages.h), and hands the text over as one
// std::string at the end.
//
//   TextOutput out;
//   out.Reserve(expected_bytes);   // optional; growth is geometric
//   out.append("x = ");
//   out.push_back('1');
//   std::string text = out.Take(); // out is empty again
//
// Given a TextSink, it streams instead: the text passes through one 1 MiB
// buffer, handed to the sink whenever it fills, so output of any size
// touches a constant amount of memory.
//
//   FileSink file(stdout, "<stdout>");
//   TextOutput out(&file);
//   out.append(...);
//   PTO_RETURN_IF_ERROR(out.Flush());  // the sink's first error, if any

#ifndef PTO_IR_TEXT_OUTPUT_TEXT_OUTPUT_H_
#define PTO_IR_TEXT_OUTPUT_TEXT_OUTPUT_H_

#include <cstddef>
#include <cstring>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/text/output/text_sink.h"

namespace pto::ir::text {

class TextOutput {
 public:
  TextOutput() = default;
  explicit TextOutput(TextSink* sink) : sink_(sink) {}
  ~TextOutput() { Release(); }
  TextOutput(const TextOutput&) = delete;
  TextOutput& operator=(const TextOutput&) = delete;

  // Room for `n` more bytes without growing; a hint, ignored when streaming.
  void Reserve(size_t n) {
    if (sink_ == nullptr && static_cast<size_t>(end_ - cur_) < n) Grow(n);
  }
  void push_back(char c) {
    if (cur_ == end_) Grow(1);
    *cur_++ = c;
  }
  void append(const char* s, size_t n) {
    if (n == 0) return;  // `s` may be null then, which memcpy must not see
    if (static_cast<size_t>(end_ - cur_) < n) Grow(n);
    std::memcpy(cur_, s, n);
    cur_ += n;
  }
  void append(absl::string_view s) { append(s.data(), s.size()); }
  // `n` copies of `c`.
  void append(size_t n, char c) {
    if (static_cast<size_t>(end_ - cur_) < n) Grow(n);
    std::memset(cur_, c, n);
    cur_ += n;
  }
  size_t size() const { return static_cast<size_t>(cur_ - begin_); }
  absl::string_view view() const { return absl::string_view(begin_, size()); }
  // Bytes appended so far, those already handed to the sink included: the
  // last (position() - p) bytes are in view() when that is at most size().
  uint64_t position() const { return flushed_ + size(); }

  // The text as one string; the buffer is released and empty afterwards.
  // Without a sink only.
  std::string Take();

  // With a sink: hands it what is buffered; the first error the sink
  // returned so far (after one, nothing more is written).
  absl::Status Flush();

 private:
  void Grow(size_t n);
  void Release();

  char* begin_ = nullptr;
  char* cur_ = nullptr;
  char* end_ = nullptr;
  TextSink* sink_ = nullptr;
  uint64_t flushed_ = 0;
  absl::Status sink_status_;
};

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_OUTPUT_TEXT_OUTPUT_H_
