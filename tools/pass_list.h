// What `pto-opt --list-passes` prints: every registered pass with its
// upstream PyPTO name and description, then every pipeline and the passes it
// runs.
//
//   std::string text = ListPasses(passes::BuiltinPasses());
//   // passes (name, upstream PyPTO name, what it does):
//   //   legalize-tile-cast        LegalizeTileCast   Expands tile.cast pairs ...
//   //   (a pass with options lists each below it: "      {limit=64}  int: ...")
//   // pipelines:
//   //   default = lower-composite-ops, legalize-tile-cast, materialize-tcvt-scratch

#ifndef PTO_TOOLS_PASS_LIST_H_
#define PTO_TOOLS_PASS_LIST_H_

#include <string>

#include "absl/strings/string_view.h"
#include "passes/pass_options.h"
#include "passes/pass_registry.h"

namespace pto::tools {

// One line per pass (name, its aliases - upstream PyPTO's names - and
// description), a line per option it takes (`{name=default}`, kind, help),
// and one per pipeline, columns aligned.
std::string ListPasses(const passes::PassRegistry& registry);

}  // namespace pto::tools

#endif  // PTO_TOOLS_PASS_LIST_H_
