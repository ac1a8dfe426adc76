#!/usr/bin/env bash
# Does 10x the statements cost 10x the time, whatever the program's shape?
# Runs `pto-opt` (each run a fresh process reading and writing a file) on the
# shapes of bench/shape_programs.py at two sizes, with --passes=none (parse,
# verify, print) and --passes=default (the pipeline, verified after each
# pass), and prints the best of REPS runs with its user and system time and
# the large/small ratios.
#
#   bench/shape_scaling.sh                      # 100k and 1M statements, 2 reps
#   bench/shape_scaling.sh 10000 100000 3       # small size, large size, reps
#   PTO_OPT=/path/to/pto-opt bench/shape_scaling.sh
#
# Compare user-time ratios first: system time is mostly the kernel backing
# fresh memory, which on a virtual machine costs far more per GB once a
# process outgrows the memory the host already backs (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."

small="${1:-100000}"
large="${2:-1000000}"
reps="${3:-2}"
if ! [[ "$small" =~ ^[0-9]+$ && "$large" =~ ^[0-9]+$ && "$reps" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: bench/shape_scaling.sh [SMALL] [LARGE] [REPS]" >&2
  exit 2
fi
[[ -x /usr/bin/time ]] || { echo "shape_scaling: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [[ -z "${PTO_OPT:-}" ]]; then
  echo "shape_scaling: building //tools:pto-opt (-c opt)" >&2
  if ! ./bazelw build -c opt //tools:pto-opt > "$work/build.log" 2>&1; then
    grep -E "ERROR|error:" "$work/build.log" >&2 || tail -30 "$work/build.log" >&2
    exit 1
  fi
fi
cp "${PTO_OPT:-$(./bazelw info -c opt bazel-bin 2>/dev/null)/tools/pto-opt}" "$work/pto-opt"

# best FILE PASSES: "wall user sys peak_kb" of the fastest of $reps runs.
best() {
  local file="$1" passes="$2" r
  for ((r = 0; r < reps; ++r)); do
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$work/pto-opt" "$file" --passes="$passes" \
      -o "$work/out.py"
    tail -1 "$work/t"
  done | sort -g | head -1
}

echo "# $(date -u +%FT%TZ), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg), best of $reps"
printf "%-16s %-8s %9s %9s %8s %8s %8s %8s %9s\n" shape passes "wall(s)" "wall(l)" "wall x" \
  "user x" "sys(l)" "peak MB" "B/stmt(l)"
for shape in one_function small_functions shadowed nested_loops; do
  python3 bench/shape_programs.py "$shape" "$small" > "$work/small.py"
  python3 bench/shape_programs.py "$shape" "$large" > "$work/large.py"
  for passes in none default; do
    read -r ws us ss _ <<< "$(best "$work/small.py" "$passes")"
    read -r wl ul sl kl <<< "$(best "$work/large.py" "$passes")"
    awk -v s="$shape" -v p="$passes" -v ws="$ws" -v wl="$wl" -v us="$us" -v ul="$ul" \
        -v sl="$sl" -v kl="$kl" -v n="$large" 'BEGIN {
      printf "%-16s %-8s %9.2f %9.2f %7.1fx %7.1fx %8.2f %8.0f %9.0f\n", s, p, ws, wl,
             wl / (ws > 0 ? ws : 0.01), ul / (us > 0 ? us : 0.01), sl, kl / 1024, kl * 1024 / n
    }'
  done
done
