#include "ir/dtype.h"

#include <array>

#include "ir/check.h"

namespace pto::ir {
namespace {

using internal_dtype::kInfos;
using DataTypeInfo = internal_dtype::Info;

const DataTypeInfo& Info(DataType t) {
  static const auto* const by_code = [] {
    auto* table = new std::array<const DataTypeInfo*, 256>{};
    for (const DataTypeInfo& info : kInfos) (*table)[info.code] = &info;
    return table;
  }();
  const DataTypeInfo* info = (*by_code)[t.code()];
  PTO_CHECK(info != nullptr) << "data type code " << static_cast<int>(t.code());
  return *info;
}

}  // namespace

absl::string_view DataType::name() const { return Info(*this).name; }
absl::string_view DataType::lower_name() const { return Info(*this).lower_name; }

std::optional<DataType> DataType::FromName(absl::string_view name) {
  for (const DataTypeInfo& info : kInfos) {
    if (info.name == name) return DataType(info.code);
  }
  // PyPTO also accepts the shorter FP8E4M3 spelling.
  if (name == "FP8E4M3") return DataType(kFP8E4M3FN);
  return std::nullopt;
}

std::optional<DataType> DataType::FromCode(int code) {
  for (const DataTypeInfo& info : kInfos) {
    if (static_cast<int>(info.code) == code) return DataType(info.code);
  }
  return std::nullopt;
}

absl::Span<const DataType> DataType::AllScalar() {
  static const auto* const all = [] {
    auto* out = new std::array<DataType, kInfos.size()>();
    for (size_t i = 0; i < kInfos.size(); ++i) (*out)[i] = kInfos[i].code;
    return out;
  }();
  return absl::MakeConstSpan(*all);
}

absl::Span<const DataType> DataType::All() {
  // kInfos is in code order and the identifiers have the highest codes.
  static const size_t elements = [] {
    size_t n = 0;
    while (n < kInfos.size() && !DataType(kInfos[n].code).IsIdentifier()) ++n;
    return n;
  }();
  return AllScalar().first(elements);
}

}  // namespace pto::ir
