// Python 3 tokens for host Python bodies (the canonicalizer's first stage).
//
// A HOST SubWorker's body is kept as text in the form CPython's ast.unparse
// gives it (unparse.h). Getting there takes a real Python tokenizer:
// NAME / NUMBER / STRING / OP tokens plus NEWLINE, INDENT and DEDENT, with
// comments, blank lines, bracketed line breaks and `\` continuations gone.
// Tokens are views into the caller's buffer, so positions stay the file's.
//
//   std::vector<py::Token> toks;
//   py::SyntaxError err;
//   if (!py::Tokenize(src, {begin, end, line, line_start}, py::TokMode::kBlock,
//                     &toks, &err)) {
//     return FailAt(err.pos, err.message);
//   }
//
// A string token keeps its prefix and quotes (decoding is the parser's);
// a number token is checked for Python's literal syntax here.

#ifndef PTO_IR_TEXT_PYTHON_TOKENS_H_
#define PTO_IR_TEXT_PYTHON_TOKENS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/text/diagnostic.h"

namespace pto::ir::text::py {

enum class Tok : uint8_t { kName, kNumber, kString, kOp, kNewline, kIndent, kDedent, kEnd };

struct Token {
  Tok kind;
  uint32_t begin;  // byte offsets into the tokenized buffer
  uint32_t end;
  uint32_t line;
  uint32_t col;  // 1-based, in bytes
};

struct SyntaxError {
  SourcePos pos;
  std::string message;
};

// Where the text to tokenize lies: [begin, end) of the buffer, `begin` on
// line `line` whose first byte is `line_start`.
struct TokRange {
  uint32_t begin;
  uint32_t end;
  uint32_t line;
  uint32_t line_start;
};

enum class TokMode : uint8_t {
  kBlock,       // indented statements; the first statement line sets the base
  kLine,        // simple statements on one logical line (after `def f():`)
  kExpression,  // an f-string replacement field: line breaks are insignificant
};

// Appends the tokens of `range`, ending with NEWLINE (unless kExpression),
// DEDENTs back to the base and kEnd. False with `err` at a malformed token.
bool Tokenize(absl::string_view src, TokRange range, TokMode mode, std::vector<Token>* out,
              SyntaxError* err);

// A Python 3.11 keyword (soft keywords `match`, `case`, `_` are not).
// `reserved_only` leaves out False/None/True, which are also constants.
bool IsPythonKeyword(absl::string_view w, bool reserved_only = false);

inline absl::string_view TokenText(absl::string_view src, const Token& t) {
  return src.substr(t.begin, t.end - t.begin);
}

}  // namespace pto::ir::text::py

#endif  // PTO_IR_TEXT_PYTHON_TOKENS_H_
