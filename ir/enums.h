// Small enumerations of the tile IR and their DSL spellings.
//
// Each enum has an EnumTraits specialisation listing its members with the
// name PyPTO prints, plus the qualified prefix used in the text form:
//
//   EnumName(MemorySpace::kVec);              // "Vec"
//   EnumTraits<MemorySpace>::kPrefix;         // "pl.Mem"
//   EnumFromName<TileLayout>("row_major");    // TileLayout::kRowMajor

#ifndef PTO_IR_ENUMS_H_
#define PTO_IR_ENUMS_H_

#include <array>
#include <cstdint>
#include <optional>
#include "absl/strings/string_view.h"
#include <utility>

namespace pto::ir {

enum class MemorySpace : uint8_t {
  kDDR, kVec, kMat, kLeft, kRight, kAcc, kBias, kScalarLocal, kLeftScale, kRightScale,
};
enum class TileLayout : uint8_t { kNoneBox, kRowMajor, kColMajor };
enum class TensorLayout : uint8_t { kND, kDN, kNZ, kMxAZZ, kMxBNN };
enum class PadValue : uint8_t { kNull, kZero, kMax, kMin };
enum class CompactMode : uint8_t { kNull, kNormal };
enum class ForKind : uint8_t { kSequential, kParallel, kUnroll, kPipeline };
enum class FunctionType : uint8_t {
  kOpaque, kOrchestration, kInCore, kAIC, kAIV, kGroup, kSpmd, kInline, kGraph,
};
enum class Level : uint8_t {
  kAIV, kAIC, kCoreGroup, kChipDie, kChip, kHost, kCluster0, kCluster1, kCluster2, kGlobal,
};
enum class Role : uint8_t { kOrchestrator, kWorker, kSubWorker };
enum class ParamDirection : uint8_t { kIn, kOut, kInOut };

// Rounding mode of tile.cast / tensor.cast (the `mode` kwarg). The integer
// values are IR ABI and match PyPTO.
enum class RoundMode : uint8_t { kNone, kRint, kRound, kFloor, kCeil, kTrunc, kOdd };
// Destination saturation of a cast (`saturation_mode`). Values are IR ABI.
enum class SaturationMode : uint8_t { kOff = 0, kOn = 1 };
// Comparison of tile.cmp / tile.cmps (`cmp_type`, printed as an int).
enum class CmpType : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };
// tile.store / pld.tile.put `atomic` kwarg.
enum class AtomicType : uint8_t { kNone, kAdd };
// Per-argument runtime direction of a dispatched call (upstream's
// ArgDirection, spelled pl.adir.<name>): a call site's arg_directions, or
// any attr value.
enum class ArgDirection : uint8_t {
  kInput, kOutput, kOutputExisting, kInOut, kNoDep, kScalar,
};

template <typename E>
struct EnumTraits;

#define PTO_ENUM_TRAITS(E, prefix, ...)                                          \
  template <>                                                                    \
  struct EnumTraits<E> {                                                         \
    static constexpr absl::string_view kPrefix = prefix;                          \
    static constexpr std::pair<E, absl::string_view> kNames[] = {__VA_ARGS__};    \
  }

PTO_ENUM_TRAITS(MemorySpace, "pl.Mem", {MemorySpace::kDDR, "DDR"}, {MemorySpace::kVec, "Vec"},
                {MemorySpace::kMat, "Mat"}, {MemorySpace::kLeft, "Left"},
                {MemorySpace::kRight, "Right"}, {MemorySpace::kAcc, "Acc"},
                {MemorySpace::kBias, "Bias"}, {MemorySpace::kScalarLocal, "ScalarLocal"},
                {MemorySpace::kLeftScale, "LeftScale"}, {MemorySpace::kRightScale, "RightScale"});
PTO_ENUM_TRAITS(TileLayout, "pl.TileLayout", {TileLayout::kNoneBox, "none_box"},
                {TileLayout::kRowMajor, "row_major"}, {TileLayout::kColMajor, "col_major"});
PTO_ENUM_TRAITS(TensorLayout, "pl.TensorLayout", {TensorLayout::kND, "ND"},
                {TensorLayout::kDN, "DN"}, {TensorLayout::kNZ, "NZ"},
                {TensorLayout::kMxAZZ, "MX_A_ZZ"}, {TensorLayout::kMxBNN, "MX_B_NN"});
PTO_ENUM_TRAITS(PadValue, "pl.PadValue", {PadValue::kNull, "null"}, {PadValue::kZero, "zero"},
                {PadValue::kMax, "max"}, {PadValue::kMin, "min"});
PTO_ENUM_TRAITS(CompactMode, "pl.CompactMode", {CompactMode::kNull, "null"},
                {CompactMode::kNormal, "normal"});
PTO_ENUM_TRAITS(ForKind, "pl", {ForKind::kSequential, "range"}, {ForKind::kParallel, "parallel"},
                {ForKind::kUnroll, "unroll"}, {ForKind::kPipeline, "pipeline"});
PTO_ENUM_TRAITS(FunctionType, "pl.FunctionType", {FunctionType::kOpaque, "Opaque"},
                {FunctionType::kOrchestration, "Orchestration"},
                {FunctionType::kInCore, "InCore"}, {FunctionType::kAIC, "AIC"},
                {FunctionType::kAIV, "AIV"}, {FunctionType::kGroup, "Group"},
                {FunctionType::kSpmd, "Spmd"}, {FunctionType::kInline, "Inline"},
                {FunctionType::kGraph, "Graph"});
PTO_ENUM_TRAITS(Level, "pl.Level", {Level::kAIV, "AIV"}, {Level::kAIC, "AIC"},
                {Level::kCoreGroup, "CORE_GROUP"}, {Level::kChipDie, "CHIP_DIE"},
                {Level::kChip, "CHIP"}, {Level::kHost, "HOST"},
                {Level::kCluster0, "CLUSTER_0"}, {Level::kCluster1, "CLUSTER_1"},
                {Level::kCluster2, "CLUSTER_2"}, {Level::kGlobal, "GLOBAL"});
PTO_ENUM_TRAITS(Role, "pl.Role", {Role::kOrchestrator, "Orchestrator"},
                {Role::kWorker, "Worker"}, {Role::kSubWorker, "SubWorker"});
PTO_ENUM_TRAITS(ParamDirection, "pl", {ParamDirection::kIn, "In"},
                {ParamDirection::kOut, "Out"}, {ParamDirection::kInOut, "InOut"});
PTO_ENUM_TRAITS(RoundMode, "", {RoundMode::kNone, "none"}, {RoundMode::kRint, "rint"},
                {RoundMode::kRound, "round"}, {RoundMode::kFloor, "floor"},
                {RoundMode::kCeil, "ceil"}, {RoundMode::kTrunc, "trunc"},
                {RoundMode::kOdd, "odd"});
PTO_ENUM_TRAITS(SaturationMode, "", {SaturationMode::kOff, "off"}, {SaturationMode::kOn, "on"});
PTO_ENUM_TRAITS(CmpType, "", {CmpType::kEq, "eq"}, {CmpType::kNe, "ne"}, {CmpType::kLt, "lt"},
                {CmpType::kLe, "le"}, {CmpType::kGt, "gt"}, {CmpType::kGe, "ge"});
PTO_ENUM_TRAITS(AtomicType, "pl.AtomicType", {AtomicType::kNone, "None_"},
                {AtomicType::kAdd, "Add"});
PTO_ENUM_TRAITS(ArgDirection, "pl.adir", {ArgDirection::kInput, "input"},
                {ArgDirection::kOutput, "output"},
                {ArgDirection::kOutputExisting, "output_existing"},
                {ArgDirection::kInOut, "inout"}, {ArgDirection::kNoDep, "no_dep"},
                {ArgDirection::kScalar, "scalar"});

#undef PTO_ENUM_TRAITS

template <typename E>
constexpr absl::string_view EnumName(E value) {
  for (const auto& [member, name] : EnumTraits<E>::kNames) {
    if (member == value) return name;
  }
  return "?";
}

template <typename E>
constexpr std::optional<E> EnumFromName(absl::string_view name) {
  for (const auto& [member, member_name] : EnumTraits<E>::kNames) {
    if (member_name == name) return member;
  }
  return std::nullopt;
}

// Number of members; valid enum values are 0 .. EnumSize<E>() - 1.
template <typename E>
constexpr int EnumSize() {
  return static_cast<int>(std::size(EnumTraits<E>::kNames));
}

}  // namespace pto::ir

#endif  // PTO_IR_ENUMS_H_
