// Checks of a call's options (ir/call_site.h) that hold whatever the call's
// target: the generic attrs dict, and the options an op call may carry. The
// verifier reports each message at the call.
//
//   for (const std::string& m : OpCallSiteProblems(*call)) Report(loc, m);

#ifndef PTO_IR_ANALYSIS_CALL_SITE_CHECK_H_
#define PTO_IR_ANALYSIS_CALL_SITE_CHECK_H_

#include <string>
#include <vector>

#include "ir/expr.h"

namespace pto::ir {

// The generic attrs: keys non-empty and unique, a list's items of one kind.
std::vector<std::string> CallAttrProblems(const CallSite& site);

// An op call's site: generic attrs, and deps (Scalar[TASK_ID] or a TASK_ID
// array) on system.task_dummy only; no dispatch option of a function call.
std::vector<std::string> OpCallSiteProblems(const Call& call);

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_CALL_SITE_CHECK_H_
