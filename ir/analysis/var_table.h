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
// The runs can lie far apart: a Context that outlives many pipeline runs
// hands each run's new Vars ids above all earlier ones. So the directory is
// a few segments, each covering one span of pages, and a page far from
// every segment starts a new one instead of stretching a segment over the
// gap. (One contiguous directory could not bridge a gap larger than its
// memory bound, and every Var past it spilled to the hash map: 14x the
// verifier's lookups at 10x the program.)
//
// Memory stays linear in the number of entries: the pages hold at most
// 4 slots per entry and the directory at most 4 pointers per entry (plus a
// constant each). Vars beyond either bound, past kMaxSegments runs, or
// whose slot another Context's Var with the same id holds, go to a hash map.
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
#include "absl/container/inlined_vector.h"
#include "ir/arena.h"
#include "ir/check.h"
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

  // Empties the table, keeping its pages and directory storage for reuse
  // (the verifier clears it for every function).
  void Clear() {
    for (Segment& s : segments_) {
      s.pages.clear();
      spare_directories_.push_back(std::move(s.pages));
    }
    segments_.clear();
    last_segment_ = 0;
    overflow_.clear();
    size_ = 0;
    pages_used_ = 0;
  }

 private:
  static constexpr uint32_t kPageBits = 6;
  static constexpr uint32_t kPageSize = 1u << kPageBits;
  static constexpr size_t kMaxSegments = 8;
  static constexpr size_t kFirstSegmentSize = 16;

  struct Slot {
    const Var* var = nullptr;
    T value{};
  };
  struct Page {
    Slot slots[kPageSize];
  };
  // The directory of pages [base, base + pages.size()).
  struct Segment {
    uint32_t base = 0;
    std::vector<Page*> pages;  // by page number - base; nullptr: no page yet

    size_t end() const { return base + pages.size(); }
    bool Covers(uint32_t page) const { return page >= base && page - base < pages.size(); }
    // Directory entries to add to cover `page`.
    size_t Distance(uint32_t page) const {
      return page < base ? base - page : page - end() + 1;
    }
  };

  // Most slots (in pages) and most directory entries: linear in the entries.
  size_t Limit() const { return 4 * size() + 4096; }

  // Directory entries over all segments (only asked when one is made or grown).
  size_t DirectorySize() const {
    size_t n = 0;
    for (const Segment& s : segments_) n += s.pages.size();
    return n;
  }
  // Free pages from `page` up to the next segment above it, and from the
  // previous segment below `page` up to it: how far a span there may extend.
  size_t RoomAbove(size_t page) const {
    size_t room = SIZE_MAX;
    for (const Segment& t : segments_) {
      if (t.base >= page) room = std::min<size_t>(room, t.base - page);
    }
    return room;
  }
  size_t RoomBelow(uint32_t page) const {
    size_t room = page;
    for (const Segment& t : segments_) {
      if (t.end() <= page) room = std::min<size_t>(room, page - t.end());
    }
    return room;
  }

  Slot* ExistingSlot(uint32_t id) const {
    uint32_t page = id >> kPageBits;
    const Segment* s = FindSegment(page);
    if (s == nullptr) return nullptr;
    Page* p = s->pages[page - s->base];
    return p == nullptr ? nullptr : &p->slots[id & (kPageSize - 1)];
  }

  // The segment covering `page`, or nullptr. Consecutive lookups mostly stay
  // in one run of ids, so the last segment found is tried first.
  const Segment* FindSegment(uint32_t page) const {
    if (segments_.empty()) return nullptr;
    if (segments_[last_segment_].Covers(page)) return &segments_[last_segment_];
    for (size_t i = 0; i < segments_.size(); ++i) {
      if (segments_[i].Covers(page)) {
        last_segment_ = i;
        return &segments_[i];
      }
    }
    return nullptr;
  }

  // The slot for `id`, allocating its page; nullptr if that would break a
  // memory bound.
  Slot* CoverSlot(uint32_t id) {
    uint32_t page = id >> kPageBits;
    Page** entry = CoverPage(page);
    if (entry == nullptr) return nullptr;
    if (*entry == nullptr) {
      if ((pages_used_ + 1) * kPageSize > Limit()) return nullptr;
      *entry = NewPage();
    }
    return &(*entry)->slots[id & (kPageSize - 1)];
  }

  // The directory entry of `page`, growing the nearest segment or starting
  // a new one; nullptr if that would break a memory bound.
  Page** CoverPage(uint32_t page) {
    if (FindSegment(page) != nullptr) {
      Segment& s = segments_[last_segment_];
      return &s.pages[page - s.base];
    }
    size_t nearest = segments_.size();
    for (size_t i = 0; i < segments_.size(); ++i) {
      if (nearest == segments_.size() ||
          segments_[i].Distance(page) < segments_[nearest].Distance(page)) {
        nearest = i;
      }
    }
    // Stretch a segment over a gap no longer than itself (doubling at most,
    // so growth stays amortised); a farther page starts its own segment.
    bool stretch = nearest < segments_.size() &&
                   (segments_[nearest].Distance(page) <= segments_[nearest].pages.size() ||
                    segments_.size() == kMaxSegments);
    if (stretch) return Grow(nearest, page);
    if (DirectorySize() + kFirstSegmentSize > Limit()) return nullptr;
    Segment fresh;
    fresh.base = page;
    if (!spare_directories_.empty()) {
      fresh.pages = std::move(spare_directories_.back());
      spare_directories_.pop_back();
    }
    // The new span must not reach into the next segment up.
    fresh.pages.resize(std::min(kFirstSegmentSize, RoomAbove(page)));
    segments_.push_back(std::move(fresh));
    last_segment_ = segments_.size() - 1;
    return &segments_.back().pages[0];
  }

  // Grows segments_[i] to cover `page`, which no segment covers and to
  // which segments_[i] is the nearest: doubling where its neighbours and
  // Limit() allow, by just enough otherwise.
  Page** Grow(size_t i, uint32_t page) {
    Segment& s = segments_[i];
    size_t needed = s.Distance(page);
    size_t want = std::min(std::max(needed, s.pages.size()),
                           page >= s.base ? RoomAbove(s.end()) : RoomBelow(s.base));
    size_t directory = DirectorySize();
    if (directory + want > Limit()) want = needed;
    if (directory + want > Limit()) return nullptr;
    PTO_DCHECK(want >= needed);
    if (page >= s.base) {
      s.pages.resize(s.pages.size() + want, nullptr);
    } else {
      s.pages.insert(s.pages.begin(), want, nullptr);
      s.base -= static_cast<uint32_t>(want);
    }
    last_segment_ = i;
    return &s.pages[page - s.base];
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

  // At most kMaxSegments; they never overlap.
  absl::InlinedVector<Segment, kMaxSegments> segments_;
  mutable size_t last_segment_ = 0;  // where the last lookup landed
  // Emptied directories of cleared segments, for the next ones.
  std::vector<std::vector<Page*>> spare_directories_;
  size_t size_ = 0;  // entries in pages
  std::vector<Page*> pages_;  // every page made; the first pages_used_ are in use
  size_t pages_used_ = 0;
  Arena arena_{/*first_block_size=*/sizeof(Page) * 2};
  absl::flat_hash_map<const Var*, T> overflow_;
};

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_VAR_TABLE_H_
