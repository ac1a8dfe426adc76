// What PTO codegen claims to emit: a predicate over a program, decided
// before emitting, so a caller can tell a codegen defect from a program
// outside codegen's reach. It is the one definition of "codegen supports
// this program" - the fuzzers ask it rather than keeping their own lists:
//
//   absl::Status claim = CheckCodegenSupport(program, backend);
//   absl::StatusOr<std::string> pto = EmitPto(program, backend);
//   if (claim.ok()) {
//     // pto must be OK: a failure is a codegen defect.
//   } else {
//     // claim is Unimplemented "FILE:LINE:COL: error: codegen: ..." naming
//     // the first construct outside the claim; EmitPto may refuse it (with
//     // its own located `codegen:` error) or emit it anyway.
//   }
//
// A verified program is claimed when every function satisfies all of:
//   0. it is a kernel (InCore, AIC, AIV; or Opaque / Inline, emitted as
//      one) with a DSL body (not a HOST SubWorker's host Python text or a
//      runtime-bound `...`) whose params are tensors and scalars, and every symbol a tensor
//      param's view names (valid_shape, stride) is a scalar param or a dim
//      of a tensor param's shape;
//   1. every call is of a registered built-in op that has a PTO emitter
//      (op_emitter.h) and is not composite (lower-composite-ops has run);
//      no call of a user function (kernels are inlined); no unregistered op;
//   2. what the backend says it can do: every tile.cast is one it emits as a
//      single pto.tcvt (legalize-tile-cast has run); tile.sels sources have
//      a dtype its TSELS takes, and where its TSELS scratch may not overlap
//      the inputs, the tmp shares no buffer with the mask or the source
//      (through aliases, views, tile.set_validshape or a loop's init) and
//      none of them is a view; an atomic-add store or put writes a tensor of a dtype
//      it adds atomically; MX quantisation (tile.tquant_mx_raw,
//      tile.tmov_x2zz) only where it has it;
//   3. every tile - an assigned var, a loop-carried value, a loop or if
//      result - has a memory space PTO has a tile buffer for (not
//      ScalarLocal), a dtype the backend supports in-core
//      (Backend::SupportsIncoreDataType) and a geometry PTO can express as a
//      2-D buffer (FlattenTile: a rank > 2 tile folds into whole rows, an FP4
//      Vec tile packs an even, static extent); so does every tensor param's
//      dtype;
//   4. a `return` appears only at the top level of the body and returns
//      tensors;
//   5. loop-carried values and loop / if results are tiles, tensors or
//      scalars (no tuples); a tensor a loop carries is yielded back as
//      itself (the iter arg, an alias, or a tile.store into it), and both
//      branches of an if yield the same tensor; a pl.range step is a
//      positive constant;
//   6. scalar arithmetic, comparisons and conversions use no unsigned
//      integer dtype, not even a constant (arith has none), no integer `**`, no true division with
//      an integer result, and no call nested in a scalar expression;
//   7. tuples are built in the kernel (MakeTuple or an op's result) and read
//      through projections; no tuple param;
//   8. tile.load / tile.store move a window of the tensor's rank;
//      tile.transpose transposes a 2-D tile; the signal value of
//      pld.system.notify / wait is a constant or an INT32 or INDEX scalar;
//      a window operand has whole-byte elements; tensor.read reads an ND
//      tensor; tile.set_validshape does not narrow a view (a transpose_view,
//      reinterpret_view or reshape result), and views have a static valid
//      shape.
// Anything else a verified program holds is claimed: in particular every
// loop kind (as scf.for), while loops of both forms (scf.while), ifs with
// results, views, dynamic valid shapes and the values a yield hands back in
// any order. `backend` may be null (no target): then rules 2 and the in-core
// half of 3 do not apply, as in EmitPto.
//
// Linear in program size.

#ifndef PTO_CODEGEN_SUPPORT_H_
#define PTO_CODEGEN_SUPPORT_H_

#include "absl/status/status.h"
#include "backends/backend.h"
#include "ir/function.h"

namespace pto::codegen {

absl::Status CheckCodegenSupport(const ir::Program& program, const backends::Backend* backend);

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_SUPPORT_H_
