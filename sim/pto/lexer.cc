#include "sim/pto/lexer.h"

#include <cctype>

#include "absl/strings/str_cat.h"

namespace pto::sim::pto_text {
namespace {

bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}
bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

}  // namespace

absl::string_view TokenKindName(Token::Kind kind) {
  switch (kind) {
    case Token::kValue: return "SSA value";
    case Token::kSymbol: return "symbol";
    case Token::kType: return "type";
    case Token::kAttr: return "attribute";
    case Token::kIdent: return "identifier";
    case Token::kInteger: return "integer";
    case Token::kFloat: return "float";
    case Token::kString: return "string";
    case Token::kPunct: return "punctuation";
    case Token::kEnd: return "end of input";
  }
  return "token";
}

absl::Status Lexer::Error(SourcePos pos, absl::string_view message) const {
  return ir::text::SourceError(filename_, source_, pos, message);
}

void Lexer::Advance(size_t n) {
  for (size_t i = 0; i < n && pos_.offset < source_.size(); ++i) {
    if (source_[pos_.offset] == '\n') {
      ++pos_.line;
      pos_.col = 1;
    } else {
      ++pos_.col;
    }
    ++pos_.offset;
  }
}

absl::StatusOr<size_t> Lexer::AngleEnd(size_t i) const {
  int depth = 0;
  for (; i < source_.size(); ++i) {
    char c = source_[i];
    if (c == '"') {  // a string inside an attribute may hold '>'
      for (++i; i < source_.size() && source_[i] != '"'; ++i) {
        if (source_[i] == '\\') ++i;
      }
      continue;
    }
    if (c == '\n') break;
    // `->` inside a function type is not a closing bracket.
    if (c == '-' && i + 1 < source_.size() && source_[i + 1] == '>') {
      ++i;
      continue;
    }
    if (c == '<') ++depth;
    if (c == '>' && --depth == 0) return i + 1;
  }
  return Error(pos_, "unbalanced '<' in a dialect type or attribute");
}

absl::StatusOr<Token> Lexer::Next() {
  // Whitespace and `//` comments.
  while (pos_.offset < source_.size()) {
    char c = source_[pos_.offset];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      Advance(1);
    } else if (source_.substr(pos_.offset, 2) == "//") {
      while (pos_.offset < source_.size() && source_[pos_.offset] != '\n') Advance(1);
    } else {
      break;
    }
  }
  const size_t start = pos_.offset;
  const SourcePos at = pos_;
  auto take = [&](Token::Kind kind, size_t end) {
    Advance(end - start);
    return Token{kind, source_.substr(start, end - start), at};
  };
  if (start >= source_.size()) return Token{Token::kEnd, "", at};
  const char c = source_[start];
  auto ident_end = [&](size_t i) {
    while (i < source_.size() && IsIdentChar(source_[i])) ++i;
    return i;
  };

  if (c == '%' || c == '@') {
    // MLIR's suffix-id: letters, digits and `$._-` (`%c-3`).
    size_t end = start + 1;
    while (end < source_.size() && (IsIdentChar(source_[end]) || source_[end] == '-')) ++end;
    if (end == start + 1) {
      return Error(at, absl::StrCat("expected a name after '", std::string(1, c), "'"));
    }
    return take(c == '%' ? Token::kValue : Token::kSymbol, end);
  }
  if (c == '!' || c == '#') {
    size_t end = ident_end(start + 1);
    if (end == start + 1 || !IsIdentStart(source_[start + 1])) {
      return Error(at, absl::StrCat("expected a dialect name after '", std::string(1, c), "'"));
    }
    if (end < source_.size() && source_[end] == '<') {
      absl::StatusOr<size_t> close = AngleEnd(end);
      if (!close.ok()) return close.status();
      end = *close;
    }
    return take(c == '!' ? Token::kType : Token::kAttr, end);
  }
  if (c == '"') {
    size_t i = start + 1;
    while (i < source_.size() && source_[i] != '"' && source_[i] != '\n') {
      if (source_[i] == '\\') ++i;
      ++i;
    }
    if (i >= source_.size() || source_[i] != '"') return Error(at, "unterminated string");
    Token t = take(Token::kString, i + 1);
    t.text = t.text.substr(1, t.text.size() - 2);
    return t;
  }
  if (c == '-' && start + 1 < source_.size() && source_[start + 1] == '>') {
    return take(Token::kPunct, start + 2);
  }
  if (IsDigit(c) || ((c == '-' || c == '+') && start + 1 < source_.size() &&
                     IsDigit(source_[start + 1]))) {
    size_t i = start + 1;
    if (source_.substr(start, 2) == "0x") {
      i = start + 2;
      while (i < source_.size() && std::isxdigit(static_cast<unsigned char>(source_[i]))) ++i;
      return take(Token::kInteger, i);
    }
    while (i < source_.size() && IsDigit(source_[i])) ++i;
    bool is_float = false;
    if (i < source_.size() && source_[i] == '.') {
      is_float = true;
      for (++i; i < source_.size() && IsDigit(source_[i]);) ++i;
    }
    if (i < source_.size() && (source_[i] == 'e' || source_[i] == 'E')) {
      size_t j = i + 1;
      if (j < source_.size() && (source_[j] == '+' || source_[j] == '-')) ++j;
      if (j < source_.size() && IsDigit(source_[j])) {
        is_float = true;
        for (i = j; i < source_.size() && IsDigit(source_[i]);) ++i;
      }
    }
    return take(is_float ? Token::kFloat : Token::kInteger, i);
  }
  if (IsIdentStart(c)) return take(Token::kIdent, ident_end(start));
  switch (c) {
    case '(': case ')': case '[': case ']': case '{': case '}':
    case ',': case ':': case '=': case '<': case '>': case '?': case '^':
      return take(Token::kPunct, start + 1);
    default:
      break;
  }
  return Error(at, absl::StrCat("unexpected character '", std::string(1, c), "'"));
}

absl::StatusOr<std::vector<Token>> Lexer::Tokenize() {
  std::vector<Token> tokens;
  while (true) {
    absl::StatusOr<Token> t = Next();
    if (!t.ok()) return t.status();
    tokens.push_back(*t);
    if (t->kind == Token::kEnd) return tokens;
  }
}

}  // namespace pto::sim::pto_text
