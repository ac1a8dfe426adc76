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
// ToUnrollForm: every for loop with integer-literal bounds, at most
// kMaxUnrollTrips trips, no carried values and no break or continue becomes
// a pl.unroll loop (the reassigned form, reassigned_form.h, has lost most
// iter args, so most loops qualify there). ToInlineForm: the body of every
// function that is not Inline moves into an Inline function `<name>_body`
// (its Vars copied), which the function calls with its params. ToJumpForm:
// every other sequential for loop starts with `if i < 0: break`, a jump
// never taken that CtrlFlowTransform must still restructure. ToFrontForm is
// all three. ToScopeForm: every InCore function becomes an Opaque one whose
// body, up to its return, is a `with pl.at(level=pl.Level.CORE_GROUP)`
// scope, as users write kernels inside orchestration code; the outlining
// passes must turn it back into an InCore function it calls. Each result
// verifies and computes what its input computes.
//
//   ir::Program front = ToFrontForm(ctx, ToReassignedForm(ctx, program));

#ifndef PTO_FUZZ_GEN_FRONT_FORM_H_
#define PTO_FUZZ_GEN_FRONT_FORM_H_

#include <cstdint>

#include "ir/context.h"
#include "ir/function.h"

namespace pto::fuzz {

inline constexpr int64_t kMaxUnrollTrips = 8;

ir::Program ToUnrollForm(ir::Context& ctx, const ir::Program& program);
ir::Program ToInlineForm(ir::Context& ctx, const ir::Program& program);
ir::Program ToJumpForm(ir::Context& ctx, const ir::Program& program);
ir::Program ToFrontForm(ir::Context& ctx, const ir::Program& program);
ir::Program ToScopeForm(ir::Context& ctx, const ir::Program& program);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_FRONT_FORM_H_
