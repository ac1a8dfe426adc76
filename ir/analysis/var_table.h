// A map keyed by Var objects, laid out by Var::id() for memory locality.
//
// The analyses look up a Var at every definition and use. Ids are a
// per-Context sequence, so the Vars of a parsed or pass-built program have
// nearly consecutive ids in program order: slots indexed by id turn those
// lookups into almost sequential memory accesses, where a hash map scatters
// them (measured: the hash map was ~45% of verification time at 100k
// statements).
//
// A pass's output holds several such runs of ids, interleaved statement by
// statement: the Vars it kept (a loop's iter_args, its variable) have the
// input's low ids, the Vars it made have new high ones. So ids map to
// slots through pages of kPageSize slots, found through a directory indexed
// by id / kPageSize; only the pages of id ranges in use exist. (A single
// window of slots follows only one run; the Vars of the others fell into
// the hash map.)
//
// Memory stays linear in the number of entries: the pages hold at most
// 4 slots per entry and the directory at most 4 pointers per entry (plus a
// constant each). Vars beyond either bound, or whose slot another Context's
// Var with the same id holds, go to a hash map.
//
//   VarTable<uint32_t> index;
//   auto [value, inserted] = index.Insert(var, 7);
//   if (uint32_t* i = index.Find(var)) ...
//
// Returned pointers stay valid only until the next Insert.

#ifndef PTO_IR_ANALYSIS_VAR_TABLE_H_
#define PTO_IR_ANALYSIS_VAR_TABLE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/arena.h"
#include "ir/expr.h"

namespace pto::ir {

template <typename T>
class VarTable {
  static_assert(std::is_trivially_destructible_v<T>, "Clear() reuses pages without destroying");

 public:
  // The value stored for `v`, or nullptr.
  T* Find(const Var* v) {
    Slot* slot = ExistingSlot(v->id());
    if (slot != nullptr && slot->var == v) return &slot->value;
    if (overflow_.empty()) return nullptr;
    auto it = overflow_.find(v);
    return it == overflow_.end() ? nullptr : &it->second;
  }

  // Stores `value` for `v` unless `v` is present. Returns the stored value
  // and whether it was inserted.
  std::pair<T*, bool> Insert(const Var* v, T value) {
    if (!overflow_.empty()) {
      auto it = overflow_.find(v);
      if (it != overflow_.end()) return {&it->second, false};
    }
    if (Slot* slot = CoverSlot(v->id())) {
      if (slot->var == v) return {&slot->value, false};
      if (slot->var == nullptr) {
        slot->var = v;
        slot->value = std::move(value);
        ++size_;
        return {&slot->value, true};
      }
    }
    auto [it, inserted] = overflow_.try_emplace(v, std::move(value));
    return {&it->second, inserted};
  }

  size_t size() const { return size_ + overflow_.size(); }
  // Entries kept in the hash map rather than in pages.
  size_t spilled() const { return overflow_.size(); }

  // Empties the table, keeping its pages for reuse.
  void Clear() {
    directory_.clear();
    overflow_.clear();
    base_page_ = 0;
    size_ = 0;
    pages_used_ = 0;
  }

 private:
  static constexpr uint32_t kPageBits = 6;
  static constexpr uint32_t kPageSize = 1u << kPageBits;

  struct Slot {
    const Var* var = nullptr;
    T value{};
  };
  struct Page {
    Slot slots[kPageSize];
  };

  // Most slots (in pages) and most directory entries: linear in the entries.
  size_t Limit() const { return 4 * size() + 4096; }

  Slot* ExistingSlot(uint32_t id) const {
    uint32_t page = id >> kPageBits;
    if (page < base_page_ || page - base_page_ >= directory_.size()) return nullptr;
    Page* p = directory_[page - base_page_];
    return p == nullptr ? nullptr : &p->slots[id & (kPageSize - 1)];
  }

  // The slot for `id`, allocating its page; nullptr if that would break a
  // memory bound.
  Slot* CoverSlot(uint32_t id) {
    uint32_t page = id >> kPageBits;
    if (!CoverPage(page)) return nullptr;
    Page*& p = directory_[page - base_page_];
    if (p == nullptr) {
      if ((pages_used_ + 1) * kPageSize > Limit()) return nullptr;
      p = NewPage();
    }
    return &p->slots[id & (kPageSize - 1)];
  }

  // Grows the directory to include `page` if that stays within Limit().
  bool CoverPage(uint32_t page) {
    if (directory_.empty()) {
      base_page_ = page;
      directory_.resize(16);
      return true;
    }
    if (page >= base_page_) {
      size_t offset = page - base_page_;
      if (offset < directory_.size()) return true;
      size_t grown = std::max(offset + 1, 2 * directory_.size());
      if (grown > Limit()) {
        if (offset + 1 > Limit()) return false;
        grown = offset + 1;
      }
      directory_.resize(grown);
      return true;
    }
    // Below the directory: grow it downwards, doubling to amortise the move.
    size_t needed = base_page_ - page;
    size_t pad = std::min<size_t>(base_page_, std::max(needed, directory_.size()));
    if (pad + directory_.size() > Limit()) {
      if (needed + directory_.size() > Limit()) return false;
      pad = needed;
    }
    directory_.insert(directory_.begin(), pad, nullptr);
    base_page_ -= static_cast<uint32_t>(pad);
    return true;
  }

  // An empty page: one of those a Clear() released, else a new one. Pages
  // come from an arena, so those made one after another are contiguous, and
  // a big table's lands on huge pages (ir/arena.cc).
  Page* NewPage() {
    if (pages_used_ == pages_.size()) {
      pages_.push_back(static_cast<Page*>(arena_.Allocate(sizeof(Page), alignof(Page))));
    }
    return new (pages_[pages_used_++]) Page();
  }

  std::vector<Page*> directory_;  // by page number - base_page_; nullptr: no page
  uint32_t base_page_ = 0;
  size_t size_ = 0;  // entries in pages
  std::vector<Page*> pages_;  // every page made; the first pages_used_ are in use
  size_t pages_used_ = 0;
  Arena arena_{/*first_block_size=*/sizeof(Page) * 2};
  absl::flat_hash_map<const Var*, T> overflow_;
};

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_VAR_TABLE_H_
