// The project's pass registry: every pass, and the named pipelines.
//
//   default = lower-composite-ops, legalize-tile-cast, materialize-tcvt-scratch
//
//   auto passes = BuiltinPasses().Build("default");

#ifndef PTO_PASSES_ALL_PASSES_H_
#define PTO_PASSES_ALL_PASSES_H_

#include "passes/pass_registry.h"

namespace pto::passes {

const PassRegistry& BuiltinPasses();

}  // namespace pto::passes

#endif  // PTO_PASSES_ALL_PASSES_H_
