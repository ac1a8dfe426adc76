#include "ir/float_literal.h"

#include <charconv>
#include <cmath>
#include <cstring>

namespace pto::ir {

FloatLiteral::FloatLiteral(double value) {
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

}  // namespace pto::ir
