// The verifier's rules for MemRefs on tensor and tile types (ir/memref.h),
// upstream PyPTO's:
//   * a tile whose type carries a MemRef has a memory space;
//   * the base is a pl.Ptr Var;
//   * the byte offset and the slot index are integer scalars;
//   * there is at least one slot, a slot index only with several, and a
//     constant slot index lies within them.
//
//   std::string why = MemRefProblem(var->type());   // "" when none is broken
//
// Types inside a tuple are checked too.
//
// And for the consumers that cannot honour a tile's MemRef (PTO codegen):
//
//   PTO_RETURN_IF_ERROR(RejectTileMemRefs(program, "codegen"));
//   // k.py:7:9: error: codegen: 'x' is a tile placed by pl.MemRef (in function 'k');
//   //     codegen cannot honour a MemRef

#ifndef PTO_IR_ANALYSIS_MEMREF_RULES_H_
#define PTO_IR_ANALYSIS_MEMREF_RULES_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/function.h"
#include "ir/type.h"

namespace pto::ir {

// What is wrong with the MemRefs of `type`, or "" when nothing is.
std::string MemRefProblem(const Type* type);

// OK, or a located InvalidArgument error at the first value (parameter,
// assigned variable, call result, return type) whose tile type carries a
// MemRef, naming it and its function. Linear in the program.
absl::Status RejectTileMemRefs(const Program& program, absl::string_view consumer);

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_MEMREF_RULES_H_
