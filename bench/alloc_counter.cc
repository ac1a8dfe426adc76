#include "bench/alloc_counter.h"

#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace pto::bench {
namespace {

std::atomic<size_t> live{0};
std::atomic<size_t> peak{0};
std::atomic<uint64_t> count{0};

void* Counted(void* p) {
  if (p == nullptr) return nullptr;
  size_t now = live.fetch_add(malloc_usable_size(p), std::memory_order_relaxed) +
               malloc_usable_size(p);
  size_t seen = peak.load(std::memory_order_relaxed);
  while (now > seen && !peak.compare_exchange_weak(seen, now, std::memory_order_relaxed)) {
  }
  count.fetch_add(1, std::memory_order_relaxed);
  return p;
}

void* Allocate(size_t size) {
  void* p = Counted(std::malloc(size == 0 ? 1 : size));
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* AllocateAligned(size_t size, std::align_val_t align) {
  size_t a = static_cast<size_t>(align);
  if (a < sizeof(void*)) a = sizeof(void*);
  void* p = nullptr;
  if (posix_memalign(&p, a, size == 0 ? 1 : size) != 0) throw std::bad_alloc();
  return Counted(p);
}

void Release(void* p) {
  if (p == nullptr) return;
  live.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}

}  // namespace

size_t HeapLiveBytes() { return live.load(std::memory_order_relaxed); }
size_t HeapPeakBytes() { return peak.load(std::memory_order_relaxed); }
void ResetHeapPeak() { peak.store(live.load(std::memory_order_relaxed), std::memory_order_relaxed); }
uint64_t HeapAllocations() { return count.load(std::memory_order_relaxed); }

}  // namespace pto::bench

// The replaceable global allocation functions ([new.delete]).
void* operator new(size_t size) { return pto::bench::Allocate(size); }
void* operator new[](size_t size) { return pto::bench::Allocate(size); }
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  return pto::bench::Counted(std::malloc(size == 0 ? 1 : size));
}
void* operator new[](size_t size, const std::nothrow_t&) noexcept {
  return pto::bench::Counted(std::malloc(size == 0 ? 1 : size));
}
void* operator new(size_t size, std::align_val_t align) {
  return pto::bench::AllocateAligned(size, align);
}
void* operator new[](size_t size, std::align_val_t align) {
  return pto::bench::AllocateAligned(size, align);
}
void operator delete(void* p) noexcept { pto::bench::Release(p); }
void operator delete[](void* p) noexcept { pto::bench::Release(p); }
void operator delete(void* p, size_t) noexcept { pto::bench::Release(p); }
void operator delete[](void* p, size_t) noexcept { pto::bench::Release(p); }
void operator delete(void* p, std::align_val_t) noexcept { pto::bench::Release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { pto::bench::Release(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { pto::bench::Release(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { pto::bench::Release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { pto::bench::Release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { pto::bench::Release(p); }
