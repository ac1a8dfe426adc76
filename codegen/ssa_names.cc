#include "codegen/ssa_names.h"

#include <cstring>

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
  size_t start = base.size();
  base.append(hint.data(), hint.size());
  for (size_t i = start; i < base.size(); ++i) {
    if (!IsIdChar(base[i])) base[i] = '_';
  }

  // The common case - the spelling is free - costs one hash operation:
  // store it, then try to claim it.
  absl::string_view stored = Store(base);
  auto [it, inserted] = used_.insert(stored.substr(1));
  if (inserted) return stored;
  // Key the counter by the spelling already stored, which outlives `base`.
  uint32_t& next = next_suffix_[*it];
  do {
    candidate_.clear();
    absl::StrAppend(&candidate_, base, "_", ++next);
  } while (used_.contains(candidate_));
  stored = Store(candidate_);
  used_.insert(stored.substr(1));
  return stored;
}

absl::string_view SsaNames::Store(absl::string_view name) {
  char* stored = storage_.AllocateArray<char>(name.size() + 1);
  stored[0] = '%';
  std::memcpy(stored + 1, name.data(), name.size());
  return absl::string_view(stored, name.size() + 1);
}

}  // namespace pto::codegen
