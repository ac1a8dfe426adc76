// Element data types of the tile IR.
//
// A DataType is one byte. The code layout follows PyPTO, and every predicate
// is a range test on the code:
//   0x00       BOOL
//   0x10-0x1F  signed integers (INDEX included: it is a signed 64-bit int)
//   0x20-0x2F  unsigned integers
//   0x30-0x3F  IEEE-style floats (and the MX scale exponent FP8E8M0)
//   0x40-0x4F  "brain"/HiSilicon floats (BF16, HF8)
//   0x50-0x5F  opaque runtime identifiers (TASK_ID): scalars only, never
//              tile or tensor elements, no arithmetic or casts
//
//   DataType t = DataType::kFP16;
//   t.IsFloat();          // true
//   t.bits();             // 16
//   t.name();             // "FP16"  (the DSL spelling: pl.FP16)
//   t.lower_name();       // "fp16"  (PyPTO's str(), used in diagnostics)
//   DataType::FromName("BF16");   // std::optional<DataType>

#ifndef PTO_IR_DTYPE_H_
#define PTO_IR_DTYPE_H_

#include <array>
#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace pto::ir {

class DataType {
 public:
  enum Code : uint8_t {
    kBool = 0x00,
    kInt4 = 0x10,
    kInt8 = 0x11,
    kInt16 = 0x12,
    kInt32 = 0x13,
    kInt64 = 0x14,
    kIndex = 0x15,
    kUInt8 = 0x21,
    kUInt16 = 0x22,
    kUInt32 = 0x23,
    kUInt64 = 0x24,
    kFP4 = 0x30,        // E2M1, two codes per byte
    kFP8E4M3FN = 0x31,
    kFP8E5M2 = 0x32,
    kFP16 = 0x33,
    kFP32 = 0x34,
    kFP8E8M0 = 0x36,    // MX block-scale exponent
    kBF16 = 0x40,
    kHF8 = 0x42,        // HiFloat8
    kTaskId = 0x50,     // opaque 64-bit runtime task handle (PTO2TaskId)
  };

  constexpr DataType() : code_(kBool) {}
  constexpr DataType(Code code) : code_(code) {}  // NOLINT: implicit by design

  constexpr Code code() const { return code_; }

  constexpr bool IsBool() const { return code_ == kBool; }
  constexpr bool IsSignedInt() const { return code_ >= 0x10 && code_ <= 0x1F; }
  constexpr bool IsUnsignedInt() const { return code_ >= 0x20 && code_ <= 0x2F; }
  constexpr bool IsInt() const { return IsSignedInt() || IsUnsignedInt(); }
  constexpr bool IsFloat() const { return code_ >= 0x30 && code_ <= 0x4F; }
  // An opaque runtime handle (TASK_ID): a scalar value with identity only.
  constexpr bool IsIdentifier() const { return code_ >= 0x50 && code_ <= 0x5F; }
  // INT64, UINT64 or INDEX: what shape and offset arithmetic accepts.
  constexpr bool IsIndexLike() const {
    return code_ == kInt64 || code_ == kUInt64 || code_ == kIndex;
  }

  // Logical width in bits (BOOL is 1). A table load, inline: the simulator
  // asks it for every element it touches.
  constexpr int bits() const;
  // Storage bits per element: 4 for packed 4-bit types, else bytes * 8.
  constexpr int storage_bits() const { return bits() == 4 ? 4 : bytes() * 8; }
  // ceil(bits / 8): 4-bit types and BOOL report one byte.
  constexpr int bytes() const { return (bits() + 7) / 8; }

  // DSL spelling without the `pl.` prefix, e.g. "FP8E4M3FN".
  absl::string_view name() const;
  // Lower-case spelling used in messages, e.g. "bfloat16".
  absl::string_view lower_name() const;

  static std::optional<DataType> FromName(absl::string_view name);
  static std::optional<DataType> FromCode(int code);
  // Every element data type (BOOL, the ints and the floats), in code order.
  // The identifiers are left out: no tile, tensor or cast takes them.
  static absl::Span<const DataType> All();
  // All() plus the identifiers: every dtype a scalar may have.
  static absl::Span<const DataType> AllScalar();

  friend constexpr bool operator==(DataType a, DataType b) { return a.code_ == b.code_; }
  friend constexpr bool operator!=(DataType a, DataType b) { return a.code_ != b.code_; }
  friend constexpr bool operator<(DataType a, DataType b) { return a.code_ < b.code_; }
  template <typename H>
  friend H AbslHashValue(H h, DataType t) {
    return H::combine(std::move(h), static_cast<uint8_t>(t.code_));
  }

 private:
  Code code_;
};

namespace internal_dtype {
struct Info {
  DataType::Code code;
  uint8_t bits;
  absl::string_view name;
  absl::string_view lower_name;
};
// Every data type, in code order: the one table widths, names and lookups
// all read.
inline constexpr std::array<Info, 20> kInfos = {{
    {DataType::kBool, 1, "BOOL", "bool"},
    {DataType::kInt4, 4, "INT4", "int4"},
    {DataType::kInt8, 8, "INT8", "int8"},
    {DataType::kInt16, 16, "INT16", "int16"},
    {DataType::kInt32, 32, "INT32", "int32"},
    {DataType::kInt64, 64, "INT64", "int64"},
    {DataType::kIndex, 64, "INDEX", "index"},
    {DataType::kUInt8, 8, "UINT8", "uint8"},
    {DataType::kUInt16, 16, "UINT16", "uint16"},
    {DataType::kUInt32, 32, "UINT32", "uint32"},
    {DataType::kUInt64, 64, "UINT64", "uint64"},
    {DataType::kFP4, 4, "FP4", "fp4"},
    {DataType::kFP8E4M3FN, 8, "FP8E4M3FN", "fp8e4m3fn"},
    {DataType::kFP8E5M2, 8, "FP8E5M2", "fp8e5m2"},
    {DataType::kFP16, 16, "FP16", "fp16"},
    {DataType::kFP32, 32, "FP32", "fp32"},
    {DataType::kFP8E8M0, 8, "FP8E8M0", "fp8e8m0"},
    {DataType::kBF16, 16, "BF16", "bfloat16"},
    {DataType::kHF8, 8, "HF8", "hf8"},
    {DataType::kTaskId, 64, "TASK_ID", "task_id"},
}};
// Bits per element indexed by code (0 for a byte that is no code), so that
// bits() is one load.
inline constexpr std::array<uint8_t, 256> kBitsByCode = [] {
  std::array<uint8_t, 256> t{};
  for (const Info& info : kInfos) t[info.code] = info.bits;
  return t;
}();
}  // namespace internal_dtype

constexpr int DataType::bits() const { return internal_dtype::kBitsByCode[code_]; }

// The scalar arithmetic promotion rule (PyPTO's): the wider dtype wins, the
// left one on a tie. Both operands are ints or both floats.
inline DataType PromoteScalarDTypes(DataType lhs, DataType rhs) {
  return rhs.bits() > lhs.bits() ? rhs : lhs;
}

// Whether a scalar of dtype `from` needs a Cast to be used as `to`. INDEX and
// INT64 are the same 64-bit signed integer and mix without one.
inline bool ScalarNeedsCast(DataType from, DataType to) {
  if (from == to) return false;
  bool index_pair = (from == DataType::kIndex && to == DataType::kInt64) ||
                    (from == DataType::kInt64 && to == DataType::kIndex);
  return !index_pair;
}

}  // namespace pto::ir

#endif  // PTO_IR_DTYPE_H_
