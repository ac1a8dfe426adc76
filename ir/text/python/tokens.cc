// Python 3 tokenizer (tokens.h). One pass over the bytes; the only
// state across lines is the bracket depth, an open triple-quoted string
// (consumed whole when it starts) and the indentation stack.

#include "ir/text/python/tokens.h"

#include "absl/strings/str_cat.h"

namespace pto::ir::text::py {
namespace {

constexpr int kMaxBrackets = 200;  // CPython's own limit on nesting

bool IsIdStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool IsIdChar(unsigned char c) { return IsIdStart(c) || (c >= '0' && c <= '9'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsStringPrefix(absl::string_view s) {
  if (s.empty() || s.size() > 2) return false;
  int r = 0, b = 0, u = 0, f = 0;
  for (char c : s) {
    switch (c | 0x20) {
      case 'r': ++r; break;
      case 'b': ++b; break;
      case 'u': ++u; break;
      case 'f': ++f; break;
      default: return false;
    }
  }
  if (r > 1 || b > 1 || u > 1 || f > 1) return false;
  if (u == 1 && s.size() != 1) return false;
  return b + f < 2;
}

// 3 for **= //= >>= <<= ..., 2 for the two-character operators, else 0.
uint32_t OperatorLength(const char* p, uint32_t avail) {
  const char c0 = p[0], c1 = avail > 1 ? p[1] : 0, c2 = avail > 2 ? p[2] : 0;
  if ((c0 == '*' || c0 == '/' || c0 == '<' || c0 == '>') && c1 == c0) return c2 == '=' ? 3 : 2;
  if (c0 == '.' && c1 == '.' && c2 == '.') return 3;
  if (c1 == '=') {
    switch (c0) {
      case '+': case '-': case '*': case '/': case '%': case '&': case '|': case '^': case '@':
      case '<': case '>': case '=': case '!': case ':':
        return 2;
      default:
        break;
    }
  }
  return c0 == '-' && c1 == '>' ? 2 : 0;
}

class Tokenizer {
 public:
  Tokenizer(absl::string_view src, TokRange r, TokMode mode, std::vector<Token>* out,
            SyntaxError* err)
      : s_(src), end_(r.end), i_(r.begin), line_(r.line), line_start_(r.line_start),
        mode_(mode), out_(out), err_(err) {}

  bool Run();

 private:
  SourcePos Pos(uint32_t at) const { return SourcePos{at, line_, at - line_start_ + 1}; }
  bool Fail(uint32_t at, std::string msg) {
    *err_ = SyntaxError{Pos(at), std::move(msg)};
    return false;
  }
  void Emit(Tok k, uint32_t b, uint32_t e) {
    out_->push_back(Token{k, b, e, line_, b - line_start_ + 1});
  }
  void NewLine(uint32_t nl_at) {
    line_++;
    line_start_ = nl_at + 1;
  }
  bool Indentation();  // at a line start outside brackets; false on error
  bool String(uint32_t begin, uint32_t quote_at);
  bool Number(uint32_t begin);

  absl::string_view s_;
  uint32_t end_;
  uint32_t i_;
  uint32_t line_;
  uint32_t line_start_;
  TokMode mode_;
  std::vector<Token>* out_;
  SyntaxError* err_;
  std::vector<uint32_t> indents_;
  std::string brackets_;
  std::vector<Token> bracket_toks_;  // where each open bracket is
  bool line_has_tokens_ = false;
};

bool Tokenizer::Indentation() {
  // Measures this line; blank and comment-only lines do not count.
  uint32_t col = 0;
  uint32_t j = i_;
  while (j < end_ && (s_[j] == ' ' || s_[j] == '\t' || s_[j] == '\f')) {
    col = s_[j] == '\t' ? (col / 8 + 1) * 8 : s_[j] == '\f' ? 0 : col + 1;
    ++j;
  }
  i_ = j;
  if (j >= end_ || s_[j] == '\n' || s_[j] == '#' || s_[j] == '\r') return true;
  if (s_[j] == '\\') return true;  // a continuation line joins the next
  if (indents_.empty()) {
    indents_.push_back(col);
    return true;
  }
  if (col > indents_.back()) {
    indents_.push_back(col);
    Emit(Tok::kIndent, j, j);
    return true;
  }
  while (col < indents_.back()) {
    indents_.pop_back();
    if (indents_.empty() || col > indents_.back()) {
      return Fail(j, "unindent does not match any outer indentation level");
    }
    Emit(Tok::kDedent, j, j);
  }
  return true;
}

bool Tokenizer::String(uint32_t begin, uint32_t q) {
  const char quote = s_[q];
  const bool triple = q + 2 < end_ && s_[q + 1] == quote && s_[q + 2] == quote;
  const uint32_t start_line = line_, start_ls = line_start_;
  uint32_t j = q + (triple ? 3 : 1);
  for (;;) {
    if (j >= end_) {
      line_ = start_line;
      line_start_ = start_ls;
      return Fail(begin, triple ? "unterminated triple-quoted string literal"
                                : "unterminated string literal");
    }
    const char c = s_[j];
    if (c == '\\') {
      if (j + 1 < end_ && s_[j + 1] == '\n') NewLine(j + 1);
      j += 2;
      continue;
    }
    if (c == '\n') {
      if (!triple) {
        line_ = start_line;
        line_start_ = start_ls;
        return Fail(begin, "unterminated string literal");
      }
      NewLine(j);
      ++j;
      continue;
    }
    if (c == quote && (!triple || (j + 2 < end_ && s_[j + 1] == quote && s_[j + 2] == quote))) {
      j += triple ? 3 : 1;
      break;
    }
    ++j;
  }
  if (j > end_) j = end_;
  // The token's line/col are where it began.
  out_->push_back(Token{Tok::kString, begin, j, start_line, begin - start_ls + 1});
  i_ = j;
  return true;
}

bool Tokenizer::Number(uint32_t b) {
  uint32_t j = b;
  auto digits = [&](auto ok) {
    // digits with single underscores between them
    bool any = false;
    while (j < end_) {
      if (ok(s_[j])) {
        any = true;
        ++j;
      } else if (s_[j] == '_' && any && j + 1 < end_ && ok(s_[j + 1])) {
        ++j;
      } else {
        break;
      }
    }
    return any;
  };
  auto dec = [](char c) { return IsDigit(c); };
  bool ok = true;
  if (s_[j] == '0' && j + 1 < end_ && (s_[j + 1] | 0x20) != '.' && IsIdStart(s_[j + 1]) &&
      ((s_[j + 1] | 0x20) == 'x' || (s_[j + 1] | 0x20) == 'o' || (s_[j + 1] | 0x20) == 'b')) {
    const char base = static_cast<char>(s_[j + 1] | 0x20);
    j += 2;
    if (j < end_ && s_[j] == '_') ++j;
    if (base == 'x') {
      ok = digits([](char c) {
        return IsDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
      });
    } else if (base == 'o') {
      ok = digits([](char c) { return c >= '0' && c <= '7'; });
    } else {
      ok = digits([](char c) { return c == '0' || c == '1'; });
    }
  } else {
    bool is_float = false;
    if (s_[j] != '.') digits(dec);
    if (j < end_ && s_[j] == '.') {
      is_float = true;
      ++j;
      digits(dec);
    }
    if (j < end_ && (s_[j] | 0x20) == 'e') {
      uint32_t k = j + 1;
      if (k < end_ && (s_[k] == '+' || s_[k] == '-')) ++k;
      if (k < end_ && IsDigit(s_[k])) {
        j = k;
        digits(dec);
        is_float = true;
      }
    }
    if (j < end_ && (s_[j] | 0x20) == 'j') {
      ++j;
      is_float = true;
    }
    if (!is_float) {
      // Leading zeros only in a literal zero ("00" is fine, "01" is not).
      bool nonzero = false, lead0 = s_[b] == '0';
      for (uint32_t k = b; k < j; ++k) nonzero |= s_[k] >= '1' && s_[k] <= '9';
      if (lead0 && nonzero) {
        return Fail(b, "leading zeros in decimal integer literals are not permitted; use an "
                       "0o prefix for octal integers");
      }
    }
  }
  if (!ok || (j < end_ && (IsIdChar(s_[j]) || s_[j] == '_'))) {
    return Fail(b, "invalid decimal literal");
  }
  Emit(Tok::kNumber, b, j);
  i_ = j;
  return true;
}

bool Tokenizer::Run() {
  const bool expr = mode_ == TokMode::kExpression;
  bool at_line_start = mode_ == TokMode::kBlock;
  if (mode_ == TokMode::kLine) indents_.push_back(0);
  while (true) {
    if (at_line_start && brackets_.empty() && !expr) {
      if (!Indentation()) return false;
      at_line_start = false;
    }
    if (i_ >= end_) break;
    const char c = s_[i_];
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
      ++i_;
      continue;
    }
    if (c == '#') {
      while (i_ < end_ && s_[i_] != '\n') ++i_;
      continue;
    }
    if (c == '\n') {
      if (line_has_tokens_ && brackets_.empty() && !expr) {
        Emit(Tok::kNewline, i_, i_);
        line_has_tokens_ = false;
        if (mode_ == TokMode::kLine) {
          i_ = end_;
          break;
        }
      }
      NewLine(i_);
      ++i_;
      // Inside brackets a line break starts no logical line.
      at_line_start = brackets_.empty();
      continue;
    }
    if (c == '\\') {
      uint32_t k = i_ + 1;
      while (k < end_ && s_[k] == '\r') ++k;
      if (k < end_ && s_[k] == '\n') {
        NewLine(k);
        i_ = k + 1;
        continue;
      }
      if (k >= end_) return Fail(i_, "unexpected end of input after a line continuation");
      return Fail(i_, "unexpected character after line continuation character");
    }
    line_has_tokens_ = true;
    const uint32_t b = i_;
    if (IsIdStart(static_cast<unsigned char>(c))) {
      uint32_t j = i_;
      while (j < end_ && IsIdChar(static_cast<unsigned char>(s_[j]))) ++j;
      if (j < end_ && (s_[j] == '\'' || s_[j] == '"') && IsStringPrefix(s_.substr(b, j - b))) {
        if (!String(b, j)) return false;
        continue;
      }
      Emit(Tok::kName, b, j);
      i_ = j;
      continue;
    }
    if (c == '\'' || c == '"') {
      if (!String(b, b)) return false;
      continue;
    }
    if (IsDigit(c) || (c == '.' && i_ + 1 < end_ && IsDigit(s_[i_ + 1]))) {
      if (!Number(b)) return false;
      continue;
    }
    // Operators: the longest of the three-, two- and one-character ones.
    uint32_t len = OperatorLength(s_.data() + b, end_ - b);
    if (len == 0) {
      switch (c) {
        case '(':
        case '[':
        case '{':
          if (brackets_.size() >= kMaxBrackets) return Fail(b, "too many nested parentheses");
          brackets_.push_back(c);
          bracket_toks_.push_back(Token{Tok::kOp, b, b + 1, line_, b - line_start_ + 1});
          len = 1;
          break;
        case ')':
        case ']':
        case '}': {
          const char open = c == ')' ? '(' : c == ']' ? '[' : '{';
          if (brackets_.empty()) {
            return Fail(b, absl::StrCat("unmatched '", absl::string_view(&c, 1), "'"));
          }
          if (brackets_.back() != open) {
            return Fail(b, absl::StrCat("closing parenthesis '", absl::string_view(&c, 1),
                                        "' does not match opening parenthesis '",
                                        absl::string_view(&brackets_.back(), 1), "'"));
          }
          brackets_.pop_back();
          bracket_toks_.pop_back();
          len = 1;
          break;
        }
        case '+': case '-': case '*': case '/': case '%': case '@': case '&': case '|':
        case '^': case '~': case '<': case '>': case ',': case ':': case ';': case '.':
        case '=': case '!':
          len = 1;
          break;
        default:
          return Fail(b, absl::StrCat("invalid character '", absl::string_view(&c, 1),
                                      "' in the host Python body"));
      }
    }
    Emit(Tok::kOp, b, b + len);
    i_ = b + len;
  }
  if (!brackets_.empty() && !expr) {
    const Token& t = bracket_toks_.back();
    *err_ = SyntaxError{SourcePos{t.begin, t.line, t.col},
                        absl::StrCat("'", absl::string_view(&brackets_.back(), 1),
                                     "' was never closed")};
    return false;
  }
  if (line_has_tokens_ && !expr) Emit(Tok::kNewline, end_, end_);
  if (!expr) {
    for (size_t k = 1; k < indents_.size(); ++k) Emit(Tok::kDedent, end_, end_);
  }
  Emit(Tok::kEnd, end_, end_);
  return true;
}

}  // namespace

bool IsPythonKeyword(absl::string_view w, bool reserved_only) {
  if (w.size() < 2 || w.size() > 8) return false;
  // Candidates by first letter: one or two compares instead of 35.
  static constexpr absl::string_view kByFirst[][6] = {
      /*a*/ {"and", "as", "assert", "async", "await"},
      /*b*/ {"break"},
      /*c*/ {"class", "continue"},
      /*d*/ {"def", "del"},
      /*e*/ {"elif", "else", "except"},
      /*f*/ {"finally", "for", "from"},
      /*g*/ {"global"},
      /*h*/ {},
      /*i*/ {"if", "import", "in", "is"},
      /*j*/ {}, /*k*/ {},
      /*l*/ {"lambda"},
      /*m*/ {},
      /*n*/ {"nonlocal", "not"},
      /*o*/ {"or"},
      /*p*/ {"pass"},
      /*q*/ {},
      /*r*/ {"raise", "return"},
      /*s*/ {},
      /*t*/ {"try"},
      /*u*/ {}, /*v*/ {},
      /*w*/ {"while", "with"},
      /*x*/ {},
      /*y*/ {"yield"},
      /*z*/ {}};
  const char c = w[0];
  if (c == 'F' || c == 'N' || c == 'T') {
    return !reserved_only && (w == "False" || w == "None" || w == "True");
  }
  if (c < 'a' || c > 'z') return false;
  for (absl::string_view k : kByFirst[c - 'a']) {
    if (!k.empty() && k == w) return true;
  }
  return false;
}

bool Tokenize(absl::string_view src, TokRange range, TokMode mode, std::vector<Token>* out,
              SyntaxError* err) {
  if (range.end > src.size()) range.end = static_cast<uint32_t>(src.size());
  Tokenizer t(src, range, mode, out, err);
  return t.Run();
}

}  // namespace pto::ir::text::py
