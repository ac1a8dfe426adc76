#include "passes/legalize_tile_cast/spec_tables.h"

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "ir/check.h"

namespace pto::passes::testing {
namespace {

using ir::DataType;

// Rows of the spec: "src | native dsts | legalized dst(n) ...".
constexpr absl::string_view kA5 = R"(
bf16 | fp16 fp32 fp4 int32 | fp8e4m3(2) fp8e5m2(2) hf8(2) int16(2) int8(2) uint16(2) uint8(2)
fp16 | fp32 hf8 int16 int32 int8 uint8 | bf16(2) fp8e4m3(2) fp8e5m2(2) uint16(2) fp4(3)
fp32 | bf16 fp16 fp8e4m3 fp8e5m2 hf8 int16 int32 int64 | fp4(2) int8(2) uint16(2) uint8(2)
fp4 | bf16 | fp8e4m3(3) fp8e5m2(3) hf8(3) int8(3) uint8(3)
fp8e4m3 | fp32 | bf16(2) fp16(2) fp8e5m2(2) hf8(2) int16(2) fp4(3) int8(3) uint16(3) uint8(3)
fp8e5m2 | fp32 | bf16(2) fp16(2) fp8e4m3(2) hf8(2) int16(2) fp4(3) int8(3) uint16(3) uint8(3)
hf8 | fp32 | bf16(2) fp16(2) fp8e4m3(2) fp8e5m2(2) int16(2) fp4(3) int8(3) uint16(3) uint8(3)
int16 | fp16 fp32 int32 uint32 uint8 | bf16(2) fp8e4m3(2) fp8e5m2(2) hf8(2) int8(2) uint16(2) fp4(3)
int32 | fp32 int16 int64 uint16 uint8 | bf16(2) fp16(2) fp8e4m3(2) fp8e5m2(2) hf8(2) fp4(3) int8(3)
int64 | fp32 int32 | bf16(2) fp16(2) fp8e4m3(2) fp8e5m2(2) hf8(2) int16(2) uint16(2) uint8(2) fp4(3) int8(3)
int8 | fp16 int16 int32 | hf8(2) uint16(2) uint8(2) fp8e4m3(3) fp8e5m2(3) fp4(4)
uint32 | int16 uint16 uint8 | int8(3)
uint8 | fp16 uint16 | hf8(2) int8(2) fp8e4m3(3) fp8e5m2(3) fp4(4)
)";

constexpr absl::string_view kA2A3 = R"(
bf16 | fp32 int32 | fp16(2) int16(2) int4(3) int8(3) uint8(3)
fp16 | fp32 int16 int32 int4 int8 uint8 | bf16(2)
fp32 | bf16 fp16 int16 int32 int64 | int4(2) int8(2) uint8(2)
int16 | fp16 fp32 | bf16(2) int4(2) int8(2) uint8(2)
int32 | fp16 fp32 int16 int64 | bf16(2) int4(2) int8(2) uint8(2)
int4 | fp16 | int8(2) uint8(2)
int64 | fp32 int32 | bf16(2) fp16(2) int16(2) int4(3) int8(3) uint8(3)
int8 | fp16 | int4(2) uint8(2)
uint8 | fp16 | int4(2) int8(2)
)";

DataType SpecDtype(absl::string_view name) {
  if (name == "bf16") return DataType::kBF16;
  if (name == "fp8e4m3") return DataType::kFP8E4M3FN;
  for (DataType t : DataType::All()) {
    if (t.lower_name() == name) return t;
  }
  PTO_UNREACHABLE() << "spec dtype " << name;
}

}  // namespace

std::vector<SpecPair> SpecTable(absl::string_view arch) {
  PTO_CHECK(arch == "a5" || arch == "a2a3") << arch;
  std::vector<SpecPair> out;
  for (absl::string_view row : absl::StrSplit(arch == "a5" ? kA5 : kA2A3, '\n')) {
    if (absl::StripAsciiWhitespace(row).empty()) continue;
    std::vector<absl::string_view> cols = absl::StrSplit(row, '|');
    PTO_CHECK(cols.size() == 3) << row;
    DataType src = SpecDtype(absl::StripAsciiWhitespace(cols[0]));
    for (absl::string_view dst : absl::StrSplit(cols[1], ' ', absl::SkipEmpty())) {
      out.push_back({src, SpecDtype(dst), 1});
    }
    for (absl::string_view entry : absl::StrSplit(cols[2], ' ', absl::SkipEmpty())) {
      size_t paren = entry.find('(');
      int hops = 0;
      PTO_CHECK(paren != absl::string_view::npos &&
                absl::SimpleAtoi(entry.substr(paren + 1, entry.size() - paren - 2), &hops))
          << entry;
      out.push_back({src, SpecDtype(entry.substr(0, paren)), hops});
    }
  }
  return out;
}

std::optional<int> SpecHops(absl::string_view arch, DataType src, DataType dst) {
  for (const SpecPair& p : SpecTable(arch)) {
    if (p.src == src && p.dst == dst) return p.hops;
  }
  return std::nullopt;
}

}  // namespace pto::passes::testing
