// The integer-coded enums of the distributed (pld.*) ops.
//
// PyPTO stores these as plain `int` kwargs and prints them as bare integers
// (`op=0`, `cmp=1`), so the IR keeps them as AttrKind::kInt; the values are IR
// ABI. Deducers range-check the ints; passes and codegen convert them here.
//
//   std::optional<ReduceOp> op = ReduceOpFromInt(call->FindKwarg("op")->int_value());
//   ReduceOpName(ReduceOp::kMax);          // "Max"
//   static_cast<int64_t>(NotifyOp::kSet);  // 1, the value `op=` carries

#ifndef PTO_IR_OPS_COMM_ENUMS_H_
#define PTO_IR_OPS_COMM_ENUMS_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace pto::ir {

// The combining op of allreduce / reduce_scatter (`op=`).
enum class ReduceOp : uint8_t { kSum = 0, kMax = 1, kMin = 2, kProd = 3 };
// How pld.system.notify updates the peer's signal cell (`op=`).
enum class NotifyOp : uint8_t { kAtomicAdd = 0, kSet = 1 };
// How pld.system.wait compares the local cell with `expected` (`cmp=`).
enum class WaitCmp : uint8_t { kEq = 0, kGe = 1 };

inline std::optional<ReduceOp> ReduceOpFromInt(int64_t v) {
  if (v < 0 || v > 3) return std::nullopt;
  return static_cast<ReduceOp>(v);
}
inline std::optional<NotifyOp> NotifyOpFromInt(int64_t v) {
  if (v < 0 || v > 1) return std::nullopt;
  return static_cast<NotifyOp>(v);
}
inline std::optional<WaitCmp> WaitCmpFromInt(int64_t v) {
  if (v < 0 || v > 1) return std::nullopt;
  return static_cast<WaitCmp>(v);
}

inline absl::string_view ReduceOpName(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum:
      return "Sum";
    case ReduceOp::kMax:
      return "Max";
    case ReduceOp::kMin:
      return "Min";
    case ReduceOp::kProd:
      return "Prod";
  }
  return "?";
}

}  // namespace pto::ir

#endif  // PTO_IR_OPS_COMM_ENUMS_H_
