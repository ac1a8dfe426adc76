// Name -> pass factory, plus named pipelines.
//
// The project's registry is BuiltinPasses() (all_passes.h), which lists every
// pass explicitly (no static self-registration). A pipeline spec is "none", a
// pipeline name such as "default", or a comma-separated list of pass and
// pipeline names. A pass name may carry options in braces, checked against
// what the pass declares (pass_options.h):
//
//   absl::StatusOr<std::vector<std::unique_ptr<Pass>>> passes =
//       BuiltinPasses().Build("legalize-tile-cast");
//   // A pass declaring an int option `limit` (illustrative):
//   passes = registry.Build("my-pass{limit=16},default");
//
// A pass may also be known by an alias: upstream PyPTO's CamelCase name
// ("LegalizeTileCast"), so that pipelines written against upstream work.
// An unknown name is an error listing what is registered.

#ifndef PTO_PASSES_PASS_REGISTRY_H_
#define PTO_PASSES_PASS_REGISTRY_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "passes/pass.h"
#include "passes/pass_options.h"

namespace pto::passes {

class PassRegistry {
 public:
  using Factory = std::unique_ptr<Pass> (*)();
  using OptionsFactory = std::unique_ptr<Pass> (*)(const PassOptions&);

  // Each name registers once (checked); pipelines may name passes registered
  // later, and are resolved when built.
  void RegisterPass(absl::string_view name, Factory factory);
  // A pass taking `options`; `factory` gets each spec's value.
  void RegisterPass(absl::string_view name, OptionsFactory factory,
                    std::vector<PassOptionSpec> options);
  // Makes `alias` build the registered pass `name`.
  void RegisterAlias(absl::string_view alias, absl::string_view name);
  void RegisterPipeline(absl::string_view name, std::vector<std::string> passes);

  absl::StatusOr<std::vector<std::unique_ptr<Pass>>> Build(absl::string_view spec) const;

  // Sorted names.
  std::vector<std::string> PassNames() const;
  std::vector<std::string> PipelineNames() const;
  // The aliases of pass `name`, sorted.
  std::vector<std::string> AliasesOf(absl::string_view name) const;
  // The options pass `name` declares, in declaration order.
  absl::Span<const PassOptionSpec> OptionsOf(absl::string_view name) const;

 private:
  struct Entry {
    // A pass without options is registered through a wrapper ignoring them.
    std::function<std::unique_ptr<Pass>(const PassOptions&)> factory;
    std::vector<PassOptionSpec> options;
  };
  // Appends pass or pipeline `item` ("name" or "name{k=v,...}").
  absl::Status Append(absl::string_view item, int depth,
                      std::vector<std::unique_ptr<Pass>>& out) const;

  std::map<std::string, Entry, std::less<>> passes_;
  std::map<std::string, std::vector<std::string>, std::less<>> pipelines_;
  std::map<std::string, std::string, std::less<>> aliases_;
};

}  // namespace pto::passes

#endif  // PTO_PASSES_PASS_REGISTRY_H_
