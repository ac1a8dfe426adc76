// The codegen property every harness that emits PTO shares: codegen must
// emit each program it claims to support (codegen/support.h); outside that
// claim it may refuse, but only with a located `codegen:` error. What it
// emits reads back under the PTO grammar we target (sim/pto/reader.h).
//
//   absl::StatusOr<std::string> pto = EmitPtoAsClaimed(lowered, backend);
//   // PTO_CHECK-fails (a finding) on a claimed program codegen refuses, or
//   // on an unlocated refusal; otherwise returns EmitPto's result.

#ifndef PTO_FUZZ_ORACLE_CODEGEN_CLAIM_H_
#define PTO_FUZZ_ORACLE_CODEGEN_CLAIM_H_

#include <string>

#include "absl/status/statusor.h"
#include "backends/backend.h"
#include "ir/function.h"

namespace pto::fuzz {

absl::StatusOr<std::string> EmitPtoAsClaimed(const ir::Program& program,
                                             const backends::Backend* backend);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_ORACLE_CODEGEN_CLAIM_H_
