// The measured stages of the toolchain, shared by the Google Benchmark binary
// (pto_benchmark.cc) and the scaling report (scaling_report.cc).
//
// A Stage names one thing the toolchain does - parse, print, verify, a pass,
// codegen - and how to prepare its input at a size N from program_gen.h.
// Preparing is untimed; StageRun::Run() is the timed work:
//
//   const Stage* s = FindStage("lower_sin");
//   std::unique_ptr<StageRun> run = s->prepare(100000);   // untimed
//   Sample sample = TimedRun(*run);                       // one timed Run()
//   sample.seconds; run->OutputStatements(); sample.arena_bytes;
//
// A stage whose Run() allocates into its input's Context (every pass) is
// not `reusable`: prepare a fresh run for each timed repetition, so arenas
// do not grow across repetitions.

#ifndef PTO_BENCH_STAGES_H_
#define PTO_BENCH_STAGES_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace pto::bench {

class StageRun {
 public:
  virtual ~StageRun() = default;
  // The timed work.
  virtual void Run() = 0;
  // Statements of the stage's input program, and of its output program after
  // Run() (the input's again for stages that produce no program).
  virtual int64_t InputStatements() const = 0;
  virtual int64_t OutputStatements() const = 0;
  // Bytes reserved by the arenas Run() allocates in (0 when it allocates in
  // none); read before and after Run() for what the run added.
  virtual size_t ArenaBytes() const = 0;
  // ArenaBytes() as Run() will start from (differs when Run() makes a fresh
  // Context).
  virtual size_t ArenaBytesBeforeRun() const { return ArenaBytes(); }
};

struct Stage {
  absl::string_view name;
  // What the size N counts, e.g. "tile.sin calls".
  absl::string_view unit;
  // Run() can be repeated on one prepared input.
  bool reusable;
  std::unique_ptr<StageRun> (*prepare)(int64_t n);
  // The largest N the benchmarks use (0: no limit), for stages whose memory
  // at N = 1M would not fit the machine beside everything else.
  int64_t max_n = 0;
};

// Whether `stage` runs at size `n` (n <= max_n).
bool StageRunsAt(const Stage& stage, int64_t n);

absl::Span<const Stage> AllStages();
// nullptr when unknown.
const Stage* FindStage(absl::string_view name);

struct Sample {
  double seconds = 0;
  // CPU time of the calling thread during the run: on a shared machine it
  // moves far less with other processes' load than `seconds` does.
  double cpu_seconds = 0;
  // cpu_seconds split: user time is the toolchain's own work; system time
  // is the kernel's, almost all of it faulting in fresh memory (zeroing it,
  // and on a virtual machine the host backing it), which grows with the
  // footprint and with the machine's memory state rather than with the code.
  double user_seconds = 0;
  double sys_seconds = 0;
  // Arena bytes the run added (block granular: up to 4 MiB).
  size_t arena_bytes = 0;
  // Peak operator-new bytes above what was live when the run started, plus
  // the same for HugePageAllocator's own mappings (the two peaks summed: an
  // upper bound).
  size_t heap_peak_bytes = 0;
  // Minor page faults during the run: first touches of fresh memory, which
  // cost ~10-25 us each on this project's (virtualised) machine kind.
  long page_faults = 0;
};

// One timed Run() with its memory. Needs //bench:alloc_counter linked for
// heap figures (they are 0 otherwise).
Sample TimedRun(StageRun& run);

// Makes malloc keep the memory a process frees (no trimming, no per-block
// mappings) and the huge-page cache keep every freed mapping (IR arena
// blocks, big tables), so a run after a first one at the same size
// reuses memory the process has already touched instead of faulting in fresh
// pages. The benchmarks call it to measure the code rather than the kernel's
// page faulting (see docs/performance.md, "Cold and warm memory"); a real
// pto-opt process starts cold.
void KeepFreedMemory();

}  // namespace pto::bench

#endif  // PTO_BENCH_STAGES_H_
