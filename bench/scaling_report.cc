// Scaling report: is every stage linear?
//
// Times every stage of stages.h at two sizes (default 100k and 1M): one
// untimed warm-up run at each size, then --reps runs taken alternately, and
// prints time(large)/time(small) per stage from the best (fastest) runs, for
// wall time, the thread's CPU time (user + system) and its user time alone.
// The best run, not the median: on a shared 2-core machine other processes
// only ever add time (CPU time too, through caches and a virtual CPU's
// stolen cycles), so the fastest of a few runs is the closest to the
// code's own cost. A ratio
// above --max_ratio (11 for a 10x size step: linear plus 10% slack) is
// flagged and makes the exit status 1; the flag uses CPU time (--clock=cpu,
// the default), which other processes' load on a shared machine moves far
// less than wall time; --clock=wall and --clock=user choose the others.
//
// The process keeps the memory it frees (KeepFreedMemory), so the timed runs
// reuse memory the warm-up touched: on this project's virtual machines a
// fresh page costs far more than the code that fills it, and that cost
// depends on the machine's memory state, not on the code. --cold measures
// without warm-up and with malloc's defaults (every run faults its memory in,
// as a pto-opt process does). Then the goals of docs/performance.md that need
// no external tool are reported (never enforced: they depend on the machine).
//
//   bazel run -c opt //bench:scaling_report
//   bazel run -c opt //bench:scaling_report -- --reps=5 --stages=parse,print
//   bazel run -c opt //bench:scaling_report -- --smoke    # 1k and 10k, once, no flags

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "bench/stages.h"

namespace pto::bench {
namespace {

struct Options {
  int64_t small = 100000;
  int64_t large = 1000000;
  int reps = 3;
  double max_ratio = 11.0;
  std::vector<std::string> stages;  // empty: all
  bool smoke = false;
  bool cold = false;     // no warm-up, malloc defaults
  bool verbose = false;  // every sample
  enum class Clock { kWall, kCpu, kUser } clock = Clock::kCpu;
};

// The best of the timed runs at one size, each figure on its own.
struct Point {
  double seconds = 0;
  double cpu_seconds = 0;
  double user_seconds = 0;
  double sys_seconds = 0;
  int64_t in_statements = 0;
  int64_t out_statements = 0;
  double peak_bytes_per_stmt = 0;  // arena + heap peak
  double faults_per_kstmt = 0;     // minor page faults per 1000 output statements
};

double Best(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

bool ParseFlag(absl::string_view arg, absl::string_view name, absl::string_view* value) {
  std::string prefix = "--" + std::string(name) + "=";
  if (arg.substr(0, prefix.size()) != prefix) return false;
  *value = arg.substr(prefix.size());
  return true;
}

bool ParseOptions(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    absl::string_view v;
    if (arg == "--smoke") {
      o->smoke = true;
      o->small = 1000;
      o->large = 10000;
      o->reps = 1;
    } else if (arg == "--cold") {
      o->cold = true;
    } else if (arg == "--verbose") {
      o->verbose = true;
    } else if (ParseFlag(arg, "small", &v)) {
      if (!absl::SimpleAtoi(v, &o->small) || o->small <= 0) return false;
    } else if (ParseFlag(arg, "large", &v)) {
      if (!absl::SimpleAtoi(v, &o->large) || o->large <= 0) return false;
    } else if (ParseFlag(arg, "reps", &v)) {
      if (!absl::SimpleAtoi(v, &o->reps) || o->reps <= 0) return false;
    } else if (ParseFlag(arg, "clock", &v)) {
      if (v == "cpu") {
        o->clock = Options::Clock::kCpu;
      } else if (v == "wall") {
        o->clock = Options::Clock::kWall;
      } else if (v == "user") {
        o->clock = Options::Clock::kUser;
      } else {
        return false;
      }
    } else if (ParseFlag(arg, "max_ratio", &v)) {
      if (!absl::SimpleAtod(v, &o->max_ratio)) return false;
    } else if (ParseFlag(arg, "stages", &v)) {
      o->stages = absl::StrSplit(v, ',', absl::SkipEmpty());
      for (const std::string& s : o->stages) {
        if (FindStage(s) == nullptr) {
          std::fprintf(stderr, "scaling_report: unknown stage '%s'\n", s.c_str());
          return false;
        }
      }
    } else {
      std::fprintf(stderr, "scaling_report: unknown argument '%s'\n", argv[i]);
      return false;
    }
  }
  return true;
}

struct Samples {
  std::vector<double> seconds, cpu, user, sys, peaks, faults;
  int64_t in_statements = 0;
  int64_t out_statements = 0;
};

// Prepares (untimed) and times one run at size n.
Sample MeasureOnce(const Stage& stage, int64_t n, Samples* samples, bool verbose) {
  std::unique_ptr<StageRun> run = stage.prepare(n);
  Sample s = TimedRun(*run);
  double out = static_cast<double>(run->OutputStatements());
  samples->in_statements = run->InputStatements();
  samples->out_statements = run->OutputStatements();
  samples->seconds.push_back(s.seconds);
  samples->cpu.push_back(s.cpu_seconds);
  samples->user.push_back(s.user_seconds);
  samples->sys.push_back(s.sys_seconds);
  samples->peaks.push_back(static_cast<double>(run->ArenaBytes() + s.heap_peak_bytes) / out);
  samples->faults.push_back(1000.0 * static_cast<double>(s.page_faults) / out);
  if (verbose) {
    std::printf("  %s/%lld: %.4f s wall, %.4f s user, %.4f s sys, %ld faults\n",
                std::string(stage.name).c_str(), static_cast<long long>(n), s.seconds,
                s.user_seconds, s.sys_seconds, s.page_faults);
    std::fflush(stdout);
  }
  return s;
}

Point Summarize(const Samples& s) {
  Point p;
  p.seconds = Best(s.seconds);
  p.cpu_seconds = Best(s.cpu);
  p.user_seconds = Best(s.user);
  p.sys_seconds = Best(s.sys);
  p.in_statements = s.in_statements;
  p.out_statements = s.out_statements;
  p.peak_bytes_per_stmt = Best(s.peaks);
  p.faults_per_kstmt = Best(s.faults);
  return p;
}

// What a goal line reports of a stage at the small size.
struct GoalPoint {
  Point warm;
  Sample first;  // the first run at that size in this process
  bool have = false;
};

void PrintGoal(const char* what, const GoalPoint& g, double limit_seconds) {
  if (!g.have) return;
  const Point& p = g.warm;
  std::printf(
      "goal: %s (%lld output statements): %.3f s wall, %.3f s CPU (%.3f user) - goal < %.0f s: "
      "%s; first run in this process %.3f s wall (%.3f s system); peak %.0f B per output "
      "statement (goal < 400: %s)\n",
      what, static_cast<long long>(p.out_statements), p.seconds, p.cpu_seconds, p.user_seconds,
      limit_seconds, p.seconds < limit_seconds ? "met" : "MISSED", g.first.seconds,
      g.first.sys_seconds, p.peak_bytes_per_stmt, p.peak_bytes_per_stmt < 400 ? "met" : "MISSED");
}

int Main(int argc, char** argv) {
  Options o;
  if (!ParseOptions(argc, argv, &o)) {
    std::fprintf(stderr,
                 "usage: scaling_report [--smoke] [--cold] [--verbose] [--small=N] [--large=N] "
                 "[--reps=R] [--max_ratio=X] [--clock=cpu|wall|user] [--stages=a,b]\n");
    return 2;
  }
  if (!o.cold) KeepFreedMemory();
  const char* clock = o.clock == Options::Clock::kCpu    ? "CPU"
                      : o.clock == Options::Clock::kUser ? "user"
                                                         : "wall";
  std::printf(
      "scaling report: %s; best of %d run(s) at N=%lld and N=%lld; flag a %s-time ratio "
      "above %.1fx\n",
      o.cold ? "cold (no warm-up, malloc defaults)" : "warm (one untimed run first, freed "
                                                      "memory kept)",
      o.reps, static_cast<long long>(o.small), static_cast<long long>(o.large), clock,
      o.max_ratio);
  std::printf("%-22s %9s %9s %7s %7s %7s %8s %12s %12s %7s %6s\n", "stage", "wall(s)", "wall(l)",
              "wall x", "cpu x", "user x", "sys(l)", "in stmts/s", "out stmts/s", "peak B",
              "flt/k");
  int flagged = 0;
  GoalPoint lower_sin, print_lowered;
  for (const Stage& stage : AllStages()) {
    if (!o.stages.empty() &&
        std::find(o.stages.begin(), o.stages.end(), stage.name) == o.stages.end()) {
      continue;
    }
    // A stage limited below the large size steps 10x under its limit.
    int64_t small_n = o.small, large_n = o.large;
    while (!StageRunsAt(stage, large_n) && small_n >= 10) {
      small_n /= 10;
      large_n /= 10;
    }
    Samples small_samples, large_samples, warmup;
    Sample first_small, first_large;
    if (!o.cold) {
      // The first run at each size faults its memory in; later ones reuse it.
      first_small = MeasureOnce(stage, small_n, &warmup, o.verbose);
      first_large = MeasureOnce(stage, large_n, &warmup, o.verbose);
    }
    // Alternate the sizes so that drifting load hits both alike.
    for (int r = 0; r < o.reps; ++r) {
      Sample s = MeasureOnce(stage, small_n, &small_samples, o.verbose);
      Sample l = MeasureOnce(stage, large_n, &large_samples, o.verbose);
      if (o.cold && r == 0) {
        first_small = s;
        first_large = l;
      }
    }
    Point small = Summarize(small_samples);
    Point large = Summarize(large_samples);
    double wall_ratio = large.seconds / small.seconds;
    double cpu_ratio = large.cpu_seconds / small.cpu_seconds;
    double user_ratio = large.user_seconds / std::max(small.user_seconds, 1e-6);
    double judged = o.clock == Options::Clock::kCpu    ? cpu_ratio
                    : o.clock == Options::Clock::kUser ? user_ratio
                                                       : wall_ratio;
    bool flag = !o.smoke && judged > o.max_ratio;
    flagged += flag ? 1 : 0;
    std::string name(stage.name);
    if (large_n != o.large) {
      name += absl::StrCat("@", large_n / 1000, "k");
    }
    std::printf("%-22s %9.4f %9.4f %6.2fx %6.2fx %6.2fx %8.3f %12.0f %12.0f %7.0f %6.1f%s\n",
                name.c_str(), small.seconds, large.seconds, wall_ratio,
                cpu_ratio, user_ratio, large.sys_seconds, large.in_statements / large.seconds,
                large.out_statements / large.seconds, large.peak_bytes_per_stmt,
                large.faults_per_kstmt, flag ? "  FLAG: super-linear" : "");
    std::fflush(stdout);
    GoalPoint* goal = stage.name == "lower_sin"           ? &lower_sin
                      : stage.name == "print_lowered_sin" ? &print_lowered
                                                          : nullptr;
    if (goal != nullptr && small_n == 100000) *goal = {small, first_small, true};
    if (goal != nullptr && large_n == 100000) *goal = {large, first_large, true};
  }
  std::printf("\n");
  PrintGoal("lower-composite-ops on 100k tile.sin", lower_sin, 2);
  PrintGoal("printing the lowered 100k tile.sin program", print_lowered, 5);
  if (flagged > 0) {
    std::printf("\n%d stage(s) scale worse than %.1fx per %.0fx size\n", flagged, o.max_ratio,
                static_cast<double>(o.large) / static_cast<double>(o.small));
    return 1;
  }
  if (o.smoke) {
    std::printf("smoke run: ratios at these sizes are not judged\n");
  } else {
    std::printf("every stage scales within %.1fx per %.0fx size (%s time)\n", o.max_ratio,
                static_cast<double>(o.large) / static_cast<double>(o.small), clock);
  }
  return 0;
}

}  // namespace
}  // namespace pto::bench

int main(int argc, char** argv) { return pto::bench::Main(argc, argv); }
