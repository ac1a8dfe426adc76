#include "ir/text/lexer/lexer.h"

#include <cstdio>
#include <cstring>

#include "absl/base/attributes.h"
#include "absl/base/config.h"
#include "absl/strings/str_cat.h"
#include "ir/text/lexer/lexer_tables.h"

namespace pto::ir::text {
namespace {

std::string DescribeChar(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return absl::StrCat("'", absl::string_view(&c, 1), "'");
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%02X", u);
  return absl::StrCat("(byte ", buf, ")");
}

}  // namespace

using lexer_internal::IsKeywordStart;
using lexer_internal::KeywordOfKey;
using lexer_internal::NameKey;
using lexer_internal::TakesAugmentedAssign;
using lexer_internal::kLeads;
using lexer_internal::kLeadBackslash;
using lexer_internal::kLeadClose;
using lexer_internal::kLeadDot;
using lexer_internal::kLeadHash;
using lexer_internal::kLeadName;
using lexer_internal::kLeadNewline;
using lexer_internal::kLeadOpen;
using lexer_internal::kLeadSingle;
using lexer_internal::kLeadSpace;

Lexer::Lexer(absl::string_view source, absl::string_view filename)
    : src_(source), data_(source.data()), filename_(filename) {
  indents_.push_back(0);
}

Lexer::Lexer(absl::string_view source, absl::string_view filename, uint32_t offset, uint32_t line)
    : src_(source),
      data_(source.data()),
      filename_(filename),
      pos_(offset),
      line_(line),
      line_start_(offset),
      at_line_start_(false) {
  indents_.push_back(0);
}

absl::Status Lexer::Error(SourcePos pos, absl::string_view message) const {
  return SourceError(filename_, src_, pos, message);
}

Token Lexer::Make(TokenKind kind, uint32_t begin, uint32_t length) {
  Token t;
  t.kind = kind;
  t.offset = begin;
  t.length = length;
  t.line = line_;
  t.col = begin - line_start_ + 1;
  t.comments_before = static_cast<uint32_t>(comments_.size());
  return t;
}

Token Lexer::MakeAt(TokenKind kind, SourcePos pos) {
  Token t;
  t.kind = kind;
  t.offset = pos.offset;
  t.length = 0;
  t.line = pos.line;
  t.col = pos.col;
  t.comments_before = static_cast<uint32_t>(comments_.size());
  return t;
}

Token Lexer::Fail(SourcePos pos, absl::string_view message) {
  failed_ = true;
  status_ = Error(pos, message);
  return MakeAt(TokenKind::kError, pos);
}

void Lexer::NewLine() {
  ++pos_;
  ++line_;
  line_start_ = pos_;
}

void Lexer::SkipComment() {
  const uint32_t start = pos_;
  size_t end = src_.find('\n', pos_);
  if (end == absl::string_view::npos) end = src_.size();
  // The text after '#' and at most one space, as Python's tokenize sees it:
  // trailing blanks stay; it ends at a '\r' (a CRLF line end, or a line
  // break of Python's own), which the printed comment could not keep.
  absl::string_view text = src_.substr(start + 1, end - start - 1);
  if (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  text = text.substr(0, text.find('\r'));
  comments_.push_back(Comment{text, PosAt(start)});
  pos_ = static_cast<uint32_t>(end);
}

bool Lexer::HandleLineStart(Token* out, bool* produced) {
  *produced = false;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  {
    // The common line: indented by spaces exactly as the open block, then a
    // name. What the loop below concludes for it - no token, the name next -
    // found 8 bytes at a time.
    const uint32_t top = indents_.back();
    if (pos_ + top < size && IsIdentStart(data_[pos_ + top])) {
      constexpr uint64_t kEightSpaces = 0x2020202020202020ull;
      uint32_t i = 0;
      for (; i + 8 <= top; i += 8) {
        uint64_t word;
        std::memcpy(&word, data_ + pos_ + i, sizeof(word));
        if (word != kEightSpaces) break;
      }
      while (i < top && data_[pos_ + i] == ' ') ++i;
      if (i == top) {
        pos_ += top;
        at_line_start_ = false;
        return true;
      }
    }
  }
  for (;;) {
    uint32_t p = pos_;
    uint32_t width = 0;
    int64_t tab_at = -1;
    while (p < size) {
      char c = data_[p];
      if (c == ' ') {
        ++width;
      } else if (c == '\t') {
        if (tab_at < 0) tab_at = p;
      } else if (c != '\r' && c != '\f') {
        break;
      }
      ++p;
    }
    if (p >= size) {
      pos_ = p;
      at_line_start_ = false;
      return true;
    }
    if (data_[p] == '\n') {
      pos_ = p;
      NewLine();
      continue;
    }
    if (data_[p] == '#') {
      pos_ = p;
      SkipComment();
      continue;
    }
    if (tab_at >= 0) {
      *out = Fail(PosAt(static_cast<uint32_t>(tab_at)),
                  "tab characters are not allowed in indentation");
      return false;
    }
    pos_ = p;
    at_line_start_ = false;
    uint32_t top = indents_.back();
    if (width > top) {
      indents_.push_back(width);
      *out = MakeAt(TokenKind::kIndent, PosAt(p));
      *produced = true;
    } else if (width < top) {
      int count = 0;
      while (indents_.size() > 1 && indents_.back() > width) {
        indents_.pop_back();
        ++count;
      }
      if (indents_.back() != width) {
        *out = Fail(PosAt(p), "unindent does not match any outer indentation level");
        return false;
      }
      pending_dedents_ = count - 1;
      *out = MakeAt(TokenKind::kDedent, PosAt(p));
      *produced = true;
    }
    return true;
  }
}

TokenKind Lexer::NameKind(uint32_t begin, uint32_t length) const {
  if (length < 2 || length > 8 || !IsKeywordStart(data_[begin])) return TokenKind::kName;
  if (begin + 8 > src_.size()) return KeywordOfKey(NameKey(src_.substr(begin, length)));
  // One load instead of a loop over the bytes: the name's bytes, then the
  // bytes after it, masked off.
  uint64_t word;
  std::memcpy(&word, data_ + begin, sizeof(word));
#if !defined(ABSL_IS_LITTLE_ENDIAN)
  word = __builtin_bswap64(word);
#endif
  if (length < 8) word &= (uint64_t{1} << (8 * length)) - 1;
  return KeywordOfKey(word);
}

// Inlined into both callers: as a call, it costs Next() more than it saves.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline bool Lexer::LexCommon(uint32_t begin, Token* out) {
  const uint32_t size = static_cast<uint32_t>(src_.size());
  const unsigned char c = static_cast<unsigned char>(data_[begin]);
  uint32_t end = begin + 1;
  switch (kLeads.lead[c]) {
    case kLeadName:
      while (end < size && IsIdentChar(data_[end])) ++end;
      *out = Make(NameKind(begin, end - begin), begin, end - begin);
      break;
    case kLeadSingle:
      *out = Make(kLeads.kind[c], begin, 1);
      break;
    case kLeadDot:
      // "..." and ".5" are LexPunct's and LexNumber's.
      if (end < size && (data_[end] == '.' || IsDigit(data_[end]))) return false;
      *out = Make(TokenKind::kDot, begin, 1);
      break;
    case kLeadOpen:
      brackets_.push_back(Bracket{kLeads.close[c], PosAt(begin)});
      *out = Make(kLeads.kind[c], begin, 1);
      break;
    case kLeadClose:
      // A mismatch is LexPunct's to report.
      if (brackets_.empty() || brackets_.back().close != static_cast<char>(c)) return false;
      brackets_.pop_back();
      *out = Make(kLeads.kind[c], begin, 1);
      break;
    default:
      return false;
  }
  line_has_tokens_ = true;
  pos_ = end;
  return true;
}

void Lexer::Next(Token* out) {
  // The common case, kept small so that it needs few registers: within a
  // line, a name or one-byte punctuation after spaces. Everything else -
  // line starts, errors, numbers, strings, comments - is NextSlow's.
  if (!failed_ && pending_dedents_ == 0 && !(at_line_start_ && brackets_.empty())) {
    const uint32_t size = static_cast<uint32_t>(src_.size());
    uint32_t p = pos_;
    while (p < size && data_[p] == ' ') ++p;
    pos_ = p;
    if (p < size && LexCommon(p, out)) return;
  }
  NextSlow(out);
}

void Lexer::NextSlow(Token* out) {
  if (failed_) {
    *out = MakeAt(TokenKind::kError, PosAt(pos_));
    return;
  }
  if (pending_dedents_ > 0) {
    --pending_dedents_;
    *out = MakeAt(TokenKind::kDedent, PosAt(pos_));
    return;
  }
  const uint32_t size = static_cast<uint32_t>(src_.size());
  for (;;) {
    if (at_line_start_ && brackets_.empty()) {
      bool produced = false;
      if (!HandleLineStart(out, &produced) || produced) return;
    }
    while (pos_ < size && kLeads.lead[static_cast<unsigned char>(data_[pos_])] == kLeadSpace) {
      ++pos_;
    }
    if (pos_ >= size) {
      if (!brackets_.empty()) {
        const Bracket& b = brackets_.back();
        char open = b.close == ')' ? '(' : b.close == ']' ? '[' : '{';
        *out = Fail(b.pos, absl::StrCat("'", absl::string_view(&open, 1), "' was never closed"));
        return;
      }
      if (line_has_tokens_) {
        line_has_tokens_ = false;
        *out = MakeAt(TokenKind::kNewline, PosAt(pos_));
        return;
      }
      if (indents_.size() > 1) {
        indents_.pop_back();
        *out = MakeAt(TokenKind::kDedent, PosAt(pos_));
        return;
      }
      *out = MakeAt(TokenKind::kEof, PosAt(pos_));
      return;
    }
    const uint32_t begin = pos_;
    switch (kLeads.lead[static_cast<unsigned char>(data_[begin])]) {
      case kLeadHash:
        SkipComment();
        continue;
      case kLeadNewline: {
        SourcePos p = PosAt(begin);
        NewLine();
        if (brackets_.empty()) {
          at_line_start_ = true;
          if (line_has_tokens_) {
            line_has_tokens_ = false;
            *out = MakeAt(TokenKind::kNewline, p);
            return;
          }
        }
        continue;
      }
      case kLeadBackslash: {
        uint32_t q = begin + 1;
        if (q < size && data_[q] == '\r') ++q;
        if (q < size && data_[q] == '\n') {
          pos_ = q;
          NewLine();
          continue;
        }
        *out = Fail(PosAt(begin), "unexpected '\\': a line continuation must end its line");
        return;
      }
      default:
        break;
    }
    if (LexCommon(begin, out)) return;
    line_has_tokens_ = true;
    const char c = data_[begin];
    if (IsDigit(c) || (c == '.' && begin + 1 < size && IsDigit(data_[begin + 1]))) {
      LexNumber(out);
    } else if (c == '"' || c == '\'') {
      LexString(out);
    } else {
      LexPunct(out);
    }
    return;
  }
}

void Lexer::LexNumber(Token* out) {
  uint32_t begin = pos_;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  bool is_float = false;
  // Python's 0x / 0o / 0b integers (addresses such as base=0x1000); the
  // parser's ParseInt reads the prefix.
  if (data_[pos_] == '0' && pos_ + 1 < size) {
    const char p = static_cast<char>(data_[pos_ + 1] | 0x20);
    const int radix = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (radix != 0) {
      pos_ += 2;
      const uint32_t digits = pos_;
      while (pos_ < size && (IsRadixDigit(data_[pos_], radix) ||
                             data_[pos_] == '_')) {
        ++pos_;
      }
      if (pos_ == digits || data_[pos_ - 1] == '_' ||
          (pos_ < size && (IsIdentChar(data_[pos_]) || data_[pos_] == '.'))) {
        *out = Fail(PosAt(begin), "invalid number literal");
        return;
      }
      *out = Make(TokenKind::kInt, begin, pos_ - begin);
      return;
    }
  }
  while (pos_ < size && IsDigit(data_[pos_])) ++pos_;
  if (pos_ < size && data_[pos_] == '.') {
    is_float = true;
    ++pos_;
    while (pos_ < size && IsDigit(data_[pos_])) ++pos_;
  }
  if (pos_ < size && (data_[pos_] == 'e' || data_[pos_] == 'E')) {
    uint32_t q = pos_ + 1;
    if (q < size && (data_[q] == '+' || data_[q] == '-')) ++q;
    if (q < size && IsDigit(data_[q])) {
      is_float = true;
      pos_ = q;
      while (pos_ < size && IsDigit(data_[pos_])) ++pos_;
    }
  }
  if (pos_ < size && (IsIdentChar(data_[pos_]) || data_[pos_] == '.')) {
    *out = Fail(PosAt(begin), "invalid number literal");
    return;
  }
  *out = Make(is_float ? TokenKind::kFloat : TokenKind::kInt, begin, pos_ - begin);
}

void Lexer::LexString(Token* out) {
  uint32_t begin = pos_;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  char quote = data_[pos_];
  if (pos_ + 2 < size && data_[pos_ + 1] == quote && data_[pos_ + 2] == quote) {
    // A triple-quoted string (docstrings) may span lines: the token's
    // position stays its opening quotes, the lines inside are counted.
    SourcePos start = PosAt(begin);
    pos_ += 3;
    while (pos_ < size) {
      char c = data_[pos_];
      if (c == quote && pos_ + 2 < size && data_[pos_ + 1] == quote &&
          data_[pos_ + 2] == quote) {
        pos_ += 3;
        *out = Make(TokenKind::kString, begin, pos_ - begin);
        out->line = start.line;
        out->col = start.col;
        return;
      }
      if (c == '\\' && pos_ + 1 < size) {
        if (data_[pos_ + 1] == '\n') {
          ++pos_;
          NewLine();
        } else {
          pos_ += 2;
        }
        continue;
      }
      if (c == '\n') {
        NewLine();
        continue;
      }
      ++pos_;
    }
    *out = Fail(start, "unterminated triple-quoted string");
    return;
  }
  ++pos_;
  while (pos_ < size) {
    char c = data_[pos_];
    if (c == quote) {
      ++pos_;
      *out = Make(TokenKind::kString, begin, pos_ - begin);
      return;
    }
    if (c == '\n') break;
    if (c == '\\') {
      if (pos_ + 1 >= size || data_[pos_ + 1] == '\n') break;
      pos_ += 2;
      continue;
    }
    ++pos_;
  }
  *out = Fail(PosAt(begin), "unterminated string literal");
}

void Lexer::LexPunct(Token* out) {
  // What reaches here: '.' before another '.', a closer that does not match
  // (LexCommon takes the rest of both), operators and invalid bytes.
  const uint32_t begin = pos_;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  const char c = data_[begin];
  const char n1 = begin + 1 < size ? data_[begin + 1] : '\0';
  const char n2 = begin + 2 < size ? data_[begin + 2] : '\0';
  TokenKind kind;
  uint32_t length = 1;
  switch (c) {
    case ')':
    case ']':
    case '}':
      if (brackets_.empty()) {
        *out = Fail(PosAt(begin), absl::StrCat("unmatched '", absl::string_view(&c, 1), "'"));
      } else {
        char expected = brackets_.back().close;
        *out = Fail(PosAt(begin), absl::StrCat("closing '", absl::string_view(&c, 1),
                                               "' does not match the open bracket (expected '",
                                               absl::string_view(&expected, 1), "')"));
      }
      return;
    case '.':
      kind = TokenKind::kDot;
      if (n1 == '.' && n2 == '.') {
        kind = TokenKind::kEllipsis;
        length = 3;
      }
      break;
    case '=':
      kind = TokenKind::kAssign;
      if (n1 == '=') {
        kind = TokenKind::kEqEq;
        length = 2;
      }
      break;
    case '<':
    case '>':
      kind = c == '<' ? TokenKind::kLess : TokenKind::kGreater;
      if (n1 == c) {
        kind = c == '<' ? TokenKind::kLShift : TokenKind::kRShift;
        length = 2;
      } else if (n1 == '=') {
        kind = c == '<' ? TokenKind::kLessEq : TokenKind::kGreaterEq;
        length = 2;
      }
      break;
    case '-':
      kind = TokenKind::kMinus;
      if (n1 == '>') {
        kind = TokenKind::kArrow;
        length = 2;
      }
      break;
    case '*':
    case '/':
      kind = c == '*' ? TokenKind::kStar : TokenKind::kSlash;
      if (n1 == c) {
        kind = c == '*' ? TokenKind::kDoubleStar : TokenKind::kDoubleSlash;
        length = 2;
      }
      break;
    case '@':
      kind = TokenKind::kAt;
      break;
    case '+':
      kind = TokenKind::kPlus;
      break;
    case '%':
      kind = TokenKind::kPercent;
      break;
    case '&':
      kind = TokenKind::kAmp;
      break;
    case '|':
      kind = TokenKind::kPipe;
      break;
    case '^':
      kind = TokenKind::kCaret;
      break;
    case '!':
      if (n1 == '=') {
        kind = TokenKind::kNotEq;
        length = 2;
        break;
      }
      [[fallthrough]];  // '!' alone is not Python
    default:
      *out = Fail(PosAt(begin), absl::StrCat("invalid character ", DescribeChar(c)));
      return;
  }
  if (TakesAugmentedAssign(kind) && begin + length < size && data_[begin + length] == '=') {
    kind = TokenKind::kAugAssign;
    ++length;
  }
  pos_ = begin + length;
  *out = Make(kind, begin, length);
}


absl::StatusOr<std::vector<Token>> Tokenize(absl::string_view source, absl::string_view filename) {
  Lexer lexer(source, filename);
  std::vector<Token> tokens;
  for (;;) {
    Token t = lexer.Next();
    if (t.kind == TokenKind::kError) return lexer.status();
    tokens.push_back(t);
    if (t.kind == TokenKind::kEof) return tokens;
  }
}

std::string UnquoteString(absl::string_view quoted) {
  std::string out;
  if (quoted.size() < 2) return out;
  size_t q = quoted.size() >= 6 && quoted[1] == quoted[0] && quoted[2] == quoted[0] ? 3 : 1;
  absl::string_view body = quoted.substr(q, quoted.size() - 2 * q);
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 == body.size()) {
      out.push_back(c);
      continue;
    }
    char e = body[++i];
    switch (e) {
      case 'n':
        out.push_back('\n');
        break;
      case 't':
        out.push_back('\t');
        break;
      case 'r':
        out.push_back('\r');
        break;
      case '0':
        out.push_back('\0');
        break;
      default:
        out.push_back(e);
        break;
    }
  }
  return out;
}

}  // namespace pto::ir::text
