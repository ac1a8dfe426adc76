#include "ir/pto_names.h"

#include <utility>

namespace pto::ir {
namespace {

template <typename T>
struct Name {
  T value;
  absl::string_view pto;
};

constexpr Name<DataType::Code> kElementTypes[] = {
    {DataType::kBool, "i1"},
    {DataType::kInt8, "i8"},
    {DataType::kInt16, "i16"},
    {DataType::kInt32, "i32"},
    {DataType::kInt64, "i64"},
    {DataType::kIndex, "index"},
    {DataType::kUInt8, "ui8"},
    {DataType::kUInt16, "ui16"},
    {DataType::kUInt32, "ui32"},
    {DataType::kUInt64, "ui64"},
    // PTOAS parses these 8-bit floats only as builtin (E4M3FN, E5M2) or
    // dialect (E8M0, HiF8) types with exactly this capitalisation.
    {DataType::kFP8E4M3FN, "f8E4M3FN"},
    {DataType::kFP8E5M2, "f8E5M2"},
    {DataType::kFP8E8M0, "!pto.f8E8M0"},
    {DataType::kHF8, "!pto.hif8"},
    // FP4 is stored two per byte; PTO names the carrier.
    {DataType::kFP4, "!pto.f4E2M1x2"},
    {DataType::kFP16, "f16"},
    {DataType::kFP32, "f32"},
    {DataType::kBF16, "bf16"},
};

constexpr Name<MemorySpace> kMemorySpaces[] = {
    {MemorySpace::kDDR, "gm"},     {MemorySpace::kVec, "vec"},   {MemorySpace::kMat, "mat"},
    {MemorySpace::kLeft, "left"},  {MemorySpace::kRight, "right"}, {MemorySpace::kAcc, "acc"},
    {MemorySpace::kBias, "bias"},  {MemorySpace::kLeftScale, "scaling"},
    {MemorySpace::kRightScale, "scaling"},
};

constexpr Name<TileLayout> kTileLayouts[] = {
    {TileLayout::kNoneBox, "none_box"},
    {TileLayout::kRowMajor, "row_major"},
    {TileLayout::kColMajor, "col_major"},
};

constexpr Name<TensorLayout> kTensorLayouts[] = {
    {TensorLayout::kND, "nd"},          {TensorLayout::kDN, "dn"},
    {TensorLayout::kNZ, "nz"},          {TensorLayout::kMxAZZ, "mx_a_zz"},
    {TensorLayout::kMxBNN, "mx_b_nn"},
};

constexpr Name<RoundMode> kRoundModes[] = {
    {RoundMode::kNone, "NONE"},   {RoundMode::kRint, "RINT"},   {RoundMode::kRound, "ROUND"},
    {RoundMode::kFloor, "FLOOR"}, {RoundMode::kCeil, "CEIL"},   {RoundMode::kTrunc, "TRUNC"},
    {RoundMode::kOdd, "ODD"},
};

constexpr Name<SaturationMode> kSaturationModes[] = {
    {SaturationMode::kOff, "OFF"},
    {SaturationMode::kOn, "ON"},
};

constexpr Name<int64_t> kCmpModes[] = {
    {0, "eq"}, {1, "ne"}, {2, "lt"}, {3, "le"}, {4, "gt"}, {5, "ge"},
};

template <typename T, size_t N>
std::optional<absl::string_view> Forward(const Name<T> (&table)[N], T value) {
  for (const Name<T>& n : table) {
    if (n.value == value) return n.pto;
  }
  return std::nullopt;
}

template <typename T, size_t N>
std::optional<T> Backward(const Name<T> (&table)[N], absl::string_view pto) {
  for (const Name<T>& n : table) {
    if (n.pto == pto) return n.value;
  }
  return std::nullopt;
}

}  // namespace

std::optional<absl::string_view> PtoElementType(DataType dtype) {
  return Forward(kElementTypes, dtype.code());
}
std::optional<DataType> DataTypeFromPto(absl::string_view name) {
  std::optional<DataType::Code> code = Backward(kElementTypes, name);
  if (!code) return std::nullopt;
  return DataType(*code);
}

std::optional<absl::string_view> PtoMemorySpace(MemorySpace space) {
  return Forward(kMemorySpaces, space);
}
std::optional<MemorySpace> MemorySpaceFromPto(absl::string_view name) {
  return Backward(kMemorySpaces, name);
}

absl::string_view PtoTileLayout(TileLayout layout) {
  return Forward(kTileLayouts, layout).value_or("none_box");
}
std::optional<TileLayout> TileLayoutFromPto(absl::string_view name) {
  return Backward(kTileLayouts, name);
}

absl::string_view PtoTensorLayout(TensorLayout layout) {
  return Forward(kTensorLayouts, layout).value_or("nd");
}
std::optional<TensorLayout> TensorLayoutFromPto(absl::string_view name) {
  return Backward(kTensorLayouts, name);
}

absl::string_view PtoRoundMode(RoundMode mode) {
  return Forward(kRoundModes, mode).value_or("ROUND");
}
std::optional<RoundMode> RoundModeFromPto(absl::string_view name) {
  return Backward(kRoundModes, name);
}

absl::string_view PtoSaturationMode(SaturationMode mode) {
  return Forward(kSaturationModes, mode).value_or("OFF");
}
std::optional<SaturationMode> SaturationModeFromPto(absl::string_view name) {
  return Backward(kSaturationModes, name);
}

std::optional<absl::string_view> PtoCmpMode(int64_t cmp_type) {
  return Forward(kCmpModes, cmp_type);
}
std::optional<int64_t> CmpModeFromPto(absl::string_view name) { return Backward(kCmpModes, name); }

}  // namespace pto::ir
