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

#ifndef PTO_IR_TEXT_TEXT_OUTPUT_H_
#define PTO_IR_TEXT_TEXT_OUTPUT_H_

#include <cstddef>
#include <cstring>
#include <string>

#include "absl/strings/string_view.h"

namespace pto::ir::text {

class TextOutput {
 public:
  TextOutput() = default;
  ~TextOutput() { Release(); }
  TextOutput(const TextOutput&) = delete;
  TextOutput& operator=(const TextOutput&) = delete;

  // Room for `n` more bytes without growing.
  void Reserve(size_t n) {
    if (static_cast<size_t>(end_ - cur_) < n) Grow(n);
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

  // The text as one string; the buffer is released and empty afterwards.
  std::string Take();

 private:
  void Grow(size_t n);
  void Release();

  char* begin_ = nullptr;
  char* cur_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_TEXT_OUTPUT_H_
