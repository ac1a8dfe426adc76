#include "ir/attr.h"

#include <cstring>

namespace pto::ir {

absl::string_view AttrKindName(AttrKind kind) {
  switch (kind) {
    case AttrKind::kBool: return "bool";
    case AttrKind::kInt: return "int";
    case AttrKind::kFloat: return "float";
    case AttrKind::kString: return "string";
    case AttrKind::kDataType: return "DataType";
    case AttrKind::kMemorySpace: return "MemorySpace";
    case AttrKind::kTileLayout: return "TileLayout";
    case AttrKind::kTensorLayout: return "TensorLayout";
    case AttrKind::kPadValue: return "PadValue";
    case AttrKind::kRoundMode: return "cast mode";
    case AttrKind::kSaturationMode: return "saturation mode";
    case AttrKind::kAtomicType: return "AtomicType";
    case AttrKind::kArgDirection: return "ArgDirection";
  }
  return "?";
}

bool operator==(const AttrValue& a, const AttrValue& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case AttrKind::kFloat:
      // Bitwise, so that NaN payloads and signed zeros round-trip exactly.
      return std::memcmp(&a.f_, &b.f_, sizeof(double)) == 0;
    case AttrKind::kString:
      return a.string_value() == b.string_value();
    default:
      return a.i_ == b.i_;
  }
}

}  // namespace pto::ir
