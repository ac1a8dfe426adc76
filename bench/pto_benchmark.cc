// Google Benchmark over every stage of stages.h at 1k, 10k, 100k and 1M.
//
//   bazel run -c opt //bench:pto_benchmark -- --benchmark_repetitions=3
//       --benchmark_report_aggregates_only=true      (one line)
//   bazel run -c opt //bench:pto_benchmark -- --smoke     # 1k, one iteration each
//   bazel run -c opt //bench:pto_benchmark -- --cold      # malloc defaults (see below)
//   bazel run -c opt //bench:pto_benchmark -- --benchmark_filter='lower_sin/100000$'
//
// Counters (per benchmark):
//   in_stmts/s, out_stmts/s  statements of the input / output program per second
//   out_stmts                statements of the output program
//   cpu_out_stmts/s          output statements per second of the thread's CPU time
//   arena_B/stmt             IR arena bytes the stage added, per output statement
//   heap_B/stmt              peak operator-new bytes during the stage, per output statement
//   faults/kstmt             minor page faults per 1000 output statements (fresh memory
//                            touched; each costs ~10-25 us on a virtualised machine)
//   peak_B/stmt              all arena bytes of the stage's Context (input and output IR)
//                            plus the heap peak, per output statement: the stage's peak
//                            memory (an upper bound)
// Memory counters come from the last iteration. With repetitions, a "min"
// aggregate (the best repetition) is reported beside mean/median/stddev.
//
// The process keeps the memory it frees (KeepFreedMemory in stages.h), so
// iterations after the first reuse memory instead of faulting fresh pages
// in; --cold keeps malloc's defaults.

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "bench/stages.h"

namespace pto::bench {
namespace {

void RunStage(benchmark::State& state, const Stage* stage) {
  int64_t n = state.range(0);
  std::unique_ptr<StageRun> run = stage->prepare(n);
  Sample last;
  double cpu = 0;
  bool first = true;
  for (auto _ : state) {
    if (!stage->reusable && !first) {
      state.PauseTiming();
      run.reset();
      run = stage->prepare(n);
      state.ResumeTiming();
    }
    first = false;
    // TimedRun's bookkeeping is a few atomic loads; the benchmark's own
    // timer is what is reported.
    last = TimedRun(*run);
    cpu += last.cpu_seconds;
  }
  // Generated inputs are deterministic: every iteration had these counts.
  double in = static_cast<double>(run->InputStatements());
  double out = static_cast<double>(run->OutputStatements());
  double iterations = static_cast<double>(state.iterations());
  state.counters["in_stmts/s"] =
      benchmark::Counter(in * iterations, benchmark::Counter::kIsRate);
  state.counters["out_stmts/s"] =
      benchmark::Counter(out * iterations, benchmark::Counter::kIsRate);
  state.counters["out_stmts"] = out;
  // Statements per second of thread CPU time: steadier than the real-time
  // rates on a loaded machine.
  state.counters["cpu_out_stmts/s"] = out * iterations / cpu;
  state.counters["arena_B/stmt"] = static_cast<double>(last.arena_bytes) / out;
  state.counters["heap_B/stmt"] = static_cast<double>(last.heap_peak_bytes) / out;
  state.counters["faults/kstmt"] = 1000.0 * static_cast<double>(last.page_faults) / out;
  state.counters["peak_B/stmt"] =
      static_cast<double>(run->ArenaBytes() + last.heap_peak_bytes) / out;
}

}  // namespace
}  // namespace pto::bench

int main(int argc, char** argv) {
  // --smoke: the 1k size once per stage (CI: everything runs, nothing is timed).
  bool smoke = false;
  bool cold = false;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--smoke") == 0) {
      smoke = true;
    } else if (std::strcmp(argv[i], "--cold") == 0) {
      cold = true;
    } else {
      args.push_back(argv[i]);
    }
  }
  int args_count = static_cast<int>(args.size());
  if (!cold) pto::bench::KeepFreedMemory();
  for (const pto::bench::Stage& stage : pto::bench::AllStages()) {
    benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(
        std::string(stage.name).c_str(), pto::bench::RunStage, &stage);
    b->Unit(benchmark::kMillisecond)->UseRealTime();
    b->ComputeStatistics("min", [](const std::vector<double>& v) {
      return *std::min_element(v.begin(), v.end());
    });
    if (smoke) {
      b->Arg(1000)->Iterations(1);
    } else {
      for (int64_t n : {1000, 10000, 100000, 1000000}) {
        if (pto::bench::StageRunsAt(stage, n)) b->Arg(n);
      }
    }
  }
  benchmark::Initialize(&args_count, args.data());
  if (benchmark::ReportUnrecognizedArguments(args_count, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
