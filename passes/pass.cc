#include "passes/pass.h"

#include <vector>

#include "ir/context.h"

namespace pto::passes {

absl::string_view IRPropertyName(IRProperty p) {
  // Upstream's spelling, as its pass dumps and diagnostics print them.
  static constexpr absl::string_view kNames[] = {
#define PTO_IR_PROPERTY_NAME(name) #name,
      PTO_IR_PROPERTIES(PTO_IR_PROPERTY_NAME)
#undef PTO_IR_PROPERTY_NAME
  };
  size_t i = static_cast<size_t>(p);
  return i < static_cast<size_t>(IRProperty::kCount) ? kNames[i] : "?";
}

const std::string* PassContext::FindOption(absl::string_view key) const {
  auto it = options_.find(key);
  return it == options_.end() ? nullptr : &it->second;
}

void PassContext::SetOption(absl::string_view key, absl::string_view value) {
  options_[std::string(key)] = std::string(value);
}

absl::StatusOr<ir::Program> RewriteFunctions(
    const ir::Program& program,
    absl::FunctionRef<absl::StatusOr<const ir::Function*>(const ir::Function*)> rewrite) {
  std::vector<const ir::Function*> functions;
  functions.reserve(program.functions().size());
  bool changed = false;
  for (const ir::Function* f : program.functions()) {
    absl::StatusOr<const ir::Function*> g = rewrite(f);
    if (!g.ok()) return g.status();
    changed |= *g != f;
    functions.push_back(*g);
  }
  return changed ? program.context().NewProgram(program.name(), functions) : program;
}

}  // namespace pto::passes
