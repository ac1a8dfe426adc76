// Live and peak bytes of the C++ heap (global operator new/delete).
//
// Linking //bench:alloc_counter replaces the global allocation functions of
// the binary with counting ones (malloc underneath), so a benchmark can read
// how much heap memory - outside the IR arenas, which Context reports itself
// through bytes_allocated() - a stage holds at its peak:
//
//   bench::ResetHeapPeak();                 // peak := live
//   size_t before = bench::HeapLiveBytes();
//   RunStage();
//   size_t peak = bench::HeapPeakBytes() - before;
//
// Counts use malloc_usable_size, so they include allocator rounding. Only
// binaries that want counting link this library; it is not thread-aware
// beyond using atomics.

#ifndef PTO_BENCH_ALLOC_COUNTER_H_
#define PTO_BENCH_ALLOC_COUNTER_H_

#include <cstddef>
#include <cstdint>

namespace pto::bench {

// Bytes currently allocated through operator new.
size_t HeapLiveBytes();
// The highest HeapLiveBytes() since the last ResetHeapPeak().
size_t HeapPeakBytes();
void ResetHeapPeak();
// Calls of operator new since the start of the process.
uint64_t HeapAllocations();

}  // namespace pto::bench

#endif  // PTO_BENCH_ALLOC_COUNTER_H_
