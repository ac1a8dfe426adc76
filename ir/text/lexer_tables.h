// Private to //ir/text: the lexer's token and keyword tables. The keyword
// match and the lead-byte table are on the lexer's fast path, so they are
// defined here (inline / constexpr) rather than behind a call.
//
//   TokenKind k = KeywordKind("while");       // TokenKind::kWhile
//   kLeads.lead[static_cast<unsigned char>('(')] == kLeadOpen

#ifndef PTO_IR_TEXT_LEXER_TABLES_H_
#define PTO_IR_TEXT_LEXER_TABLES_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "ir/text/lexer.h"

namespace pto::ir::text::lexer_internal {

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
inline TokenKind KeywordOfKey(uint64_t key) {
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


inline TokenKind KeywordKind(absl::string_view s) {
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
bool TakesAugmentedAssign(TokenKind kind);

}  // namespace pto::ir::text::lexer_internal

#endif  // PTO_IR_TEXT_LEXER_TABLES_H_
