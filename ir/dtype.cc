#include "ir/dtype.h"

#include <array>

#include "ir/check.h"

namespace pto::ir {
namespace {

struct DataTypeInfo {
  DataType::Code code;
  absl::string_view name;
  absl::string_view lower_name;
};

constexpr std::array<DataTypeInfo, 19> kInfos = {{
    {DataType::kBool, "BOOL", "bool"},
    {DataType::kInt4, "INT4", "int4"},
    {DataType::kInt8, "INT8", "int8"},
    {DataType::kInt16, "INT16", "int16"},
    {DataType::kInt32, "INT32", "int32"},
    {DataType::kInt64, "INT64", "int64"},
    {DataType::kIndex, "INDEX", "index"},
    {DataType::kUInt8, "UINT8", "uint8"},
    {DataType::kUInt16, "UINT16", "uint16"},
    {DataType::kUInt32, "UINT32", "uint32"},
    {DataType::kUInt64, "UINT64", "uint64"},
    {DataType::kFP4, "FP4", "fp4"},
    {DataType::kFP8E4M3FN, "FP8E4M3FN", "fp8e4m3fn"},
    {DataType::kFP8E5M2, "FP8E5M2", "fp8e5m2"},
    {DataType::kFP16, "FP16", "fp16"},
    {DataType::kFP32, "FP32", "fp32"},
    {DataType::kFP8E8M0, "FP8E8M0", "fp8e8m0"},
    {DataType::kBF16, "BF16", "bfloat16"},
    {DataType::kHF8, "HF8", "hf8"},
}};

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

absl::Span<const DataType> DataType::All() {
  static const auto* const all = [] {
    auto* out = new std::array<DataType, kInfos.size()>();
    for (size_t i = 0; i < kInfos.size(); ++i) (*out)[i] = kInfos[i].code;
    return out;
  }();
  return absl::MakeConstSpan(*all);
}

}  // namespace pto::ir
