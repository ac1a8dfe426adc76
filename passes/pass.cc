#include "passes/pass.h"

namespace pto::passes {

absl::string_view IRPropertyName(IRProperty p) {
  switch (p) {
    case IRProperty::kSSAForm: return "SSAForm";
    case IRProperty::kTypeChecked: return "TypeChecked";
  }
  return "?";
}

const std::string* PassContext::FindOption(absl::string_view key) const {
  auto it = options_.find(key);
  return it == options_.end() ? nullptr : &it->second;
}

void PassContext::SetOption(absl::string_view key, absl::string_view value) {
  options_[std::string(key)] = std::string(value);
}

}  // namespace pto::passes
