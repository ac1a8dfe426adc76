// Rejecting unregistered ops where they cannot be handled.
//
// The parser keeps a call of an op no registry knows as an opaque call under
// ParseOptions::allow_unregistered_ops (Op::unregistered()). Passes carry it
// through untouched, but a consumer that must know what an op computes -
// codegen, the interpreter - has nothing to go on. It calls this first, so it
// fails before producing any output:
//
//   PTO_RETURN_IF_ERROR(ir::RejectUnregisteredOps(program, "codegen"));
//   // kernel.py:7:9: error: codegen: tile.custom_matmul is an unregistered op (in
//   //     function 'k'); codegen cannot handle it
//
// Linear in the program; reports the first such call in program order.

#ifndef PTO_IR_ANALYSIS_UNREGISTERED_OPS_H_
#define PTO_IR_ANALYSIS_UNREGISTERED_OPS_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/function.h"

namespace pto::ir {

// OK, or a located InvalidArgument error naming the op and its function.
absl::Status RejectUnregisteredOps(const Program& program, absl::string_view consumer);

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_UNREGISTERED_OPS_H_
