#include "passes/pass_registry.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "ir/check.h"
#include "ir/status_macros.h"

namespace pto::passes {

void PassRegistry::RegisterPass(absl::string_view name, Factory factory) {
  PTO_CHECK(!passes_.count(name) && !pipelines_.count(name) && !aliases_.count(name))
      << "pass " << name << " twice";
  passes_.emplace(std::string(name), factory);
}

void PassRegistry::RegisterAlias(absl::string_view alias, absl::string_view name) {
  PTO_CHECK(passes_.count(name)) << "alias " << alias << " of unregistered pass " << name;
  PTO_CHECK(!passes_.count(alias) && !pipelines_.count(alias) && !aliases_.count(alias))
      << "alias " << alias << " twice";
  aliases_.emplace(std::string(alias), std::string(name));
}

void PassRegistry::RegisterPipeline(absl::string_view name, std::vector<std::string> passes) {
  PTO_CHECK(!passes_.count(name) && !pipelines_.count(name) && !aliases_.count(name))
      << "pipeline " << name << " twice";
  pipelines_.emplace(std::string(name), std::move(passes));
}

std::vector<std::string> PassRegistry::PassNames() const {
  std::vector<std::string> out;
  for (const auto& [name, factory] : passes_) out.push_back(name);
  return out;
}

std::vector<std::string> PassRegistry::PipelineNames() const {
  std::vector<std::string> out;
  for (const auto& [name, passes] : pipelines_) out.push_back(name);
  return out;
}

std::vector<std::string> PassRegistry::AliasesOf(absl::string_view name) const {
  std::vector<std::string> out;
  for (const auto& [alias, pass] : aliases_) {
    if (pass == name) out.push_back(alias);
  }
  return out;
}

absl::Status PassRegistry::Append(absl::string_view name, int depth,
                                  std::vector<std::unique_ptr<Pass>>& out) const {
  if (auto it = aliases_.find(name); it != aliases_.end()) name = it->second;
  if (auto it = passes_.find(name); it != passes_.end()) {
    out.push_back(it->second());
    return absl::OkStatus();
  }
  if (auto it = pipelines_.find(name); it != pipelines_.end()) {
    PTO_CHECK(depth < 8) << "pipeline " << name << " nests too deeply";
    for (const std::string& pass : it->second) {
      absl::Status s = Append(pass, depth + 1, out);
      if (!s.ok()) {
        return absl::NotFoundError(absl::StrCat("pipeline '", name, "': ", s.message()));
      }
    }
    return absl::OkStatus();
  }
  std::vector<std::string> known = PassNames();
  return absl::NotFoundError(absl::StrCat(
      "unknown pass '", name, "'; known passes: ",
      known.empty() ? std::string("(none)") : absl::StrJoin(known, ", "),
      "; pipelines: ", absl::StrJoin(PipelineNames(), ", "),
      aliases_.empty() ? "" : "; aliases: ",
      absl::StrJoin(aliases_, ", ", absl::PairFormatter(" = "))));
}

absl::StatusOr<std::vector<std::unique_ptr<Pass>>> PassRegistry::Build(
    absl::string_view spec) const {
  std::vector<std::unique_ptr<Pass>> out;
  spec = absl::StripAsciiWhitespace(spec);
  if (spec == "none" || spec.empty()) return out;
  for (absl::string_view name : absl::StrSplit(spec, ',')) {
    name = absl::StripAsciiWhitespace(name);
    if (name.empty()) return absl::InvalidArgumentError("empty pass name in pipeline spec");
    PTO_RETURN_IF_ERROR(Append(name, 0, out));
  }
  return out;
}

}  // namespace pto::passes
