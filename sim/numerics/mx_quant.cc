#include "sim/numerics/mx_quant.h"

#include <algorithm>
#include <cmath>

#include "ir/check.h"
#include "sim/numerics/exact_number.h"
#include "sim/numerics/float_formats.h"

namespace pto::sim {

namespace {
constexpr int kE4M3MaxExponent = 8;
constexpr int kE8M0Bias = 127;
}  // namespace

uint8_t QuantizeMxFp8Block(absl::Span<const float> values, absl::Span<uint8_t> codes) {
  PTO_CHECK(values.size() == codes.size());
  double amax = 0;
  bool special = false;
  for (float v : values) {
    if (!std::isfinite(v)) special = true;
    amax = std::max(amax, std::fabs(static_cast<double>(v)));
  }
  if (special) {
    for (size_t i = 0; i < values.size(); ++i) codes[i] = std::signbit(values[i]) ? 0xFF : 0x7F;
    return 0xFF;
  }
  int shared = -kE8M0Bias;
  if (amax > 0) {
    int e;
    std::frexp(amax, &e);  // amax = m * 2^e, m in [0.5, 1)
    shared = std::clamp(e - 1 - kE4M3MaxExponent, -kE8M0Bias, kE8M0Bias);
  }
  for (size_t i = 0; i < values.size(); ++i) {
    double scaled = std::ldexp(static_cast<double>(values[i]), -shared);
    codes[i] = static_cast<uint8_t>(EncodeFloat(ir::DataType::kFP8E4M3FN,
                                                ExactNumber::FromDouble(scaled),
                                                ir::RoundMode::kRint, /*saturate=*/true));
  }
  return static_cast<uint8_t>(shared + kE8M0Bias);
}

}  // namespace pto::sim
