// VerifySSA (upstream's verifier pass of the same name): stops the pipeline
// unless the program is in strict SSA form (ir/analysis/ssa_form.h), with
// the first violation located. Changes nothing.
//
//   pto-opt --passes=convert-to-ssa,verify-ssa kernel.py
//
// Properties: requires, produces and invalidates nothing.

#ifndef PTO_PASSES_VERIFY_VERIFY_SSA_H_
#define PTO_PASSES_VERIFY_VERIFY_SSA_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateVerifySSAPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_VERIFY_VERIFY_SSA_H_
