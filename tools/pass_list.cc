#include "tools/pass_list.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace pto::tools {
namespace {

struct Row {
  std::string name;
  std::string upstream;
  std::string description;
};

}  // namespace

std::string ListPasses(const passes::PassRegistry& registry) {
  std::vector<Row> rows;
  size_t name_width = 0;
  size_t upstream_width = 1;
  for (const std::string& name : registry.PassNames()) {
    Row row{name, "-", ""};
    auto pass = registry.Build(name);
    if (pass.ok() && pass->size() == 1) row.description = std::string((*pass)[0]->description());
    std::vector<std::string> aliases = registry.AliasesOf(name);
    if (!aliases.empty()) row.upstream = absl::StrJoin(aliases, ", ");
    name_width = std::max(name_width, row.name.size());
    upstream_width = std::max(upstream_width, row.upstream.size());
    rows.push_back(std::move(row));
  }
  std::string out = "passes (name, upstream PyPTO name, what it does):\n";
  for (const Row& row : rows) {
    absl::StrAppend(&out, "  ", row.name, std::string(name_width - row.name.size() + 2, ' '),
                    row.upstream, std::string(upstream_width - row.upstream.size() + 2, ' '),
                    row.description, "\n");
    for (const passes::PassOptionSpec& option : registry.OptionsOf(row.name)) {
      absl::StrAppend(&out, "      {", option.name, "=", option.default_value, "}  ",
                      passes::PassOptionKindName(option.kind), ": ", option.help, "\n");
    }
  }
  out += "pipelines:\n";
  for (const std::string& name : registry.PipelineNames()) {
    auto pipeline = registry.Build(name);
    std::vector<std::string> names;
    if (pipeline.ok()) {
      for (const auto& pass : *pipeline) names.emplace_back(pass->name());
    }
    absl::StrAppend(&out, "  ", name, " = ",
                    pipeline.ok() ? absl::StrJoin(names, ", ") : std::string(pipeline.status().message()),
                    "\n");
  }
  return out;
}

}  // namespace pto::tools
