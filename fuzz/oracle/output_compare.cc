#include "fuzz/oracle/output_compare.h"

#include <cmath>
#include <cstring>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "ir/check.h"
#include "sim/numerics/element_convert.h"

namespace pto::fuzz {
namespace {

float AsFloat(uint64_t bits) {
  uint32_t b = static_cast<uint32_t>(bits);
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

std::string Describe(ir::DataType dtype, uint64_t bits, bool defined) {
  if (!defined) return absl::StrFormat("undefined (0x%x)", bits);
  return absl::StrFormat("%.9g (0x%x)", sim::DecodeElement(dtype, bits).ToDouble(), bits);
}

}  // namespace

std::optional<std::string> CompareOutput(const sim::BufferView& original,
                                         const sim::BufferView& lowered, const ValueBound& bound,
                                         const sim::BufferView* source) {
  PTO_CHECK(original.dtype == lowered.dtype && original.shape == lowered.shape);
  bool near = bound.kind == ValueBound::Kind::kNearCast;
  PTO_CHECK(!near || (source != nullptr && source->shape == original.shape));
  std::optional<std::string> result;
  sim::ForEachIndex(original.shape, [&](absl::Span<const int64_t> index) {
    if (result) return;
    int64_t a_at = sim::BitOffset(original, index);
    int64_t b_at = sim::BitOffset(lowered, index);
    bool a_def = sim::IsDefinedAt(original, a_at);
    bool b_def = sim::IsDefinedAt(lowered, b_at);
    uint64_t a = sim::LoadBits(original, a_at);
    uint64_t b = sim::LoadBits(lowered, b_at);
    bool agree = a_def == b_def;
    if (agree && a_def) {
      switch (bound.kind) {
        case ValueBound::Kind::kExact:
          agree = a == b;
          break;
        case ValueBound::Kind::kApprox: {
          float fa = AsFloat(a), fb = AsFloat(b);
          agree = (std::isnan(fa) && std::isnan(fb)) ||
                  std::fabs(static_cast<double>(fa) - static_cast<double>(fb)) <= bound.error;
          break;
        }
        case ValueBound::Kind::kNearCast: {
          int64_t s_at = sim::BitOffset(*source, index);
          // An undefined source leaves both results undefined (checked above).
          agree = !sim::IsDefinedAt(*source, s_at) ||
                  NearCastAgrees(bound, sim::LoadBits(*source, s_at), a, b);
          break;
        }
        case ValueBound::Kind::kOpaque:
          break;
      }
    }
    if (agree) return;
    std::string what = absl::StrCat("element [", absl::StrJoin(index, ", "), "] of ",
                                    original.dtype.name(), ": original ",
                                    Describe(original.dtype, a, a_def), ", lowered ",
                                    Describe(lowered.dtype, b, b_def));
    if (bound.kind == ValueBound::Kind::kApprox) {
      absl::StrAppend(&what, absl::StrFormat("; allowed error %.3g", bound.error));
    } else if (near) {
      absl::StrAppend(&what, "; cast ", bound.cast_src.name(), " -> ", bound.cast_dst.name(),
                      " of source ",
                      Describe(bound.cast_src, sim::LoadBits(*source, sim::BitOffset(*source, index)),
                               true));
    }
    result = std::move(what);
  });
  return result;
}

}  // namespace pto::fuzz
