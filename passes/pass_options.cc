#include "passes/pass_options.h"

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/check.h"

namespace pto::passes {

absl::string_view PassOptionKindName(PassOptionSpec::Kind kind) {
  switch (kind) {
    case PassOptionSpec::kInt: return "int";
    case PassOptionSpec::kBool: return "bool";
    case PassOptionSpec::kString: return "string";
  }
  return "?";
}

namespace {

// Parses `text` as a value of `kind` into `number`; false if it is not one.
bool ParseValue(PassOptionSpec::Kind kind, absl::string_view text, int64_t* number) {
  switch (kind) {
    case PassOptionSpec::kInt: return absl::SimpleAtoi(text, number);
    case PassOptionSpec::kBool:
      if (text == "true" || text == "True" || text == "1") return *number = 1, true;
      if (text == "false" || text == "False" || text == "0") return *number = 0, true;
      return false;
    case PassOptionSpec::kString: return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<PassOptions> PassOptions::Resolve(
    absl::string_view pass, absl::Span<const PassOptionSpec> specs,
    absl::Span<const std::pair<std::string, std::string>> given) {
  PassOptions out;
  for (const PassOptionSpec& spec : specs) {
    Value v{&spec, spec.default_value};
    PTO_CHECK(ParseValue(spec.kind, v.text, &v.number))
        << pass << ": default of option " << spec.name << " is not a " << PassOptionKindName(spec.kind);
    out.values_.push_back(std::move(v));
  }
  std::vector<bool> set(specs.size(), false);
  for (const auto& [key, text] : given) {
    size_t i = 0;
    while (i < specs.size() && key != specs[i].name) ++i;
    if (i == specs.size()) {
      std::vector<std::string> known;
      for (const PassOptionSpec& spec : specs) known.emplace_back(spec.name);
      return absl::InvalidArgumentError(absl::StrCat(
          "pass '", pass, "' has no option '", key, "'; its options: ",
          known.empty() ? std::string("(none)") : absl::StrJoin(known, ", ")));
    }
    if (set[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat("pass '", pass, "': option '", key, "' is given twice"));
    }
    set[i] = true;
    Value& v = out.values_[i];
    if (!ParseValue(specs[i].kind, text, &v.number)) {
      return absl::InvalidArgumentError(absl::StrCat("pass '", pass, "': option '", key,
                                                     "' takes ", specs[i].kind == PassOptionSpec::kInt ? "an " : "a ",
                                                     PassOptionKindName(specs[i].kind),
                                                     ", got '", text, "'"));
    }
    v.text = text;
  }
  return out;
}

const PassOptions::Value& PassOptions::Find(absl::string_view name,
                                            PassOptionSpec::Kind kind) const {
  for (const Value& v : values_) {
    if (v.spec->name == name) {
      PTO_CHECK(v.spec->kind == kind) << "option " << name << " read as the wrong kind";
      return v;
    }
  }
  PTO_CHECK(false) << "option " << name << " is not declared";
  return values_.front();
}

int64_t PassOptions::GetInt(absl::string_view name) const {
  return Find(name, PassOptionSpec::kInt).number;
}
bool PassOptions::GetBool(absl::string_view name) const {
  return Find(name, PassOptionSpec::kBool).number != 0;
}
const std::string& PassOptions::GetString(absl::string_view name) const {
  return Find(name, PassOptionSpec::kString).text;
}

}  // namespace pto::passes
