#!/usr/bin/env bash
# //bench:all - runs every benchmark (the stages, the IR and PTO
# interpreters), then the scaling report.
#
#   bazel run -c opt //bench:all                      # full: 1k..1M, 3 repetitions (mean, median, min)
#   bazel run -c opt //bench:all -- --smoke           # every stage at 1k once (CI)
#   bazel run -c opt //bench:all -- --benchmark_filter='parse|print'
#
# Extra arguments go to pto_benchmark (Google Benchmark flags).
set -euo pipefail

# The binaries sit beside this script in bazel-bin, and in the runfiles tree
# under `bazel run`.
here="$(cd "$(dirname "$0")" && pwd)"
bin="$here"
if [[ ! -x "$bin/pto_benchmark" ]]; then
  bin="${RUNFILES_DIR:-$0.runfiles}/pto/bench"
fi

smoke=0
args=()
for a in "$@"; do
  if [[ "$a" == "--smoke" ]]; then smoke=1; else args+=("$a"); fi
done

echo "# $(date -u +%FT%TZ) $(uname -m), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
if ((smoke)); then
  "$bin/pto_benchmark" --smoke ${args[@]+"${args[@]}"}
  "$bin/interp_benchmark" --benchmark_filter='/1000$'
  "$bin/scaling_report" --smoke
else
  "$bin/pto_benchmark" --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
    ${args[@]+"${args[@]}"}
  "$bin/interp_benchmark"
  "$bin/scaling_report"
fi
