// VerifyNoNestedCall (upstream's verifier pass of the same name): stops the
// pipeline unless the program is in three-address form, what
// FlattenCallExpr produces: no call as an argument of another call, an
// operand of an arithmetic or comparison expression, an if or while
// condition, a for loop bound, or a return or pl.yield_ value. The error
// names the first such call and where it is. Changes nothing.
//
//   pto-opt --passes=verify-no-nested-call kernel.py
//
// Properties: requires, produces and invalidates nothing.

#ifndef PTO_PASSES_VERIFY_VERIFY_NO_NESTED_CALL_H_
#define PTO_PASSES_VERIFY_VERIFY_NO_NESTED_CALL_H_

#include <memory>

#include "passes/pass.h"

namespace pto::passes {

std::unique_ptr<Pass> CreateVerifyNoNestedCallPass();

}  // namespace pto::passes

#endif  // PTO_PASSES_VERIFY_VERIFY_NO_NESTED_CALL_H_
