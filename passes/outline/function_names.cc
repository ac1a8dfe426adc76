#include "passes/outline/function_names.h"

#include "absl/strings/str_cat.h"

namespace pto::passes {

FunctionNames::FunctionNames(const ir::Program& program) {
  for (const ir::Function* f : program.functions()) owner_[std::string(f->name())] = "";
}

std::string FunctionNames::Free(std::string name) const {
  if (!owner_.contains(name)) return name;
  for (int k = 0;; ++k) {
    std::string candidate = absl::StrCat(name, "_", k);
    if (!owner_.contains(candidate)) return candidate;
  }
}

std::string FunctionNames::Next(absl::string_view parent, absl::string_view tag,
                                absl::string_view hint, absl::string_view counter) {
  const int number = counter_[absl::StrCat(parent, "\n", counter)]++;
  std::string name;
  if (hint.empty()) {
    name = Free(absl::StrCat(parent, "_", tag, "_", number));
  } else {
    auto it = owner_.find(hint);
    if (it == owner_.end() || it->second == parent) {
      name = Free(std::string(hint));
    } else {
      name = Free(absl::StrCat(parent, "_", hint));
    }
  }
  owner_[name] = std::string(parent);
  return name;
}

}  // namespace pto::passes
