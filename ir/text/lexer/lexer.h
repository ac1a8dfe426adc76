// Lexer of the IR's text form (PyPTO's printed Python DSL).
//
// A hand-written, streaming Python-style tokenizer: Next() returns one token
// at a time, tokens refer to the source by offset and length (no per-token
// allocation), and indentation becomes INDENT/DEDENT tokens. NEWLINE ends a
// logical line; inside (), [] and {} line breaks and indentation are ignored,
// as in Python. Blank and comment-only lines produce no tokens.
//
// Comments are not tokens. Every comment - on a line of its own, after code,
// or inside brackets - is recorded in comments(), in source order, with its
// position; every token carries `comments_before`, the number of comments
// seen before it. Which statement a comment leads is the parser's business
// (parser/comment_queue.h).
//
//   Lexer lexer(source, "k.py");
//   for (Token t = lexer.Next(); t.kind != TokenKind::kEof; t = lexer.Next()) {
//     if (t.kind == TokenKind::kError) return lexer.status();
//     absl::string_view text = lexer.Text(t);
//     ...
//   }
//
// Errors (bad characters, unterminated strings, inconsistent dedents,
// unbalanced brackets) produce a kError token; status() then holds a located
// diagnostic (see diagnostic.h) and every further Next() returns kError.

#ifndef PTO_IR_TEXT_LEXER_LEXER_H_
#define PTO_IR_TEXT_LEXER_LEXER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/text/diagnostic.h"

namespace pto::ir::text {

enum class TokenKind : uint8_t {
  kEof,
  kError,
  kNewline,
  kIndent,
  kDedent,
  kName,
  kInt,
  kFloat,
  kString,  // text includes the quotes; see UnquoteString
  // Keywords the grammar uses.
  kAnd,
  kAs,
  kClass,
  kDef,
  kElif,
  kElse,
  kFalse,
  kFor,
  kFrom,
  kIf,
  kImport,
  kIn,
  kNone,
  kNot,
  kOr,
  kPass,
  kReturn,
  kTrue,
  kWhile,
  kOtherKeyword,  // any other Python keyword (break, with, lambda, ...)
  // Punctuation and operators.
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kLBrace,
  kRBrace,
  kComma,
  kColon,
  kSemicolon,
  kDot,
  kEllipsis,
  kAt,
  kArrow,      // ->
  kAssign,     // =
  kAugAssign,  // += -= ... (recognised so the parser can reject them clearly)
  kPlus,
  kMinus,
  kStar,
  kDoubleStar,
  kSlash,
  kDoubleSlash,
  kPercent,
  kLShift,
  kRShift,
  kAmp,
  kPipe,
  kCaret,
  kTilde,
  kLess,
  kGreater,
  kLessEq,
  kGreaterEq,
  kEqEq,
  kNotEq,
};

// A short description for messages: "')'", "name", "end of line", ...
absl::string_view TokenKindName(TokenKind kind);

struct Token {
  TokenKind kind = TokenKind::kEof;
  uint32_t offset = 0;  // byte offset of the first character
  uint32_t length = 0;
  uint32_t line = 1;  // 1-based
  uint32_t col = 1;   // 1-based, in bytes
  // Comments recorded before this token (an index into comments()).
  uint32_t comments_before = 0;

  SourcePos pos() const { return SourcePos{offset, line, col}; }
};

// A comment: `text` is what follows the '#', less one space if one follows
// it, up to the line's end or a '\r' (trailing blanks are kept); it points
// into the source. `pos` is the '#'.
struct Comment {
  absl::string_view text;
  SourcePos pos;
};

class Lexer {
 public:
  Lexer(absl::string_view source, absl::string_view filename);
  // Starts at `offset`, the first byte of a line numbered `line`, as if that
  // line were not indented: for re-reading one logical line (a function
  // signature) out of a larger file.
  Lexer(absl::string_view source, absl::string_view filename, uint32_t offset, uint32_t line);

  Token Next() {
    Token t;
    Next(&t);
    return t;
  }
  // The same, written into `*out`: a caller that keeps tokens in a buffer
  // (a parser's lookahead) has them built in place. Copying a token just
  // built field by field costs a stall per token on x86 (the copy's wide
  // loads cannot take their data from the narrower stores still queued).
  void Next(Token* out);

  absl::string_view source() const { return src_; }
  absl::string_view filename() const { return filename_; }
  absl::string_view Text(const Token& t) const { return src_.substr(t.offset, t.length); }
  absl::Span<const Comment> comments() const { return comments_; }
  // OK until Next() has returned kError.
  const absl::Status& status() const { return status_; }

  // A located diagnostic for this source.
  absl::Status Error(SourcePos pos, absl::string_view message) const;

  // The offset of the next unread byte.
  uint32_t offset() const { return pos_; }
  // Moves forward on the current line to `offset`, as if the tokens of
  // [offset(), offset) had been read. The skipped text must be a run of
  // complete tokens with balanced brackets and no line break or comment
  // (a parser uses this to reuse the parse of a repeated type annotation).
  void SkipTo(uint32_t offset) {
    pos_ = offset;
    line_has_tokens_ = true;
  }
  // The current line (1-based) and the indentation of the innermost open
  // block: where text read by someone else (source.h) begins.
  uint32_t line() const { return line_; }
  uint32_t line_start() const { return line_start_; }
  uint32_t indent() const { return indents_.back(); }
  // Moves forward to `offset` on line `line` (beginning at `line_start`),
  // past text someone else read: a line start if `at_line_start`, else the
  // line break that ends a line with tokens. No bracket may be open.
  void ResumeAt(uint32_t offset, uint32_t line, uint32_t line_start, bool at_line_start) {
    pos_ = offset;
    line_ = line;
    line_start_ = line_start;
    at_line_start_ = at_line_start;
    line_has_tokens_ = !at_line_start;
  }

 private:
  struct Bracket {
    char close;
    SourcePos pos;
  };

  // Next() for what its inline fast path leaves: line starts, errors and
  // the less common tokens.
  void NextSlow(Token* out);
  // Lexes a name or one-byte punctuation at `begin` (no line start, no
  // error) into `out`; false, with nothing consumed, for anything else.
  bool LexCommon(uint32_t begin, Token* out);
  Token Make(TokenKind kind, uint32_t begin, uint32_t length);
  Token MakeAt(TokenKind kind, SourcePos pos);
  Token Fail(SourcePos pos, absl::string_view message);
  SourcePos PosAt(uint32_t offset) const {
    return SourcePos{offset, line_, offset - line_start_ + 1};
  }
  // At the start of a physical line outside brackets: measures indentation,
  // skips blank and comment-only lines. Returns false on error (token_ set).
  bool HandleLineStart(Token* out, bool* produced);
  void SkipComment();  // at a '#', to the end of its line
  void NewLine();  // consumes '\n'
  // kName, or the keyword the name at [begin, begin + length) spells.
  TokenKind NameKind(uint32_t begin, uint32_t length) const;
  void LexNumber(Token* out);
  void LexString(Token* out);
  void LexPunct(Token* out);

  absl::string_view src_;
  // src_.data(): indexing it skips string_view's (hardened) bounds check; every
  // index is checked against the size first.
  const char* data_;
  absl::string_view filename_;
  uint32_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t line_start_ = 0;
  bool at_line_start_ = true;
  bool line_has_tokens_ = false;
  int pending_dedents_ = 0;
  bool failed_ = false;
  std::vector<uint32_t> indents_;
  std::vector<Bracket> brackets_;
  std::vector<Comment> comments_;
  absl::Status status_;
};

// Lexes all of `source` (through kEof) into a vector: for tests and tools.
absl::StatusOr<std::vector<Token>> Tokenize(absl::string_view source, absl::string_view filename);

// Whether `name` is a Python keyword (ops whose last name segment is one are
// spelled with a trailing underscore: pl.tile.and_).
bool IsPythonKeyword(absl::string_view name);

// Character classes of the text form, by table: the lexer asks for every
// byte of its input, the printer for every byte of every name it prints.
namespace internal_chars {
enum CharClass : uint8_t { kDigit = 1, kIdentStart = 2 };
struct CharTable {
  uint8_t bits[256] = {};
  constexpr CharTable() {
    for (int c = '0'; c <= '9'; ++c) bits[c] = kDigit;
    for (int c = 'a'; c <= 'z'; ++c) bits[c] = kIdentStart;
    for (int c = 'A'; c <= 'Z'; ++c) bits[c] = kIdentStart;
    bits[static_cast<int>('_')] = kIdentStart;
  }
};
inline constexpr CharTable kChars;
inline uint8_t ClassOf(char c) { return kChars.bits[static_cast<unsigned char>(c)]; }
}  // namespace internal_chars

// ASCII digits.
inline bool IsDigit(char c) { return internal_chars::ClassOf(c) == internal_chars::kDigit; }
// A digit of an integer written in base 2, 8 or 16 (after its 0b/0o/0x).
inline bool IsRadixDigit(char c, int radix) {
  if (c >= '0' && c <= '9') return c - '0' < radix;
  const char l = static_cast<char>(c | 0x20);
  return radix == 16 && l >= 'a' && l <= 'f';
}
// What a name may start with: ASCII letters and '_'.
inline bool IsIdentStart(char c) {
  return internal_chars::ClassOf(c) == internal_chars::kIdentStart;
}
// What a name may continue with: those and digits.
inline bool IsIdentChar(char c) { return internal_chars::ClassOf(c) != 0; }

// The value of a kString token's text (with quotes): escapes \\ \' \" \n \t
// \r \0 are decoded; any other escaped character stands for itself.
std::string UnquoteString(absl::string_view quoted);

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_LEXER_LEXER_H_
