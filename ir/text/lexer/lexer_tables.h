// Private to //ir/text/lexer: the lexer's token and keyword tables. The keyword
// match and the lead-byte table are on the lexer's fast path, so they are
// defined here (inline / constexpr) rather than behind a call.
//
//   TokenKind k = KeywordKind("while");       // TokenKind::kWhile
//   kLeads.lead[static_cast<unsigned char>('(')] == kLeadOpen

#ifndef PTO_IR_TEXT_LEXER_LEXER_TABLES_H_
#define PTO_IR_TEXT_LEXER_LEXER_TABLES_H_

#include <cstdint>

#include "absl/strings/string_view.h"
#include "ir/text/lexer/lexer.h"

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


// The keywords by perfect hash: KeywordSlot gives each of them its own slot
// of 64 (a multiplier found by search; the table's constructor fails to
// compile should two keywords ever share a slot). A name is a keyword when
// its slot holds its key: a multiply and one compare, where a switch over
// the keys took a chain of compares.
inline constexpr uint64_t kKeywordHashMultiplier = 0xb57c8e05e3c9b0e1ull;
constexpr unsigned KeywordSlot(uint64_t key) {
  return static_cast<unsigned>((key * kKeywordHashMultiplier) >> 58);
}
struct KeywordTable {
  uint64_t key[64] = {};  // 0: no keyword (no 2..8-byte name has key 0)
  TokenKind kind[64] = {};
  constexpr KeywordTable() {
    using K = TokenKind;
    Add("and", K::kAnd);
    Add("as", K::kAs);
    Add("class", K::kClass);
    Add("def", K::kDef);
    Add("elif", K::kElif);
    Add("else", K::kElse);
    Add("False", K::kFalse);
    Add("for", K::kFor);
    Add("from", K::kFrom);
    Add("if", K::kIf);
    Add("import", K::kImport);
    Add("in", K::kIn);
    Add("None", K::kNone);
    Add("not", K::kNot);
    Add("or", K::kOr);
    Add("pass", K::kPass);
    Add("return", K::kReturn);
    Add("True", K::kTrue);
    Add("while", K::kWhile);
    for (absl::string_view other :
         {"assert", "async", "await", "break", "continue", "del", "except", "finally", "global",
          "is", "lambda", "nonlocal", "raise", "try", "with", "yield"}) {
      Add(other, K::kOtherKeyword);
    }
  }
  constexpr void Add(absl::string_view name, TokenKind k) {
    const unsigned slot = KeywordSlot(NameKey(name));
    if (key[slot] != 0) throw "two keywords share a slot: pick another multiplier";
    key[slot] = NameKey(name);
    kind[slot] = k;
  }
};
inline constexpr KeywordTable kKeywords;

// `key` is NameKey of a 2..8-byte name.
inline TokenKind KeywordOfKey(uint64_t key) {
  const unsigned slot = KeywordSlot(key);
  return kKeywords.key[slot] == key ? kKeywords.kind[slot] : TokenKind::kName;
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

#endif  // PTO_IR_TEXT_LEXER_LEXER_TABLES_H_
