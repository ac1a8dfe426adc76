#include "sim/pto/cursor.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace pto::sim::pto_text {
namespace {

// MLIR's builtin scalar types as PTO uses them: index, iN / uiN / siN,
// f16 / f32 / f64 / bf16 and the f8 / f4 formats (f8E4M3FN, ...).
bool IsBuiltinType(absl::string_view s) {
  if (s == "index" || s == "bf16") return true;
  for (absl::string_view prefix : {"ui", "si", "i", "f"}) {
    if (absl::StartsWith(s, prefix) && s.size() > prefix.size() &&
        absl::ascii_isdigit(s[prefix.size()])) {
      return true;
    }
  }
  return false;
}

}  // namespace

const Token& Cursor::Peek(size_t ahead) const {
  size_t j = i_ + ahead;
  return tokens_[j < tokens_.size() ? j : tokens_.size() - 1];
}

bool Cursor::AtPunct(absl::string_view p, size_t ahead) const {
  const Token& t = Peek(ahead);
  return t.kind == Token::kPunct && t.text == p;
}

bool Cursor::TryPunct(absl::string_view p) {
  if (!AtPunct(p)) return false;
  Take();
  return true;
}

bool Cursor::TryWord(absl::string_view word) {
  if (Peek().kind != Token::kIdent || Peek().text != word) return false;
  Take();
  return true;
}

absl::Status Cursor::Expected(absl::string_view what) const {
  const Token& t = Peek();
  return Error(t.kind == Token::kEnd
                   ? absl::StrCat("expected ", what, ", found the end of the input")
                   : absl::StrCat("expected ", what, ", found '", t.text, "'"));
}

absl::StatusOr<Token> Cursor::Expect(Token::Kind kind, absl::string_view what) {
  if (Peek().kind != kind) return Expected(what);
  return Take();
}

absl::Status Cursor::ExpectPunct(absl::string_view p) {
  if (!TryPunct(p)) return Expected(absl::StrCat("'", p, "'"));
  return absl::OkStatus();
}

absl::Status Cursor::ExpectWord(absl::string_view word) {
  if (!TryWord(word)) return Expected(absl::StrCat("'", word, "'"));
  return absl::OkStatus();
}

bool Cursor::AtType() const {
  const Token& t = Peek();
  return t.kind == Token::kType || (t.kind == Token::kIdent && IsBuiltinType(t.text));
}

absl::StatusOr<Token> Cursor::ExpectType() {
  if (!AtType()) return Expected("a type");
  return Take();
}

absl::Status Cursor::Error(absl::string_view message) const {
  return ErrorAt(Peek().pos, message);
}

absl::Status Cursor::ErrorAt(ir::text::SourcePos pos, absl::string_view message) const {
  return ir::text::SourceError(filename_, source_, pos, message);
}

}  // namespace pto::sim::pto_text
