#include "passes/pass_registry.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/types/span.h"
#include "ir/check.h"
#include "ir/status_macros.h"

namespace pto::passes {

void PassRegistry::RegisterPass(absl::string_view name, Factory factory) {
  PTO_CHECK(!passes_.count(name) && !pipelines_.count(name) && !aliases_.count(name))
      << "pass " << name << " twice";
  passes_.emplace(std::string(name), Entry{[factory](const PassOptions&) { return factory(); }, {}});
}

void PassRegistry::RegisterPass(absl::string_view name, OptionsFactory factory,
                                std::vector<PassOptionSpec> options) {
  PTO_CHECK(!passes_.count(name) && !pipelines_.count(name) && !aliases_.count(name))
      << "pass " << name << " twice";
  // Resolving the defaults alone checks them (PTO_CHECK), so a bad default
  // fails at registration rather than at the first build naming the pass.
  (void)PassOptions::Resolve(name, options, {});
  passes_.emplace(std::string(name), Entry{factory, std::move(options)});
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
  for (const auto& [name, entry] : passes_) out.push_back(name);
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

absl::Span<const PassOptionSpec> PassRegistry::OptionsOf(absl::string_view name) const {
  auto it = passes_.find(name);
  return it == passes_.end() ? absl::Span<const PassOptionSpec>() : it->second.options;
}

namespace {

// Splits "name{k=v,k2=v2}" into the name and its pairs.
absl::Status SplitItem(absl::string_view item, absl::string_view* name,
                       std::vector<std::pair<std::string, std::string>>* options) {
  size_t brace = item.find('{');
  *name = absl::StripAsciiWhitespace(item.substr(0, brace));
  if (brace == absl::string_view::npos) return absl::OkStatus();
  absl::string_view body = absl::StripTrailingAsciiWhitespace(item.substr(brace + 1));
  if (!absl::ConsumeSuffix(&body, "}") || body.find_first_of("{}") != absl::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("pass options of '", *name, "' must be one {key=value,...} at its end"));
  }
  if (absl::StripAsciiWhitespace(body).empty()) return absl::OkStatus();
  for (absl::string_view pair : absl::StrSplit(body, ',')) {
    std::pair<absl::string_view, absl::string_view> kv = absl::StrSplit(pair, absl::MaxSplits('=', 1));
    absl::string_view key = absl::StripAsciiWhitespace(kv.first);
    if (key.empty() || pair.find('=') == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("pass options of '", *name, "': expected key=value, got '",
                       absl::StripAsciiWhitespace(pair), "'"));
    }
    options->emplace_back(std::string(key), std::string(absl::StripAsciiWhitespace(kv.second)));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status PassRegistry::Append(absl::string_view item, int depth,
                                  std::vector<std::unique_ptr<Pass>>& out) const {
  absl::string_view name;
  std::vector<std::pair<std::string, std::string>> given;
  PTO_RETURN_IF_ERROR(SplitItem(item, &name, &given));
  if (auto it = aliases_.find(name); it != aliases_.end()) name = it->second;
  if (auto it = passes_.find(name); it != passes_.end()) {
    const Entry& entry = it->second;
    PTO_ASSIGN_OR_RETURN(PassOptions options, PassOptions::Resolve(name, entry.options, given));
    out.push_back(entry.factory(options));
    return absl::OkStatus();
  }
  if (auto it = pipelines_.find(name); it != pipelines_.end()) {
    if (!given.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("'", name, "' is a pipeline; options go on its passes"));
    }
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
  // Commas inside braces separate options, not passes.
  int braces = 0;
  size_t begin = 0;
  for (size_t i = 0; i <= spec.size(); ++i) {
    if (i < spec.size()) {
      if (spec[i] == '{') ++braces;
      if (spec[i] == '}') --braces;
      if (spec[i] != ',' || braces > 0) continue;
    }
    absl::string_view item = absl::StripAsciiWhitespace(spec.substr(begin, i - begin));
    begin = i + 1;
    if (item.empty()) return absl::InvalidArgumentError("empty pass name in pipeline spec");
    PTO_RETURN_IF_ERROR(Append(item, 0, out));
  }
  return out;
}

}  // namespace pto::passes
