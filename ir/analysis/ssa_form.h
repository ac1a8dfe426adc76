// Is a program in strict SSA form (upstream's SSAForm property)?
//
// The verifier accepts upstream's non-strict form, where a name assigned
// twice is one Var assigned twice and a name a loop body or if branch binds
// stays visible after it. Passes that need single assignment (everything
// after ConvertToSSA) require the stricter form checked here:
//
//   * every Var object is defined once: one AssignStmt, or once as a param,
//     loop var, iter arg or return var;
//   * what a for/while body or an if branch defines is used only inside it;
//     values leave a construct through its return vars (what a branch
//     defines also reaches the code after its if when the other branch
//     ends in break, continue or return);
//   * a loop with iter args ends its body in a pl.yield_ (no pre-SSA loop).
//
// `with` scopes are transparent, as in the text form. Linear in the size of
// the program. The error names the function, the variable and the place:
//
//   absl::Status s = CheckSSAForm(program);
//   // "k.py:9:13: error: not in SSA form: 'acc' is assigned again (first
//   //  defined at k.py:5:9) in function 'main'; run ConvertToSSA"

#ifndef PTO_IR_ANALYSIS_SSA_FORM_H_
#define PTO_IR_ANALYSIS_SSA_FORM_H_

#include "absl/status/status.h"
#include "ir/function.h"

namespace pto::ir {

// OK, or InvalidArgument with the first violation, located.
absl::Status CheckSSAForm(const Program& program);
// The same for one function of a program in `ctx`.
absl::Status CheckSSAForm(const Context& ctx, const Function* function);

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_SSA_FORM_H_
