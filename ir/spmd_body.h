// What the body of a `pl.spmd` scope does per block: it reads the block
// index itself (the body is the kernel every block runs), or it dispatches
// program functions (whose bodies read it). The parser decides from this
// whether an spmd body needs the kernel scope upstream wraps it in, and the
// printer whether printing the kernel's body inline reads back as the same
// scope.
//
//   SpmdBodyUse use = ScanSpmdBody(scope->body());
//   if (use.block_index_reads > 0) { ... the body is the kernel ... }

#ifndef PTO_IR_SPMD_BODY_H_
#define PTO_IR_SPMD_BODY_H_

#include "ir/stmt.h"

namespace pto::ir {

struct SpmdBodyUse {
  int block_index_reads = 0;  // tile.get_block_idx / tensor.get_block_idx calls
  int dispatches = 0;         // calls of program functions (not submits)

  // Upstream's rule: a body that is the kernel itself, or whose kernel
  // takes optimizations, sits in a pl.at(CORE_GROUP) kernel scope.
  bool NeedsKernelScope(bool has_optimizations) const {
    return block_index_reads > 0 || has_optimizations;
  }
};

SpmdBodyUse ScanSpmdBody(const Stmt* body);

}  // namespace pto::ir

#endif  // PTO_IR_SPMD_BODY_H_
