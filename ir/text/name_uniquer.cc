#include "ir/text/name_uniquer.h"

#include "absl/strings/str_cat.h"
#include "ir/text/lexer/lexer.h"

namespace pto::ir::text {

namespace {

// The identifier `name` is printed as when it is not printable itself.
std::string Printable(absl::string_view name) {
  std::string out;
  if (name.empty() || !IsIdentStart(name[0])) out.push_back('_');
  for (char c : name) out.push_back(IsIdentChar(c) ? c : '_');
  if (IsPythonKeyword(out)) out.push_back('_');
  return out;
}

}  // namespace

bool IsPrintableName(absl::string_view name) {
  if (name.empty() || !IsIdentStart(name[0])) return false;
  bool digit = false;
  for (char c : name.substr(1)) {
    const uint8_t cls = internal_chars::ClassOf(c);
    if (cls == 0) return false;
    digit |= cls == internal_chars::kDigit;
  }
  // Keywords are short and spelled with letters only; most names fail one
  // of these cheap tests (t0, t1, ... by their digits).
  return digit || name.size() > 8 || !IsPythonKeyword(name);
}

void NameUniquer::Assign(absl::Span<const absl::string_view> names,
                         absl::Span<const absl::string_view> reserved) {
  out_.assign(names.begin(), names.end());
  index_.clear();
  entries_.clear();
  holder_entry_.resize(names.size());
  // One hash operation per holder when every name is unique (the common
  // case); the second pass reaches a holder's entry by index.
  index_.reserve(names.size() + reserved.size());
  entries_.reserve(names.size() + reserved.size());
  // A reserved name looks like a name with one holder that already claimed
  // it, so a holder of it counts as sharing it and takes a suffix.
  for (absl::string_view r : reserved) {
    if (index_.try_emplace(r, static_cast<uint32_t>(entries_.size())).second) {
      entries_.push_back(Entry{1, 0, true});
    }
  }
  bool any_shared = false;
  constexpr size_t kPrefetchDistance = 8;
  for (size_t i = 0; i < out_.size(); ++i) {
    if (!IsPrintableName(out_[i])) {
      out_[i] = generated_.CopyString(Printable(out_[i]));
    }
    // Large tables miss the cache on every insert, and hashing a name reads
    // its characters, which sit apart from the Var in the arena: overlap both
    // misses, the characters first, since prefetching a slot hashes them.
    if (i + 2 * kPrefetchDistance < out_.size()) {
      __builtin_prefetch(out_[i + 2 * kPrefetchDistance].data());
    }
    if (i + kPrefetchDistance < out_.size()) index_.prefetch(out_[i + kPrefetchDistance]);
    auto [it, inserted] = index_.try_emplace(out_[i], static_cast<uint32_t>(entries_.size()));
    if (inserted) entries_.emplace_back();
    Entry& e = entries_[it->second];
    any_shared = any_shared || e.holders != 0;
    ++e.holders;
    holder_entry_[i] = it->second;
  }
  if (!any_shared) return;
  // A unique name is taken from the start; a shared name once some holder
  // (or a generated spelling) claims it. A shared name's holders claim, in
  // order, the first free spelling among base, base_1, base_2, ...; each
  // base resumes where its previous holder stopped, since the spellings it
  // skipped stay taken.
  for (size_t i = 0; i < out_.size(); ++i) {
    uint32_t base_index = holder_entry_[i];
    if (entries_[base_index].holders == 1) continue;
    absl::string_view base = out_[i];
    if (entries_[base_index].next_suffix == 0) {
      entries_[base_index].next_suffix = 1;
      if (!entries_[base_index].claimed) {
        entries_[base_index].claimed = true;
        continue;
      }
    }
    for (;; ++entries_[base_index].next_suffix) {
      candidate_.clear();
      absl::StrAppend(&candidate_, base, "_", entries_[base_index].next_suffix);
      auto it = index_.find(candidate_);
      if (it != index_.end()) {
        Entry& taken = entries_[it->second];
        if (taken.holders == 1 || taken.claimed) continue;
        // A shared name nobody has claimed yet: this holder takes it.
        taken.claimed = true;
        out_[i] = it->first;
        break;
      }
      // Not indexed: no later candidate can spell it. Another base's
      // `other_k` equal to `base_n` would put a '_' into the digits of n or
      // k, and this base's next_suffix only grows. Indexing every generated
      // spelling would grow the table with the holders, out of cache.
      out_[i] = generated_.CopyString(candidate_);
      break;
    }
    ++entries_[base_index].next_suffix;
  }
}

}  // namespace pto::ir::text
