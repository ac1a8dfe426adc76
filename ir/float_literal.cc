#include "ir/float_literal.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "absl/strings/numbers.h"

namespace pto::ir {

namespace {

// The spellings of recently printed values. Programs repeat a few constants
// (0.5, 1.0, the eight of a lowered sin) on many lines, and to_chars with a
// precision costs some 600 instructions a value: a direct-mapped cache by
// bit pattern turns a repeat into a copy.
struct CachedSpelling {
  uint64_t bits = 0;
  uint8_t size = 0;  // 0: empty
  char buf[32];
};
constexpr int kCacheBits = 6;
thread_local CachedSpelling cache[1 << kCacheBits];

}  // namespace

FloatLiteral::FloatLiteral(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  CachedSpelling& slot = cache[(bits * 0x9E3779B97F4A7C15ull) >> (64 - kCacheBits)];
  if (slot.size != 0 && slot.bits == bits) {
    size_ = slot.size;
    std::memcpy(buf_, slot.buf, sizeof(slot.buf));
    return;
  }
  Spell(value);
  if (size_ <= sizeof(slot.buf)) {
    slot.bits = bits;
    slot.size = size_;
    std::memcpy(slot.buf, buf_, sizeof(slot.buf));
  }
}

void FloatLiteral::Spell(double value) {
  if (!std::isfinite(value)) {
    const char* s = std::isnan(value) ? (std::signbit(value) ? "float('-nan')" : "float('nan')")
                                      : (value < 0 ? "float('-inf')" : "float('inf')");
    size_ = static_cast<uint8_t>(std::strlen(s));
    std::memcpy(buf_, s, size_);
    return;
  }
  // Exactly printf's "%.17g" (the standard defines it so), without printf's
  // arbitrary-precision path: 4-5x faster, and a lowered sin/cos holds
  // eight float constants.
  std::to_chars_result r =
      std::to_chars(buf_, buf_ + sizeof(buf_), value, std::chars_format::general, 17);
  size_ = static_cast<uint8_t>(r.ptr - buf_);
  if (view().find_first_of(".eE") == absl::string_view::npos) {
    buf_[size_++] = '.';
    buf_[size_++] = '0';
  }
}

bool ParseFloatLiteral(absl::string_view text, double* out) {
  // Plain decimals of at most 15 digits ("0.5", "2.25"): the digits as an
  // integer below 2^53 and a power of ten up to 1e15 are both exact doubles,
  // so one division rounds correctly (Clinger's fast path) and skips the
  // general parser, which costs several times more.
  static constexpr double kPow10[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  uint64_t digits = 0;
  int count = 0, fraction = -1;
  bool simple = text.size() <= 16;
  for (size_t i = 0; simple && i < text.size(); ++i) {
    char c = text[i];
    if (c >= '0' && c <= '9') {
      digits = digits * 10 + static_cast<uint64_t>(c - '0');
      ++count;
      if (fraction >= 0) ++fraction;
    } else if (c == '.' && fraction < 0) {
      fraction = 0;
    } else {
      simple = false;
    }
  }
  if (simple && count > 0 && count <= 15) {
    *out = static_cast<double>(digits) / kPow10[fraction < 0 ? 0 : fraction];
    return true;
  }
  return absl::SimpleAtod(text, out);
}

}  // namespace pto::ir
