#include "ir/text/parser/parser.h"

#include <cstdint>

#include "ir/float_literal.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir {
namespace parser_impl {

// --- Tokens and errors -----------------------------------------------------------

std::string Parser::Describe(const Token& t) const {
  switch (t.kind) {
    case K::kName:
    case K::kInt:
    case K::kFloat:
    case K::kString:
    case K::kOtherKeyword:
      return absl::StrCat("'", Text(t), "'");
    case K::kIndent:
      return "an indented line";
    case K::kDedent:
      return "the end of the block";
    default:
      return std::string(text::TokenKindName(t.kind));
  }
}

bool Parser::Fail(const Token& at, absl::string_view message) {
  if (!error_.ok()) return false;
  if (at.kind == K::kError) {
    error_ = ts_->lexer().status();
  } else {
    error_ = text::SourceError(filename_, src_, at.pos(), message);
  }
  return false;
}

bool Parser::FailAt(SourcePos pos, absl::string_view message) {
  if (!error_.ok()) return false;
  error_ = text::SourceError(filename_, src_, pos, message);
  return false;
}

bool Parser::Expect(K kind, Token* out) {
  if (!At(kind)) {
    return Fail(Peek(), absl::StrCat("expected ", text::TokenKindName(kind), " but found ",
                                     Describe(Peek())));
  }
  Token t = Advance();
  if (out != nullptr) *out = t;
  return true;
}

bool Parser::ExpectName(Token* out) {
  if (!At(K::kName)) {
    return Fail(Peek(), absl::StrCat("expected a name but found ", Describe(Peek())));
  }
  *out = Advance();
  return true;
}

bool Parser::ExpectNewline() {
  if (At(K::kNewline)) {
    NoteNewline(Advance());
    return true;
  }
  if (At(K::kSemicolon)) {
    return Fail(Peek(), "';' is not supported: put each statement on its own line");
  }
  return Fail(Peek(), absl::StrCat("expected the end of the line but found ", Describe(Peek())));
}

bool Parser::ParseInt(const Token& t, int64_t* out) {
  absl::string_view text = Text(t);
  if (text.size() > 2 && text[0] == '0' && !text::IsDigit(text[1])) {
    // 0x / 0o / 0b (the lexer checked the digits; '_' separates them).
    const char p = static_cast<char>(text[1] | 0x20);
    const uint64_t radix = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    uint64_t v = 0;
    for (char c : text.substr(2)) {
      if (c == '_') continue;
      const uint64_t d = text::IsDigit(c) ? static_cast<uint64_t>(c - '0')
                                    : static_cast<uint64_t>((c | 0x20) - 'a' + 10);
      if (v > (static_cast<uint64_t>(INT64_MAX) - d) / radix) {
        return Fail(t, "integer literal is out of range");
      }
      v = v * radix + d;
    }
    *out = static_cast<int64_t>(v);
    return true;
  }
  if (!absl::SimpleAtoi(text, out)) return Fail(t, "integer literal is out of range");
  return true;
}

bool Parser::ParseFloat(const Token& t, double* out) {
  if (!ParseFloatLiteral(Text(t), out)) return Fail(t, "invalid float literal");
  return true;
}

bool Parser::ParseFloatCall(double* out) {
  Advance();  // float
  Advance();  // '('
  const Token str = Peek();
  if (!At(K::kString)) {
    return Fail(str, absl::StrCat("float() takes a string such as 'inf' or 'nan', found ",
                                  Describe(str)));
  }
  Advance();
  std::string body = text::UnquoteString(Text(str));
  if (!absl::SimpleAtod(body, out)) {
    return Fail(str, absl::StrCat("float() cannot convert '", body, "' to a float"));
  }
  return Expect(K::kRParen);
}

}  // namespace parser_impl

absl::StatusOr<Program> ParseProgram(Context& ctx, absl::string_view text,
                                     absl::string_view filename, const ParseOptions& options) {
  parser_impl::Parser parser(ctx, text, filename, options);
  return parser.Run();
}

}  // namespace pto::ir
