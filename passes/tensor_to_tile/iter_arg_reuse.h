// OptimizeOrchTensors, pattern 1: a kernel whose result becomes the next
// value of a buffer its caller carries writes into that buffer instead of
// into a freshly allocated one.
//
//   for i, (acc,) in pl.range(10, init_values=(acc0,)):
//       out = pl.tensor.create([64], dtype=pl.FP32)      (removed)
//       r = self.k(acc, x, out)                       =>  r = self.k(acc, x)
//       new_acc = pl.yield_(r)
//
// and `k`'s Out param is dropped, its store redirected to the In param
// that received `acc`, which becomes InOut. Outside a carrying loop a call
// qualifies when the kernel itself carries the value: its stored result is
// a loop that started from a whole-tensor load of that In param.
//
// Every call of the kernel must qualify with the same params, since the
// signature changes for all of them. The buffer written in place must be
// read by nobody else: the carried value is not read after the call in the
// loop body, and the loop's initial value (or the standalone call's In
// argument) is a param or an allocation, or a view of one, read only on its
// way to this call. The dropped allocation may have no other use.
//
//   ir::Program out = ReuseCarriedBuffers(ctx, program);   // same object if no change

#ifndef PTO_PASSES_TENSOR_TO_TILE_ITER_ARG_REUSE_H_
#define PTO_PASSES_TENSOR_TO_TILE_ITER_ARG_REUSE_H_

#include "ir/context.h"
#include "ir/function.h"

namespace pto::passes::tensor_to_tile {

ir::Program ReuseCarriedBuffers(ir::Context& ctx, const ir::Program& program);

}  // namespace pto::passes::tensor_to_tile

#endif  // PTO_PASSES_TENSOR_TO_TILE_ITER_ARG_REUSE_H_
