// Memory backed by transparent huge pages, for large buffers touched once.
//
// On first touch every fresh 4 KiB page costs a page fault; on a virtual
// machine (this project's kind) that is ~10-25 us, so building a 100 MB
// program would spend more time faulting than parsing. A 2 MiB huge page
// faults once for 512 small ones. The kernel only uses huge pages for
// memory that asks (THP mode "madvise", Debian's default), hence:
//
//   AdviseHugePages(buffer, size);            // memory not yet touched
//
//   // A big table whose storage should use huge pages:
//   std::vector<Slot, HugePageAllocator<Slot>> slots(n);
//   absl::flat_hash_map<K, V, absl::Hash<K>, std::equal_to<K>,
//                       HugePageAllocator<std::pair<const K, V>>> index;
//
// HugePageAllocator serves requests of kHugePageThreshold bytes and more
// with their own 2 MiB-aligned mapping (freed on deallocate, through the
// cache described at SetHugePageCacheLimit); smaller ones go to operator
// new, so small tables cost nothing extra.

#ifndef PTO_IR_HUGE_PAGES_H_
#define PTO_IR_HUGE_PAGES_H_

#include <cstddef>
#include <new>

namespace pto {

inline constexpr size_t kHugePageSize = 2 * 1024 * 1024;
// Requests from this size up get their own huge-page mapping.
inline constexpr size_t kHugePageThreshold = 1024 * 1024;

// Asks for transparent huge pages on the whole 2 MiB pages inside
// [data, data + size). Advice only: without THP nothing changes.
void AdviseHugePages(void* data, size_t size);

// `bytes` rounded up to whole huge pages: the size of the mapping
// AllocateHugePages(bytes) returns.
constexpr size_t HugePageRoundUp(size_t bytes) {
  return (bytes + kHugePageSize - 1) & ~(kHugePageSize - 1);
}

// A 2 MiB-aligned anonymous mapping of at least `bytes`, advised to use
// huge pages; nullptr when the kernel refuses. Release with
// FreeHugePages(p, bytes). Its contents are unspecified: a mapping from the
// cache below holds what its last owner wrote.
void* AllocateHugePages(size_t bytes);
void FreeHugePages(void* p, size_t bytes);

// Freed mappings kept for reuse, up to `bytes` in all (process-wide; 0, the
// default, returns every freed mapping to the kernel). A process that builds
// large programs again and again - a service, a benchmark - can raise it:
// each run then reuses pages the last one faulted in, instead of the kernel
// zeroing fresh ones, which on a virtual machine can cost more than building
// the IR. A request takes a cached mapping of its own (rounded) size, else
// the front of the smallest larger one (the rest stays cached; sizes are
// whole huge pages, so both parts stay aligned). Lowering the limit frees
// the excess.
//
//   SetHugePageCacheLimit(size_t{1} << 30);   // keep up to 1 GiB
void SetHugePageCacheLimit(size_t bytes);
// Bytes of freed mappings the cache holds now.
size_t HugePageCacheBytes();

// Bytes HugePageAllocator holds in its own mappings now, and the most it
// held since the last ResetHugePageAllocatorPeak() (which sets it to the
// former): memory that bypasses operator new, for a benchmark that reports a
// stage's peak memory.
size_t HugePageAllocatorLiveBytes();
size_t HugePageAllocatorPeakBytes();
void ResetHugePageAllocatorPeak();

namespace huge_pages_internal {
void CountAllocatorBytes(size_t bytes, bool allocated);
}  // namespace huge_pages_internal

template <typename T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}  // NOLINT: allocator rebind

  T* allocate(size_t n) {
    size_t bytes = n * sizeof(T);
    if (bytes >= kHugePageThreshold && alignof(T) <= kHugePageSize) {
      void* p = AllocateHugePages(bytes);
      if (p == nullptr) throw std::bad_alloc();
      huge_pages_internal::CountAllocatorBytes(bytes, true);
      return static_cast<T*>(p);
    }
    return static_cast<T*>(::operator new(bytes, std::align_val_t(alignof(T))));
  }
  void deallocate(T* p, size_t n) {
    size_t bytes = n * sizeof(T);
    if (bytes >= kHugePageThreshold && alignof(T) <= kHugePageSize) {
      huge_pages_internal::CountAllocatorBytes(bytes, false);
      FreeHugePages(p, bytes);
      return;
    }
    ::operator delete(p, std::align_val_t(alignof(T)));
  }

  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
  template <typename U>
  bool operator!=(const HugePageAllocator<U>&) const {
    return false;
  }
};

}  // namespace pto

#endif  // PTO_IR_HUGE_PAGES_H_
