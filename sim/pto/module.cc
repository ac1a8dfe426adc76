#include "sim/pto/module.h"

namespace pto::sim::pto_text {

const Operand* Operation::Find(absl::string_view role) const {
  for (const Operand& o : operands) {
    if (o.role == role) return &o;
  }
  return nullptr;
}

std::vector<const Operand*> Operation::FindAll(absl::string_view role) const {
  std::vector<const Operand*> out;
  for (const Operand& o : operands) {
    if (o.role == role) out.push_back(&o);
  }
  return out;
}

const Attribute* Operation::FindAttr(absl::string_view name) const {
  for (const Attribute& a : attrs) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

}  // namespace pto::sim::pto_text
