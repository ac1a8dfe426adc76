// A map keyed by Var objects, laid out by Var::id() for memory locality.
//
// The analyses look up a Var at every definition and use. Ids are a
// per-Context sequence, so the Vars of a parsed or pass-built program have
// nearly consecutive ids in program order: a vector indexed by id turns
// those lookups into almost sequential memory accesses, where a hash map
// scatters them (measured: the hash map was ~45% of verification time at
// 100k statements). Memory stays linear in the number of entries: the
// vector may span at most 4 slots per entry (plus a constant); Vars outside
// that window, or whose slot another Context's Var with the same id holds,
// go to a hash map.
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
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/expr.h"
#include "ir/huge_pages.h"

namespace pto::ir {

template <typename T>
class VarTable {
 public:
  // The value stored for `v`, or nullptr.
  T* Find(const Var* v) {
    uint32_t id = v->id();
    if (id >= base_ && id - base_ < slots_.size()) {
      Slot& slot = slots_[id - base_];
      if (slot.var == v) return &slot.value;
    }
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
    if (Cover(v->id())) {
      Slot& slot = slots_[v->id() - base_];
      if (slot.var == v) return {&slot.value, false};
      if (slot.var == nullptr) {
        slot.var = v;
        slot.value = std::move(value);
        ++size_;
        return {&slot.value, true};
      }
    }
    auto [it, inserted] = overflow_.try_emplace(v, std::move(value));
    return {&it->second, inserted};
  }

  size_t size() const { return size_ + overflow_.size(); }

  void Clear() {
    slots_.clear();
    overflow_.clear();
    size_ = 0;
    base_ = 0;
  }

 private:
  struct Slot {
    const Var* var = nullptr;
    T value{};
  };

  // Most slots the vector may hold: linear in the entries.
  size_t Limit() const { return 4 * size() + 4096; }

  // Grows the window to include `id` if that stays within Limit().
  bool Cover(uint32_t id) {
    if (slots_.empty()) {
      base_ = id;
      slots_.resize(64);
      return true;
    }
    if (id >= base_) {
      size_t offset = id - base_;
      if (offset < slots_.size()) return true;
      size_t grown = std::max(offset + 1, 2 * slots_.size());
      if (grown > Limit()) {
        if (offset + 1 > Limit()) return false;
        grown = offset + 1;
      }
      slots_.resize(grown);
      return true;
    }
    // Below the window: grow it downwards, doubling to amortise the move.
    size_t needed = base_ - id;
    size_t pad = std::min<size_t>(base_, std::max(needed, slots_.size()));
    if (pad + slots_.size() > Limit()) {
      if (needed + slots_.size() > Limit()) return false;
      pad = needed;
    }
    slots_.insert(slots_.begin(), pad, Slot{});
    base_ -= static_cast<uint32_t>(pad);
    return true;
  }

  // A big program's table is touched once, slot by slot: huge pages.
  std::vector<Slot, HugePageAllocator<Slot>> slots_;
  uint32_t base_ = 0;
  size_t size_ = 0;  // entries in slots_
  absl::flat_hash_map<const Var*, T> overflow_;
};

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_VAR_TABLE_H_
