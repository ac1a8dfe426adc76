#include "ir/float_literal.h"

#include <cmath>
#include <cstdio>
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
  int n = std::snprintf(buf_, sizeof(buf_), "%.17g", value);
  size_ = static_cast<uint8_t>(n > 0 ? n : 0);
  if (view().find_first_of(".eE") == absl::string_view::npos) {
    buf_[size_++] = '.';
    buf_[size_++] = '0';
  }
}

}  // namespace pto::ir
