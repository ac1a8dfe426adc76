// What `pto-opt --list-passes` prints: every registered pass with its
// upstream PyPTO name and description, then every pipeline and the passes it
// runs.
//
//   std::string text = ListPasses(passes::BuiltinPasses());
//   // passes (name, upstream PyPTO name, what it does):
//   //   legalize-tile-cast        LegalizeTileCast   Expands tile.cast pairs ...
//   // pipelines:
//   //   default = lower-composite-ops, legalize-tile-cast, materialize-tcvt-scratch

#ifndef PTO_TOOLS_PASS_LIST_H_
#define PTO_TOOLS_PASS_LIST_H_

#include <string>

#include "absl/strings/string_view.h"
#include "passes/pass_registry.h"

namespace pto::tools {

// Upstream PyPTO's name for a kebab-case pass name: "legalize-tile-cast" ->
// "LegalizeTileCast".
std::string UpstreamPassName(absl::string_view name);

// One line per pass and per pipeline, columns aligned. A pass's upstream
// name is listed when the registry resolves it to that pass: PassRegistry
// enumerates passes and pipelines but not aliases, and upstream aliases are
// the CamelCase spelling by convention (pass_registry.h).
std::string ListPasses(const passes::PassRegistry& registry);

}  // namespace pto::tools

#endif  // PTO_TOOLS_PASS_LIST_H_
