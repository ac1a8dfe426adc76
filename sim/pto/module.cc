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

absl::string_view Operation::EnumAttr(absl::string_view name) const {
  const Attribute* a = FindAttr(name);
  if (a == nullptr) return "";
  absl::string_view v = a->value;
  size_t space = v.rfind(' ');
  if (space == absl::string_view::npos || v.empty() || v.back() != '>') return "";
  return v.substr(space + 1, v.size() - space - 2);
}

}  // namespace pto::sim::pto_text
