// How the PTO dialect (the text PTOAS reads) names the IR's dtypes and
// enums, in both directions: codegen writes these names, the PTO reader and
// interpreter (sim/pto/) read them back. One table per fact, here.
//
//   PtoElementType(DataType::kFP8E8M0);       // "!pto.f8E8M0"
//   DataTypeFromPto("f16");                   // DataType::kFP16
//   PtoMemorySpace(MemorySpace::kLeftScale);  // "scaling"
//   RoundModeFromPto("CAST_RINT");            // nullopt: not a PTO name

#ifndef PTO_IR_PTO_NAMES_H_
#define PTO_IR_PTO_NAMES_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"
#include "ir/dtype.h"
#include "ir/enums.h"

namespace pto::ir {

// Element type: f32 f16 bf16 f8E4M3FN f8E5M2 !pto.f8E8M0 !pto.hif8
// !pto.f4E2M1x2 i8..i64 ui8..ui64 index i1. nullopt for INT4, which PTO
// cannot name, and TASK_ID.
std::optional<absl::string_view> PtoElementType(DataType dtype);
std::optional<DataType> DataTypeFromPto(absl::string_view name);

// `loc=` of a tile buffer: gm vec mat left right acc bias scaling. nullopt for
// ScalarLocal (arrays only). PTO has one location for both scale buffers;
// "scaling" reads back as LeftScale.
std::optional<absl::string_view> PtoMemorySpace(MemorySpace space);
std::optional<MemorySpace> MemorySpaceFromPto(absl::string_view name);

absl::string_view PtoTileLayout(TileLayout layout);      // "row_major"
std::optional<TileLayout> TileLayoutFromPto(absl::string_view name);
absl::string_view PtoTensorLayout(TensorLayout layout);  // "nd", "mx_a_zz"
std::optional<TensorLayout> TensorLayoutFromPto(absl::string_view name);
absl::string_view PtoRoundMode(RoundMode mode);           // "ROUND"
std::optional<RoundMode> RoundModeFromPto(absl::string_view name);
absl::string_view PtoSaturationMode(SaturationMode mode);  // "ON"
std::optional<SaturationMode> SaturationModeFromPto(absl::string_view name);
// "eq" .. "ge" for tile.cmp's cmp_type 0..5; nullopt outside.
std::optional<absl::string_view> PtoCmpMode(int64_t cmp_type);
std::optional<int64_t> CmpModeFromPto(absl::string_view name);

// Upstream's SPMD identity parameters, which end a kernel's signature when
// it reads its block index or the block count, as i32 (the runtime fills
// them).
inline constexpr absl::string_view kSpmdBlockIdxParam = "__pypto_spmd_block_idx";
inline constexpr absl::string_view kSpmdBlockNumParam = "__pypto_spmd_block_num";

}  // namespace pto::ir

#endif  // PTO_IR_PTO_NAMES_H_
