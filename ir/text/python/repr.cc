// repr() of Python constants (repr.h).

#include "ir/text/python/repr.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace pto::ir::text::py {
namespace {

// Shortest round-trip digits of v > 0 and its decimal exponent: v equals
// 0.d1d2... * 10^decpt.
void ShortestDigits(double v, std::string* digits, int* decpt) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string s(buf, r.ptr);
  const size_t e = s.find('e');
  digits->clear();
  for (size_t i = 0; i < e; ++i) {
    if (s[i] != '.') digits->push_back(s[i]);
  }
  *decpt = std::atoi(s.c_str() + e + 1) + 1;
}

// Python's 'r' format: fixed notation for -4 < decpt <= 16, else
// scientific; `dot0` adds ".0" to an integral fixed value.
std::string FormatRepr(double v, bool dot0) {
  if (std::isinf(v)) return "1e309";
  if (std::isnan(v)) return "(1e309-1e309)";
  if (v == 0) return dot0 ? "0.0" : "0";
  std::string d;
  int decpt = 0;
  ShortestDigits(v, &d, &decpt);
  const int n = static_cast<int>(d.size());
  std::string out;
  if (decpt > -4 && decpt <= 16) {
    if (decpt <= 0) {
      out = "0." + std::string(static_cast<size_t>(-decpt), '0') + d;
    } else if (decpt >= n) {
      out = d + std::string(static_cast<size_t>(decpt - n), '0');
      if (dot0) out += ".0";
    } else {
      out = d.substr(0, static_cast<size_t>(decpt)) + "." + d.substr(static_cast<size_t>(decpt));
    }
    return out;
  }
  out = d.substr(0, 1);
  if (n > 1) out += "." + d.substr(1);
  const int exp = decpt - 1;
  char buf[16];
  std::snprintf(buf, sizeof(buf), "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  return out + buf;
}

// Decodes one UTF-8 sequence at s[i]; an invalid byte stands for itself.
uint32_t NextCodePoint(absl::string_view s, size_t* i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(*i);
  int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  if (*i + len > s.size()) len = 1;
  uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (int k = 1; k < len; ++k) {
    if ((b(*i + k) & 0xC0) != 0x80) {
      len = 1;
      cp = c;
      break;
    }
    cp = (cp << 6) | (b(*i + k) & 0x3F);
  }
  *i += static_cast<size_t>(len);
  return cp;
}

bool IsPrintable(uint32_t c) { return IsPrintableCodePoint(c); }

// \xhh, \uhhhh or \Uhhhhhhhh, as the unicode_escape codec writes it.
void AppendHexEscape(uint32_t c, std::string* out) {
  char buf[12];
  if (c < 0x100) {
    std::snprintf(buf, sizeof(buf), "\\x%02x", c);
  } else if (c < 0x10000) {
    std::snprintf(buf, sizeof(buf), "\\u%04x", c);
  } else {
    std::snprintf(buf, sizeof(buf), "\\U%08x", c);
  }
  out->append(buf);
}

}  // namespace

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

namespace {

// repr()'s spelling of a character other than the quote and the backslash:
// \t, \n and \r escaped, a hex escape when not `printable`, else itself.
void AppendReprChar(uint32_t c, bool printable, std::string* out) {
  switch (c) {
    case '\t':
      *out += "\\t";
      return;
    case '\n':
      *out += "\\n";
      return;
    case '\r':
      *out += "\\r";
      return;
    default:
      break;
  }
  if (printable) {
    AppendUtf8(c, out);
  } else {
    AppendHexEscape(c, out);
  }
}

}  // namespace

std::string FloatRepr(double v) { return FormatRepr(v, /*dot0=*/true); }

std::string ImagRepr(double v) { return FormatRepr(v, /*dot0=*/false) + "j"; }

std::string StrRepr(absl::string_view s) {
  const bool has_single = s.find('\'') != absl::string_view::npos;
  const bool has_double = s.find('"') != absl::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size();) {
    const uint32_t c = NextCodePoint(s, &i);
    if (c == static_cast<uint32_t>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else {
      AppendReprChar(c, IsPrintable(c), &out);
    }
  }
  out.push_back(quote);
  return out;
}

std::string BytesRepr(absl::string_view s) {
  const bool has_single = s.find('\'') != absl::string_view::npos;
  const bool has_double = s.find('"') != absl::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out = "b";
  out.push_back(quote);
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(ch);
    } else {
      AppendReprChar(c, c >= 0x20 && c < 0x7F, &out);
    }
  }
  out.push_back(quote);
  return out;
}

std::string StrLiteralHelper(absl::string_view s, std::vector<absl::string_view>* quotes,
                             bool escape_ws) {
  std::string escaped;
  for (size_t i = 0; i < s.size();) {
    const uint32_t c = NextCodePoint(s, &i);
    if (!escape_ws && (c == '\n' || c == '\t')) {
      escaped.push_back(static_cast<char>(c));
    } else if (c == '\\') {
      escaped += "\\\\";
    } else {
      AppendReprChar(c, IsPrintable(c), &escaped);
    }
  }
  std::vector<absl::string_view> possible;
  const bool newline = escaped.find('\n') != std::string::npos;
  for (absl::string_view q : *quotes) {
    if (newline && q.size() != 3) continue;
    if (escaped.find(q.data(), 0, q.size()) != std::string::npos) continue;
    possible.push_back(q);
  }
  if (possible.empty()) {
    const std::string r = StrRepr(s);
    absl::string_view quote(r.data(), 1);
    for (absl::string_view q : *quotes) {
      if (q[0] == r[0]) {
        quote = q;
        break;
      }
    }
    // `quote` may point into `r`: copy it out before `r` goes.
    static constexpr absl::string_view kSingle = "'", kDouble = "\"";
    if (quote.data() == r.data()) quote = r[0] == '\'' ? kSingle : kDouble;
    *quotes = {quote};
    return r.substr(1, r.size() - 2);
  }
  if (!escaped.empty()) {
    const char last = escaped.back();
    std::stable_sort(possible.begin(), possible.end(),
                     [&](absl::string_view a, absl::string_view b) {
                       return (a[0] == last) < (b[0] == last);
                     });
    if (possible[0][0] == last) {
      escaped.insert(escaped.size() - 1, 1, '\\');
    }
  }
  *quotes = std::move(possible);
  return escaped;
}

}  // namespace pto::ir::text::py
