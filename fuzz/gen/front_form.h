// A generated program in the form the front of the pipeline consumes: what
// InlineFunctions and UnrollLoops must turn back into the program itself.
//
//   @pl.function                                  @pl.function(type=pl.FunctionType.Inline)
//   def kernel(self, x, out):                     def kernel_body(self, x, out):
//       for i in pl.range(4):                =>       for i in pl.unroll(4):
//           ...                                           ...
//       return out                                    return out
//                                                 @pl.function
//                                                 def kernel(self, x, out):
//                                                     return self.kernel_body(x, out)
//
// Every for loop with integer-literal bounds, at most kMaxUnrollTrips trips,
// no carried values and no break or continue becomes a pl.unroll loop (the
// reassigned form, reassigned_form.h, has lost most iter args, so most
// loops qualify there). The kernel's body moves into an Inline function
// (its Vars copied) that the kernel calls with its params. The result
// verifies and computes what the input computes.
//
//   ir::Program front = ToFrontForm(ctx, ToReassignedForm(ctx, program));

#ifndef PTO_FUZZ_GEN_FRONT_FORM_H_
#define PTO_FUZZ_GEN_FRONT_FORM_H_

#include <cstdint>

#include "ir/context.h"
#include "ir/function.h"

namespace pto::fuzz {

inline constexpr int64_t kMaxUnrollTrips = 8;

// `kernel` names the function to wrap; the others only get unroll loops.
ir::Program ToFrontForm(ir::Context& ctx, const ir::Program& program,
                        absl::string_view kernel = "kernel");

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_FRONT_FORM_H_
