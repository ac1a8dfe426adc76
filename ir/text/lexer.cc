#include "ir/text/lexer.h"

#include <cstdio>

#include "absl/strings/str_cat.h"

namespace pto::ir::text {
namespace {

TokenKind KeywordKind(absl::string_view s) {
  using K = TokenKind;
  // Every keyword starts with one of these; most names do not.
  switch (s.empty() ? '\0' : s[0]) {
    case 'F': case 'N': case 'T': case 'a': case 'b': case 'c': case 'd': case 'e': case 'f':
    case 'g': case 'i': case 'l': case 'n': case 'o': case 'p': case 'r': case 't': case 'w':
    case 'y':
      break;
    default:
      return K::kName;
  }
  switch (s.size()) {
    case 2:
      if (s == "as") return K::kAs;
      if (s == "if") return K::kIf;
      if (s == "in") return K::kIn;
      if (s == "or") return K::kOr;
      if (s == "is") return K::kOtherKeyword;
      break;
    case 3:
      if (s == "and") return K::kAnd;
      if (s == "def") return K::kDef;
      if (s == "for") return K::kFor;
      if (s == "not") return K::kNot;
      if (s == "del" || s == "try") return K::kOtherKeyword;
      break;
    case 4:
      if (s == "elif") return K::kElif;
      if (s == "else") return K::kElse;
      if (s == "from") return K::kFrom;
      if (s == "None") return K::kNone;
      if (s == "pass") return K::kPass;
      if (s == "True") return K::kTrue;
      if (s == "with") return K::kOtherKeyword;
      break;
    case 5:
      if (s == "class") return K::kClass;
      if (s == "False") return K::kFalse;
      if (s == "while") return K::kWhile;
      if (s == "async" || s == "await" || s == "break" || s == "raise" || s == "yield") {
        return K::kOtherKeyword;
      }
      break;
    case 6:
      if (s == "import") return K::kImport;
      if (s == "return") return K::kReturn;
      if (s == "assert" || s == "except" || s == "global" || s == "lambda") {
        return K::kOtherKeyword;
      }
      break;
    case 7:
      if (s == "finally") return K::kOtherKeyword;
      break;
    case 8:
      if (s == "continue" || s == "nonlocal") return K::kOtherKeyword;
      break;
    default:
      break;
  }
  return K::kName;
}

std::string DescribeChar(char c) {
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return absl::StrCat("'", absl::string_view(&c, 1), "'");
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%02X", u);
  return absl::StrCat("(byte ", buf, ")");
}

}  // namespace

absl::string_view TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEof:
      return "end of file";
    case TokenKind::kError:
      return "error";
    case TokenKind::kNewline:
      return "end of line";
    case TokenKind::kIndent:
      return "indent";
    case TokenKind::kDedent:
      return "dedent";
    case TokenKind::kName:
      return "name";
    case TokenKind::kInt:
      return "integer";
    case TokenKind::kFloat:
      return "float";
    case TokenKind::kString:
      return "string";
    case TokenKind::kAnd:
      return "'and'";
    case TokenKind::kAs:
      return "'as'";
    case TokenKind::kClass:
      return "'class'";
    case TokenKind::kDef:
      return "'def'";
    case TokenKind::kElif:
      return "'elif'";
    case TokenKind::kElse:
      return "'else'";
    case TokenKind::kFalse:
      return "'False'";
    case TokenKind::kFor:
      return "'for'";
    case TokenKind::kFrom:
      return "'from'";
    case TokenKind::kIf:
      return "'if'";
    case TokenKind::kImport:
      return "'import'";
    case TokenKind::kIn:
      return "'in'";
    case TokenKind::kNone:
      return "'None'";
    case TokenKind::kNot:
      return "'not'";
    case TokenKind::kOr:
      return "'or'";
    case TokenKind::kPass:
      return "'pass'";
    case TokenKind::kReturn:
      return "'return'";
    case TokenKind::kTrue:
      return "'True'";
    case TokenKind::kWhile:
      return "'while'";
    case TokenKind::kOtherKeyword:
      return "keyword";
    case TokenKind::kLParen:
      return "'('";
    case TokenKind::kRParen:
      return "')'";
    case TokenKind::kLBracket:
      return "'['";
    case TokenKind::kRBracket:
      return "']'";
    case TokenKind::kLBrace:
      return "'{'";
    case TokenKind::kRBrace:
      return "'}'";
    case TokenKind::kComma:
      return "','";
    case TokenKind::kColon:
      return "':'";
    case TokenKind::kSemicolon:
      return "';'";
    case TokenKind::kDot:
      return "'.'";
    case TokenKind::kEllipsis:
      return "'...'";
    case TokenKind::kAt:
      return "'@'";
    case TokenKind::kArrow:
      return "'->'";
    case TokenKind::kAssign:
      return "'='";
    case TokenKind::kAugAssign:
      return "augmented assignment";
    case TokenKind::kPlus:
      return "'+'";
    case TokenKind::kMinus:
      return "'-'";
    case TokenKind::kStar:
      return "'*'";
    case TokenKind::kDoubleStar:
      return "'**'";
    case TokenKind::kSlash:
      return "'/'";
    case TokenKind::kDoubleSlash:
      return "'//'";
    case TokenKind::kPercent:
      return "'%'";
    case TokenKind::kLShift:
      return "'<<'";
    case TokenKind::kRShift:
      return "'>>'";
    case TokenKind::kAmp:
      return "'&'";
    case TokenKind::kPipe:
      return "'|'";
    case TokenKind::kCaret:
      return "'^'";
    case TokenKind::kTilde:
      return "'~'";
    case TokenKind::kLess:
      return "'<'";
    case TokenKind::kGreater:
      return "'>'";
    case TokenKind::kLessEq:
      return "'<='";
    case TokenKind::kGreaterEq:
      return "'>='";
    case TokenKind::kEqEq:
      return "'=='";
    case TokenKind::kNotEq:
      return "'!='";
  }
  return "token";
}

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

void Lexer::SkipComment(bool own_line) {
  uint32_t start = pos_;
  size_t end = src_.find('\n', pos_);
  if (end == absl::string_view::npos) end = src_.size();
  if (own_line) {
    absl::string_view text = src_.substr(start + 1, end - start - 1);
    if (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) {
      text.remove_suffix(1);
    }
    comments_.push_back(Comment{text, PosAt(start)});
  }
  pos_ = static_cast<uint32_t>(end);
}

bool Lexer::HandleLineStart(Token* out, bool* produced) {
  *produced = false;
  const uint32_t size = static_cast<uint32_t>(src_.size());
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
      SkipComment(/*own_line=*/true);
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

Token Lexer::Next() {
  if (failed_) return MakeAt(TokenKind::kError, PosAt(pos_));
  if (pending_dedents_ > 0) {
    --pending_dedents_;
    return MakeAt(TokenKind::kDedent, PosAt(pos_));
  }
  const uint32_t size = static_cast<uint32_t>(src_.size());
  for (;;) {
    if (at_line_start_ && brackets_.empty()) {
      Token t;
      bool produced = false;
      if (!HandleLineStart(&t, &produced) || produced) return t;
    }
    while (pos_ < size) {
      char c = data_[pos_];
      if (c != ' ' && c != '\t' && c != '\r' && c != '\f') break;
      ++pos_;
    }
    if (pos_ >= size) {
      if (!brackets_.empty()) {
        const Bracket& b = brackets_.back();
        char open = b.close == ')' ? '(' : b.close == ']' ? '[' : '{';
        return Fail(b.pos, absl::StrCat("'", absl::string_view(&open, 1), "' was never closed"));
      }
      if (line_has_tokens_) {
        line_has_tokens_ = false;
        return MakeAt(TokenKind::kNewline, PosAt(pos_));
      }
      if (indents_.size() > 1) {
        indents_.pop_back();
        return MakeAt(TokenKind::kDedent, PosAt(pos_));
      }
      return MakeAt(TokenKind::kEof, PosAt(pos_));
    }
    char c = data_[pos_];
    if (c == '#') {
      SkipComment(/*own_line=*/false);
      continue;
    }
    if (c == '\n') {
      SourcePos p = PosAt(pos_);
      NewLine();
      if (brackets_.empty()) {
        at_line_start_ = true;
        if (line_has_tokens_) {
          line_has_tokens_ = false;
          return MakeAt(TokenKind::kNewline, p);
        }
      }
      continue;
    }
    if (c == '\\') {
      uint32_t q = pos_ + 1;
      if (q < size && data_[q] == '\r') ++q;
      if (q < size && data_[q] == '\n') {
        pos_ = q;
        NewLine();
        continue;
      }
      return Fail(PosAt(pos_), "unexpected '\\': a line continuation must end its line");
    }
    line_has_tokens_ = true;
    if (IsIdentStart(c)) return LexName();
    if (IsDigit(c) || (c == '.' && pos_ + 1 < size && IsDigit(data_[pos_ + 1]))) {
      return LexNumber();
    }
    if (c == '"' || c == '\'') return LexString();
    return LexPunct();
  }
}

Token Lexer::LexName() {
  uint32_t begin = pos_;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  while (pos_ < size && IsIdentChar(data_[pos_])) ++pos_;
  absl::string_view text(data_ + begin, pos_ - begin);
  return Make(KeywordKind(text), begin, pos_ - begin);
}

Token Lexer::LexNumber() {
  uint32_t begin = pos_;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  bool is_float = false;
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
    return Fail(PosAt(begin), "invalid number literal");
  }
  return Make(is_float ? TokenKind::kFloat : TokenKind::kInt, begin, pos_ - begin);
}

Token Lexer::LexString() {
  uint32_t begin = pos_;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  char quote = data_[pos_];
  if (pos_ + 2 < size && data_[pos_ + 1] == quote && data_[pos_ + 2] == quote) {
    return Fail(PosAt(begin), "triple-quoted strings are not supported");
  }
  ++pos_;
  while (pos_ < size) {
    char c = data_[pos_];
    if (c == quote) {
      ++pos_;
      return Make(TokenKind::kString, begin, pos_ - begin);
    }
    if (c == '\n') break;
    if (c == '\\') {
      if (pos_ + 1 >= size || data_[pos_ + 1] == '\n') break;
      pos_ += 2;
      continue;
    }
    ++pos_;
  }
  return Fail(PosAt(begin), "unterminated string literal");
}

Token Lexer::LexPunct() {
  uint32_t begin = pos_;
  const uint32_t size = static_cast<uint32_t>(src_.size());
  char c = data_[pos_];
  char n1 = pos_ + 1 < size ? data_[pos_ + 1] : '\0';
  char n2 = pos_ + 2 < size ? data_[pos_ + 2] : '\0';
  auto tok = [&](TokenKind kind, uint32_t length) {
    pos_ += length;
    return Make(kind, begin, length);
  };
  auto open = [&](TokenKind kind, char close) {
    brackets_.push_back(Bracket{close, PosAt(begin)});
    return tok(kind, 1);
  };
  auto close = [&](TokenKind kind) {
    if (brackets_.empty()) {
      return Fail(PosAt(begin), absl::StrCat("unmatched '", absl::string_view(&c, 1), "'"));
    }
    if (brackets_.back().close != c) {
      char expected = brackets_.back().close;
      return Fail(PosAt(begin), absl::StrCat("closing '", absl::string_view(&c, 1),
                                             "' does not match the open bracket (expected '",
                                             absl::string_view(&expected, 1), "')"));
    }
    brackets_.pop_back();
    return tok(kind, 1);
  };
  switch (c) {
    case '(':
      return open(TokenKind::kLParen, ')');
    case '[':
      return open(TokenKind::kLBracket, ']');
    case '{':
      return open(TokenKind::kLBrace, '}');
    case ')':
      return close(TokenKind::kRParen);
    case ']':
      return close(TokenKind::kRBracket);
    case '}':
      return close(TokenKind::kRBrace);
    case ',':
      return tok(TokenKind::kComma, 1);
    case ':':
      return tok(TokenKind::kColon, 1);
    case ';':
      return tok(TokenKind::kSemicolon, 1);
    case '~':
      return tok(TokenKind::kTilde, 1);
    case '.':
      if (n1 == '.' && n2 == '.') return tok(TokenKind::kEllipsis, 3);
      return tok(TokenKind::kDot, 1);
    case '@':
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kAt, 1);
    case '=':
      if (n1 == '=') return tok(TokenKind::kEqEq, 2);
      return tok(TokenKind::kAssign, 1);
    case '!':
      if (n1 == '=') return tok(TokenKind::kNotEq, 2);
      break;
    case '<':
      if (n1 == '<') return n2 == '=' ? tok(TokenKind::kAugAssign, 3) : tok(TokenKind::kLShift, 2);
      if (n1 == '=') return tok(TokenKind::kLessEq, 2);
      return tok(TokenKind::kLess, 1);
    case '>':
      if (n1 == '>') return n2 == '=' ? tok(TokenKind::kAugAssign, 3) : tok(TokenKind::kRShift, 2);
      if (n1 == '=') return tok(TokenKind::kGreaterEq, 2);
      return tok(TokenKind::kGreater, 1);
    case '+':
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kPlus, 1);
    case '-':
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      if (n1 == '>') return tok(TokenKind::kArrow, 2);
      return tok(TokenKind::kMinus, 1);
    case '*':
      if (n1 == '*')
        return n2 == '=' ? tok(TokenKind::kAugAssign, 3) : tok(TokenKind::kDoubleStar, 2);
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kStar, 1);
    case '/':
      if (n1 == '/')
        return n2 == '=' ? tok(TokenKind::kAugAssign, 3) : tok(TokenKind::kDoubleSlash, 2);
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kSlash, 1);
    case '%':
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kPercent, 1);
    case '&':
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kAmp, 1);
    case '|':
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kPipe, 1);
    case '^':
      if (n1 == '=') return tok(TokenKind::kAugAssign, 2);
      return tok(TokenKind::kCaret, 1);
    default:
      break;
  }
  return Fail(PosAt(begin), absl::StrCat("invalid character ", DescribeChar(c)));
}

bool IsPythonKeyword(absl::string_view name) {
  return !name.empty() && KeywordKind(name) != TokenKind::kName;
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
  absl::string_view body = quoted.substr(1, quoted.size() - 2);
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
