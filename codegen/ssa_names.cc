#include "codegen/ssa_names.h"

#include "absl/strings/str_cat.h"

namespace pto::codegen {
namespace {

bool IsIdChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.' || c == '-';
}

}  // namespace

absl::string_view SsaNames::Fresh(absl::string_view hint) {
  std::string& base = scratch_;
  base.clear();
  if (hint.empty() || (hint[0] >= '0' && hint[0] <= '9')) base += 'v';
  for (char c : hint) base += IsIdChar(c) ? c : '_';

  std::string name;
  if (!used_.contains(base)) {
    name = base;
  } else {
    uint32_t& next = next_suffix_[base];
    do {
      name = absl::StrCat(base, "_", ++next);
    } while (used_.contains(name));
  }
  storage_.push_back(absl::StrCat("%", name));
  absl::string_view stored = storage_.back();
  used_.insert(stored.substr(1));
  return stored;
}

}  // namespace pto::codegen
