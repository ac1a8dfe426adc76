// Python literals (parser_impl.h): numbers to their repr() text,
// string tokens decoded (escapes, implicit concatenation) and f-strings split
// into literal parts and replacement fields, as CPython 3.11 builds them.

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "ir/text/python/reader/parser_impl.h"
#include "ir/text/python/repr.h"

namespace pto::ir::text::py {
namespace {

int HexVal(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// Decimal text of the integer written in `digits` (no underscores) in `base`.
std::string BigIntText(absl::string_view digits, int base) {
  std::vector<uint32_t> limbs;  // base 1e9, little-endian
  for (char c : digits) {
    uint64_t carry = static_cast<uint64_t>(HexVal(c));
    for (uint32_t& l : limbs) {
      const uint64_t v = static_cast<uint64_t>(l) * base + carry;
      l = static_cast<uint32_t>(v % 1000000000u);
      carry = v / 1000000000u;
    }
    while (carry != 0) {
      limbs.push_back(static_cast<uint32_t>(carry % 1000000000u));
      carry /= 1000000000u;
    }
  }
  if (limbs.empty()) return "0";
  std::string out = absl::StrCat(limbs.back());
  for (size_t i = limbs.size() - 1; i-- > 0;) {
    std::string part = absl::StrCat(limbs[i]);
    out.append(9 - part.size(), '0');
    out += part;
  }
  return out;
}

}  // namespace

uint32_t PyParser::Number(const Token& t) {
  absl::string_view raw = Text(t);
  if (raw.find_first_not_of("0123456789") == absl::string_view::npos &&
      (raw[0] != '0' || raw.size() == 1)) {
    uint32_t n = New(K::kInt, t);  // already its own repr(): no copy
    N(n).text = raw;
    return n;
  }
  std::string digits;
  for (char c : Text(t)) {
    if (c != '_') digits.push_back(c);
  }
  uint32_t n = New(K::kInt, t);
  std::string text;
  const char last = static_cast<char>(digits.back() | 0x20);
  const bool prefixed = digits.size() > 1 && digits[0] == '0' &&
                        ((digits[1] | 0x20) == 'x' || (digits[1] | 0x20) == 'o' ||
                         (digits[1] | 0x20) == 'b');
  if (prefixed) {
    const char b = static_cast<char>(digits[1] | 0x20);
    text = BigIntText(absl::string_view(digits).substr(2), b == 'x' ? 16 : b == 'o' ? 8 : 2);
  } else if (last == 'j') {
    digits.pop_back();
    N(n).kind = K::kImag;
    text = ImagRepr(std::strtod(digits.c_str(), nullptr));
  } else if (digits.find_first_of(".eE") != std::string::npos) {
    N(n).kind = K::kFloat;
    text = FloatRepr(std::strtod(digits.c_str(), nullptr));
  } else {
    text = BigIntText(digits, 10);
  }
  ast_->strings.push_back(std::move(text));
  N(n).text = ast_->strings.back();
  return n;
}

namespace {

// Decodes the escapes of a non-raw literal part. False with `*bad` set to
// the offending escape's offset within `in`, `*msg` why.
bool DecodeEscapes(absl::string_view in, bool bytes, std::string* out, size_t* bad,
                   std::string* msg, bool* unsupported) {
  for (size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '\r' && i + 1 < in.size() && in[i + 1] == '\n') continue;
    if (c != '\\' || i + 1 >= in.size()) {
      out->push_back(c);
      continue;
    }
    const char e = in[++i];
    switch (e) {
      case '\n': break;
      case '\r':
        if (i + 1 < in.size() && in[i + 1] == '\n') ++i;
        break;
      case '\\': out->push_back('\\'); break;
      case '\'': out->push_back('\''); break;
      case '"': out->push_back('"'); break;
      case 'a': out->push_back('\a'); break;
      case 'b': out->push_back('\b'); break;
      case 'f': out->push_back('\f'); break;
      case 'n': out->push_back('\n'); break;
      case 'r': out->push_back('\r'); break;
      case 't': out->push_back('\t'); break;
      case 'v': out->push_back('\v'); break;
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        uint32_t v = 0;
        size_t k = i;
        for (; k < in.size() && k < i + 3 && in[k] >= '0' && in[k] <= '7'; ++k) {
          v = v * 8 + static_cast<uint32_t>(in[k] - '0');
        }
        i = k - 1;
        if (bytes) {
          out->push_back(static_cast<char>(v & 0xFF));
        } else {
          AppendUtf8(v, out);
        }
        break;
      }
      case 'x':
      case 'u':
      case 'U': {
        if (bytes && e != 'x') {
          out->push_back('\\');
          out->push_back(e);
          break;
        }
        const size_t len = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t v = 0;
        for (size_t k = 0; k < len; ++k) {
          const int h = i + 1 + k < in.size() ? HexVal(in[i + 1 + k]) : -1;
          if (h < 0) {
            *bad = i - 1;
            *msg = absl::StrCat("truncated \\", absl::string_view(&e, 1), " escape");
            return false;
          }
          v = v * 16 + static_cast<uint32_t>(h);
        }
        if (v > 0x10FFFF) {
          *bad = i - 1;
          *msg = "illegal Unicode character";
          return false;
        }
        i += len;
        if (bytes) {
          out->push_back(static_cast<char>(v));
        } else {
          AppendUtf8(v, out);
        }
        break;
      }
      case 'N':
        if (!bytes) {
          *bad = i - 1;
          *msg = "\\N{...} escapes";
          *unsupported = true;
          return false;
        }
        [[fallthrough]];
      default:  // not an escape: the backslash stays
        out->push_back('\\');
        out->push_back(e);
        break;
    }
  }
  return true;
}

}  // namespace

bool DecodeLiteralPart(absl::string_view in, std::string* out, size_t* bad, std::string* msg,
                       bool* unsupported) {
  return DecodeEscapes(in, /*bytes=*/false, out, bad, msg, unsupported);
}

void PyParser::FlushLiteral(std::string* literal, const Token& at) {
  if (literal->empty()) return;
  uint32_t c = New(K::kStr, at);
  ast_->strings.push_back(std::move(*literal));
  literal->clear();
  N(c).text = ast_->strings.back();
  Push(c);
}

uint32_t PyParser::Strings() {
  const Token& first = Peek();
  bool any_f = false, any_bytes = false, any_text = false;
  for (size_t k = pos_; k < toks_.size() && toks_[k].kind == Tok::kString; ++k) {
    absl::string_view t = Text(toks_[k]);
    const size_t q = t.find_first_of("'\"");
    absl::string_view prefix = t.substr(0, q);
    bool b = false;
    for (char c : prefix) {
      any_f |= (c | 0x20) == 'f';
      b |= (c | 0x20) == 'b';
    }
    any_bytes |= b;
    any_text |= !b;
    if (any_bytes && any_text) {
      Fail(toks_[k], "cannot mix bytes and nonbytes literals");
      return 0;
    }
  }
  const size_t parts_mark = Mark();
  std::string literal;
  bool ukind = false;
  for (bool first_tok = true; Peek().kind == Tok::kString; first_tok = false) {
    const Token& tok = Peek();
    ++pos_;
    absl::string_view t = Text(tok);
    const size_t q = t.find_first_of("'\"");
    bool raw = false, fstr = false;
    for (size_t k = 0; k < q; ++k) {
      raw |= (t[k] | 0x20) == 'r';
      fstr |= (t[k] | 0x20) == 'f';
      if (first_tok && (t[k] | 0x20) == 'u') ukind = true;
    }
    const bool triple = t.size() - q >= 6 && t[q + 1] == t[q] && t[q + 2] == t[q];
    const size_t qlen = triple ? 3 : 1;
    const uint32_t body_begin = tok.begin + static_cast<uint32_t>(q + qlen);
    absl::string_view body = t.substr(q + qlen, t.size() - q - 2 * qlen);
    if (any_bytes) {
      for (size_t k = 0; k < body.size(); ++k) {
        if (static_cast<unsigned char>(body[k]) >= 0x80) {
          FailAt(body_begin + static_cast<uint32_t>(k), tok.line, tok.col,
                 "bytes can only contain ASCII literal characters");
          return 0;
        }
      }
    }
    if (!fstr) {
      if (raw) {
        for (size_t k = 0; k < body.size(); ++k) {
          if (!(body[k] == '\r' && k + 1 < body.size() && body[k + 1] == '\n')) {
            literal.push_back(body[k]);
          }
        }
      } else {
        size_t bad = 0;
        std::string msg;
        bool unsup = false;
        if (!DecodeEscapes(body, any_bytes, &literal, &bad, &msg, &unsup)) {
          if (unsup) {
            Unsupported(tok, msg);
          } else {
            FailAt(body_begin + static_cast<uint32_t>(bad), tok.line, tok.col,
                   absl::StrCat("(unicode error) 'unicodeescape' codec can't decode bytes: ",
                                msg));
          }
          return 0;
        }
      }
      continue;
    }
    if (!FString(tok, body_begin, body, raw, /*nesting=*/0, &literal)) return 0;
  }
  if (!any_f) {
    uint32_t n = New(any_bytes ? K::kBytes : K::kStr, first);
    ast_->strings.push_back(std::move(literal));
    N(n).text = ast_->strings.back();
    if (ukind) N(n).flags |= kUKind;
    stack_.resize(parts_mark);
    return n;
  }
  FlushLiteral(&literal, first);
  uint32_t n = New(K::kJoinedStr, first);
  N(n).l[0] = Commit(parts_mark);
  return Finish(n) ? n : 0;
}

}  // namespace pto::ir::text::py
