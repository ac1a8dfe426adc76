// Scaling report: is every stage linear?
//
// Times every stage of stages.h at two sizes (default 100k and 1M), each the
// median of --reps runs taken alternately, and prints time(large)/time(small)
// per stage, for wall time and for the thread's CPU time. A ratio above
// --max_ratio (11 for a 10x size step: linear plus 10% slack) is flagged and
// makes the exit status 1; the flag uses CPU time (--clock=cpu, the default),
// which other processes' load on a shared machine moves far less than wall
// time, or wall time (--clock=wall). Then the goals of docs/performance.md
// that need no external tool are checked and reported (never enforced: they
// depend on the machine).
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
  bool cpu_clock = true;  // flag on CPU-time ratios
};

struct Point {
  double seconds;          // median wall time
  double cpu_seconds;      // median thread CPU time
  int64_t in_statements;
  int64_t out_statements;
  double peak_bytes_per_stmt;  // of the median run's arena + heap peak
  double faults_per_kstmt;     // minor page faults per 1000 output statements
};

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t m = v.size() / 2;
  return v.size() % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
}

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
    } else if (ParseFlag(arg, "small", &v)) {
      if (!absl::SimpleAtoi(v, &o->small) || o->small <= 0) return false;
    } else if (ParseFlag(arg, "large", &v)) {
      if (!absl::SimpleAtoi(v, &o->large) || o->large <= 0) return false;
    } else if (ParseFlag(arg, "reps", &v)) {
      if (!absl::SimpleAtoi(v, &o->reps) || o->reps <= 0) return false;
    } else if (ParseFlag(arg, "clock", &v)) {
      if (v != "cpu" && v != "wall") return false;
      o->cpu_clock = v == "cpu";
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

// Prepares (untimed) and times one run at size n.
struct Samples {
  std::vector<double> seconds, cpu, peaks, faults;
};

void MeasureOnce(const Stage& stage, int64_t n, Samples* samples, Point* point) {
  std::unique_ptr<StageRun> run = stage.prepare(n);
  Sample s = TimedRun(*run);
  samples->seconds.push_back(s.seconds);
  samples->cpu.push_back(s.cpu_seconds);
  point->in_statements = run->InputStatements();
  point->out_statements = run->OutputStatements();
  samples->peaks.push_back(static_cast<double>(run->ArenaBytes() + s.heap_peak_bytes) /
                           static_cast<double>(point->out_statements));
  samples->faults.push_back(1000.0 * static_cast<double>(s.page_faults) /
                            static_cast<double>(point->out_statements));
}

int Main(int argc, char** argv) {
  Options o;
  if (!ParseOptions(argc, argv, &o)) {
    std::fprintf(stderr,
                 "usage: scaling_report [--smoke] [--small=N] [--large=N] [--reps=R] "
                 "[--max_ratio=X] [--clock=cpu|wall] [--stages=a,b]\n");
    return 2;
  }
  std::printf(
      "scaling report: median of %d run(s) at N=%lld and N=%lld; flag a %s-time ratio above "
      "%.1fx\n",
      o.reps, static_cast<long long>(o.small), static_cast<long long>(o.large),
      o.cpu_clock ? "CPU" : "wall", o.max_ratio);
  std::printf("%-17s %10s %10s %7s %10s %10s %7s %12s %12s %8s %7s\n", "stage", "wall(s) s",
              "wall(l) s", "ratio", "cpu(s) s", "cpu(l) s", "ratio", "in stmts/s", "out stmts/s",
              "peak B", "flt/k");
  int flagged = 0;
  Point lower_sin_small{};
  bool have_lower_sin = false;
  for (const Stage& stage : AllStages()) {
    if (!o.stages.empty() &&
        std::find(o.stages.begin(), o.stages.end(), stage.name) == o.stages.end()) {
      continue;
    }
    Samples small_samples, large_samples;
    Point small{}, large{};
    // Alternate the sizes so that drifting load hits both alike.
    for (int r = 0; r < o.reps; ++r) {
      MeasureOnce(stage, o.small, &small_samples, &small);
      MeasureOnce(stage, o.large, &large_samples, &large);
    }
    for (auto [p, samples] : {std::pair{&small, &small_samples}, {&large, &large_samples}}) {
      p->seconds = Median(samples->seconds);
      p->cpu_seconds = Median(samples->cpu);
      p->peak_bytes_per_stmt = Median(samples->peaks);
      p->faults_per_kstmt = Median(samples->faults);
    }
    double wall_ratio = large.seconds / small.seconds;
    double cpu_ratio = large.cpu_seconds / small.cpu_seconds;
    bool flag = !o.smoke && (o.cpu_clock ? cpu_ratio : wall_ratio) > o.max_ratio;
    flagged += flag ? 1 : 0;
    std::printf("%-17s %10.4f %10.4f %6.2fx %10.4f %10.4f %6.2fx %12.0f %12.0f %8.0f %7.1f%s\n",
                std::string(stage.name).c_str(), small.seconds, large.seconds, wall_ratio,
                small.cpu_seconds, large.cpu_seconds, cpu_ratio,
                large.in_statements / large.seconds, large.out_statements / large.seconds,
                large.peak_bytes_per_stmt, large.faults_per_kstmt,
                flag ? "  FLAG: super-linear" : "");
    std::fflush(stdout);
    if (stage.name == "lower_sin" && o.small == 100000) {
      lower_sin_small = small;
      have_lower_sin = true;
    }
  }
  if (have_lower_sin) {
    const Point& p = lower_sin_small;
    std::printf(
        "\ngoal: lower-composite-ops on 100k tile.sin (%lld output statements): %.3f s wall, "
        "%.3f s CPU (goal < 2 s: %s), peak %.0f B per output statement (goal < 400: %s)\n",
        static_cast<long long>(p.out_statements), p.seconds, p.cpu_seconds,
        p.seconds < 2 ? "met" : "MISSED",
        p.peak_bytes_per_stmt, p.peak_bytes_per_stmt < 400 ? "met" : "MISSED");
  }
  if (flagged > 0) {
    std::printf("\n%d stage(s) scale worse than %.1fx per %.0fx size\n", flagged, o.max_ratio,
                static_cast<double>(o.large) / static_cast<double>(o.small));
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace pto::bench

int main(int argc, char** argv) { return pto::bench::Main(argc, argv); }
