// Tokens of the PTO text our codegen writes (MLIR's generic lexical syntax,
// as PTOAS reads it): SSA values, symbols, dialect types and attributes,
// identifiers, numbers, strings and punctuation.
//
//   Lexer lex("k.pto", text);
//   absl::StatusOr<std::vector<Token>> tokens = lex.Tokenize();
//   // `%a = pto.alloc_tile : !pto.tile_buf<loc=vec, ...>` is five tokens:
//   // kValue "%a", kPunct "=", kIdent "pto.alloc_tile", kPunct ":",
//   // kType "!pto.tile_buf<loc=vec, ...>".
//
// A dialect type or attribute (`!pto.tile_buf<...>`, `#pto<quant_type
// MXFP8>`, `#pto.layout<nd>`) is one token, its angle brackets balanced;
// its inside is read by whoever needs it. Errors are located
// (`k.pto:3:7: error: ...` with the line and a caret).

#ifndef PTO_SIM_PTO_LEXER_H_
#define PTO_SIM_PTO_LEXER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/text/diagnostic.h"

namespace pto::sim::pto_text {

using ir::text::SourcePos;

struct Token {
  enum Kind : uint8_t {
    kValue,    // %name (also %0, %arg0)
    kSymbol,   // @name
    kType,     // !dialect.name<...> or !dialect.name
    kAttr,     // #dialect<...>, #dialect.name<...>
    kIdent,    // bare identifiers, dotted op names, builtin types (f32, index)
    kInteger,  // 12, -3, 0x1F
    kFloat,    // 1.0, -2.5e-3, inf
    kString,   // "a5" (text without the quotes)
    kPunct,    // ( ) [ ] { } , : = -> < > ? ^
    kEnd,
  };
  Kind kind;
  absl::string_view text;  // a view into the source
  SourcePos pos;
};

absl::string_view TokenKindName(Token::Kind kind);

class Lexer {
 public:
  Lexer(absl::string_view filename, absl::string_view source)
      : filename_(filename), source_(source) {}

  // All tokens, ending with one kEnd. `//` comments are skipped.
  absl::StatusOr<std::vector<Token>> Tokenize();

 private:
  absl::Status Error(SourcePos pos, absl::string_view message) const;
  void Advance(size_t n);
  absl::StatusOr<Token> Next();
  // The end of a `<...>` body starting at `i` (the `<`), brackets balanced.
  absl::StatusOr<size_t> AngleEnd(size_t i) const;

  absl::string_view filename_;
  absl::string_view source_;
  SourcePos pos_;
};

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_LEXER_H_
