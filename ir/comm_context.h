// The runtime's CommContext ABI, as a kernel reads it: the `!pto.ptr<i64>`
// argument codegen passes per window parameter. Codegen reads it
// (codegen/comm_emitters.cc); whoever plays the runtime fills it (the PTO
// multi-rank runner, e2e/collective_cases.cc).
//
//   int64_t pair = ctx[kCommRankSlot];        // rankId | rankNum << 32
//   int64_t base = ctx[kCommWindowsInSlot + r];  // rank r's window, in bytes

#ifndef PTO_IR_COMM_CONTEXT_H_
#define PTO_IR_COMM_CONTEXT_H_

#include <cstdint>

namespace pto::ir {

// (rankId, rankNum) at byte 16: one i64, rankNum in the high 32 bits.
inline constexpr int64_t kCommRankSlot = 16 / 8;
inline constexpr int64_t kCommRankNumShift = 32;
// windowsIn[] from byte 32: one i64 base address per rank.
inline constexpr int64_t kCommWindowsInSlot = 32 / 8;

}  // namespace pto::ir

#endif  // PTO_IR_COMM_CONTEXT_H_
