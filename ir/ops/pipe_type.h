// The hardware pipes named by the synchronisation ops (system.sync_src /
// sync_dst's set_pipe and wait_pipe, system.sync_set / sync_wait's pipe).
//
// PyPTO stores a pipe as a plain int kwarg whose value is this enum's, so the
// IR keeps AttrKind::kInt and the deducers range-check it here. (PyPTO prints
// pipe kwargs as `pl.PipeType.V`; our text form keeps the bare int until the
// parser reads that spelling.)
//
//   std::optional<PipeType> p = PipeTypeFromInt(call->FindKwarg("pipe")->int_value());
//   PipeTypeName(PipeType::kV);  // "V"

#ifndef PTO_IR_OPS_PIPE_TYPE_H_
#define PTO_IR_OPS_PIPE_TYPE_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace pto::ir {

enum class PipeType : uint8_t { kMTE1, kMTE2, kMTE3, kM, kV, kS, kFIX, kAll };
inline constexpr int64_t kNumPipeTypes = 8;

inline std::optional<PipeType> PipeTypeFromInt(int64_t v) {
  if (v < 0 || v >= kNumPipeTypes) return std::nullopt;
  return static_cast<PipeType>(v);
}

inline absl::string_view PipeTypeName(PipeType p) {
  constexpr absl::string_view kNames[] = {"MTE1", "MTE2", "MTE3", "M", "V", "S", "FIX", "ALL"};
  return kNames[static_cast<int>(p)];
}

}  // namespace pto::ir

#endif  // PTO_IR_OPS_PIPE_TYPE_H_
