#include "ir/text/lexer.h"

#include <cstdio>
#include <cstring>

#include "absl/base/attributes.h"
#include "absl/base/config.h"
#include "absl/strings/str_cat.h"

namespace pto::ir::text {
namespace {

// A name of at most eight bytes as one integer, byte i in bits 8i..8i+7:
// keywords are compared as integers rather than as strings. Names hold no
// NUL byte, so names of different lengths never share a key.
constexpr uint64_t NameKey(absl::string_view s) {
  uint64_t key = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    key |= uint64_t{static_cast<unsigned char>(s[i])} << (8 * i);
  }
  return key;
}

// Bytes that begin some Python keyword; most names begin with another.
constexpr bool IsKeywordStart(char c) {
  switch (c) {
    case 'F': case 'N': case 'T': case 'a': case 'b': case 'c': case 'd': case 'e': case 'f':
    case 'g': case 'i': case 'l': case 'n': case 'o': case 'p': case 'r': case 't': case 'w':
    case 'y':
      return true;
    default:
      return false;
  }
}

// `key` is NameKey of a 2..8-byte name.
TokenKind KeywordOfKey(uint64_t key) {
  using K = TokenKind;
  switch (key) {
    case NameKey("and"): return K::kAnd;
    case NameKey("as"): return K::kAs;
    case NameKey("class"): return K::kClass;
    case NameKey("def"): return K::kDef;
    case NameKey("elif"): return K::kElif;
    case NameKey("else"): return K::kElse;
    case NameKey("False"): return K::kFalse;
    case NameKey("for"): return K::kFor;
    case NameKey("from"): return K::kFrom;
    case NameKey("if"): return K::kIf;
    case NameKey("import"): return K::kImport;
    case NameKey("in"): return K::kIn;
    case NameKey("None"): return K::kNone;
    case NameKey("not"): return K::kNot;
    case NameKey("or"): return K::kOr;
    case NameKey("pass"): return K::kPass;
    case NameKey("return"): return K::kReturn;
    case NameKey("True"): return K::kTrue;
    case NameKey("while"): return K::kWhile;
    case NameKey("assert"): case NameKey("async"): case NameKey("await"):
    case NameKey("break"): case NameKey("continue"): case NameKey("del"):
    case NameKey("except"): case NameKey("finally"): case NameKey("global"):
    case NameKey("is"): case NameKey("lambda"): case NameKey("nonlocal"):
    case NameKey("raise"): case NameKey("try"): case NameKey("with"):
    case NameKey("yield"):
      return K::kOtherKeyword;
    default:
      return K::kName;
  }
}

TokenKind KeywordKind(absl::string_view s) {
  // Python's keywords are 2 to 8 bytes long.
  if (s.size() < 2 || s.size() > 8 || !IsKeywordStart(s[0])) return TokenKind::kName;
  return KeywordOfKey(NameKey(s));
}

// How the lexer treats a byte where a token may start. Digits, quotes,
// punctuation that has a longer form ('=' of "==", '-' of "->") and invalid
// bytes are kLeadOther: NextSlow's by direct test.
enum Lead : uint8_t {
  kLeadOther = 0,
  kLeadSpace,    // ' ' '\t' '\r' '\f'
  kLeadName,
  kLeadDot,
  kLeadOpen,     // ( [ {
  kLeadClose,    // ) ] }
  kLeadSingle,   // , : ; ~ : always one byte
  kLeadNewline,
  kLeadHash,
  kLeadBackslash,
};

struct LeadTable {
  Lead lead[256] = {};
  TokenKind kind[256] = {};  // for kLeadOpen, kLeadClose and kLeadSingle
  char close[256] = {};      // for kLeadOpen: the matching closer
  constexpr LeadTable() {
    for (int c = 0; c < 256; ++c) {
      if (internal_chars::kChars.bits[c] == internal_chars::kIdentStart) lead[c] = kLeadName;
    }
    for (char c : {' ', '\t', '\r', '\f'}) lead[static_cast<unsigned char>(c)] = kLeadSpace;
    Set('.', kLeadDot);
    Set('(', kLeadOpen, TokenKind::kLParen);
    Set('[', kLeadOpen, TokenKind::kLBracket);
    Set('{', kLeadOpen, TokenKind::kLBrace);
    close[static_cast<unsigned char>('(')] = ')';
    close[static_cast<unsigned char>('[')] = ']';
    close[static_cast<unsigned char>('{')] = '}';
    Set(')', kLeadClose, TokenKind::kRParen);
    Set(']', kLeadClose, TokenKind::kRBracket);
    Set('}', kLeadClose, TokenKind::kRBrace);
    Set(',', kLeadSingle, TokenKind::kComma);
    Set(':', kLeadSingle, TokenKind::kColon);
    Set(';', kLeadSingle, TokenKind::kSemicolon);
    Set('~', kLeadSingle, TokenKind::kTilde);
    Set('\n', kLeadNewline);
    Set('#', kLeadHash);
    Set('\\', kLeadBackslash);
  }
  constexpr void Set(char c, Lead l, TokenKind k = TokenKind::kEof) {
    lead[static_cast<unsigned char>(c)] = l;
    kind[static_cast<unsigned char>(c)] = k;
  }
};
inline constexpr LeadTable kLeads;

// Binary operators that Python also spells with a trailing '=' (`+=`,
// `<<=`, `**=`, ...); comparisons, '=', '->' and '.' do not.
bool TakesAugmentedAssign(TokenKind kind) {
  switch (kind) {
    case TokenKind::kAt: case TokenKind::kPlus: case TokenKind::kMinus: case TokenKind::kStar:
    case TokenKind::kDoubleStar: case TokenKind::kSlash: case TokenKind::kDoubleSlash:
    case TokenKind::kPercent: case TokenKind::kAmp: case TokenKind::kPipe: case TokenKind::kCaret:
    case TokenKind::kLShift: case TokenKind::kRShift:
      return true;
    default:
      return false;
  }
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
        SkipComment(/*own_line=*/false);
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
    *out = Fail(PosAt(begin), "triple-quoted strings are not supported");
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
