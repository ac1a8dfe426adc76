// A read position in a token stream, with the located errors both the op
// formats (format.h) and the structural reader (reader.h) raise.
//
//   Cursor c("k.pto", source, tokens);
//   if (c.TryPunct("(")) { ... }
//   PTO_ASSIGN_OR_RETURN(Token v, c.Expect(Token::kValue, "an operand"));

#ifndef PTO_SIM_PTO_CURSOR_H_
#define PTO_SIM_PTO_CURSOR_H_

#include <cstddef>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "sim/pto/lexer.h"

namespace pto::sim::pto_text {

class Cursor {
 public:
  Cursor(absl::string_view filename, absl::string_view source, const std::vector<Token>& tokens)
      : filename_(filename), source_(source), tokens_(tokens) {}

  const Token& Peek(size_t ahead = 0) const;
  const Token& Take() { return tokens_[i_ < tokens_.size() - 1 ? i_++ : i_]; }
  bool AtPunct(absl::string_view p, size_t ahead = 0) const;
  // Takes the next token when it is punctuation `p` / the identifier `word`.
  bool TryPunct(absl::string_view p);
  bool TryWord(absl::string_view word);

  // The next token when it is of `kind`; else an error naming `what`.
  absl::StatusOr<Token> Expect(Token::Kind kind, absl::string_view what);
  absl::Status ExpectPunct(absl::string_view p);
  absl::Status ExpectWord(absl::string_view word);
  // A type: a dialect type or a builtin one (index, i32, f16, bf16, ...).
  absl::StatusOr<Token> ExpectType();
  bool AtType() const;

  // "FILE:LINE:COL: error: MESSAGE" at the next token (or at `pos`).
  absl::Status Error(absl::string_view message) const;
  absl::Status ErrorAt(ir::text::SourcePos pos, absl::string_view message) const;
  // "expected X, found 'Y'" at the next token.
  absl::Status Expected(absl::string_view what) const;

 private:
  absl::string_view filename_;
  absl::string_view source_;
  const std::vector<Token>& tokens_;
  size_t i_ = 0;
};

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_CURSOR_H_
