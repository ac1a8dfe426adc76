// Private to //ir/text/parser: the parser's token source, a lexer with a few
// tokens of lookahead kept in a ring buffer.
//
//   TokenStream ts(text, "kernel.py");
//   if (ts.Peek(1).kind == text::TokenKind::kDot) ts.Advance();
//
// Peek and Advance are defined here so that they inline into every parse
// function: they run for nearly every token, several times.

#ifndef PTO_IR_TEXT_PARSER_TOKEN_STREAM_H_
#define PTO_IR_TEXT_PARSER_TOKEN_STREAM_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "ir/text/lexer/lexer.h"

namespace pto::ir::parser_impl {


// A lexer with a few tokens of lookahead.
class TokenStream {
 public:
  TokenStream(absl::string_view source, absl::string_view filename) : lexer_(source, filename) {}
  TokenStream(absl::string_view source, absl::string_view filename, uint32_t offset, uint32_t line)
      : lexer_(source, filename, offset, line) {}

  // Called for nearly every token several times: the buffered case is a
  // compare and an index.
  const text::Token& Peek(int k) {
    unsigned i = static_cast<unsigned>(k);
    if (i < count_) return buf_[(head_ + i) & kMask];
    return Fill(i);
  }
  text::Token Advance() {
    if (count_ == 0) Fill(0);
    text::Token t = buf_[head_];
    head_ = (head_ + 1) & kMask;
    --count_;
    last_end_ = t.offset + t.length;
    return t;
  }
  const text::Lexer& lexer() const { return lexer_; }
  // No token is buffered: the lexer sits right after the last one read.
  bool drained() const { return count_ == 0; }
  // End offset of the last token read.
  uint32_t last_end() const { return last_end_; }
  void SkipTo(uint32_t offset) { lexer_.SkipTo(offset); }
  // Only when drained(): see Lexer::ResumeAt.
  void ResumeAt(uint32_t offset, uint32_t line, uint32_t line_start, bool at_line_start) {
    lexer_.ResumeAt(offset, line, line_start, at_line_start);
  }

 private:
  const text::Token& Fill(unsigned k) {
    while (count_ <= k) {
      lexer_.Next(&buf_[(head_ + count_) & kMask]);
      ++count_;
    }
    return buf_[(head_ + k) & kMask];
  }

  static constexpr unsigned kSize = 4;  // a power of two
  static constexpr unsigned kMask = kSize - 1;
  text::Lexer lexer_;
  text::Token buf_[kSize];
  unsigned head_ = 0;
  unsigned count_ = 0;
  uint32_t last_end_ = 0;
};

}  // namespace pto::ir::parser_impl

#endif  // PTO_IR_TEXT_PARSER_TOKEN_STREAM_H_
