#!/usr/bin/env bash
# Side-by-side with MLIR: parse + verify + print of the same program by
# `pto-opt --passes=none` and by `mlir-opt` (Debian's mlir-14-tools).
#
#   bench/vs_mlir.sh              # 200k statements, 5 repetitions
#   bench/vs_mlir.sh 1000000 3    # size, repetitions
#   bench/vs_mlir.sh 200000 7 muls   # the scalar-operand chain
#
# The program is the performance anchor (docs/performance.md): N chained
# sin ops on 16x16 FP32 values (kind `sin`, the default), or N chained
# multiplications by 0.5 (kind `muls`: `pl.tile.muls(t, 0.5)` against
# `arith.mulf` by a splat constant). Ours: one InCore function, a tile.load, N
# `pl.tile.sin` assignments, a tile.store and the return (N + 3 statements);
# MLIR's: one func with N `math.sin` ops on tensor<16x16xf32> and the return
# (N + 1 ops). Both tools read a file and write a file; the two alternate
# within each repetition so that load changes hit both alike. Prints the
# median wall time, statements per second and peak RSS of each, and the
# ratio of statements per second. Works from a fresh clone: builds what it
# needs with ./bazelw and installs mlir-14-tools when missing (as root).
#
#   PTO_OPT=/path/to/pto-opt bench/vs_mlir.sh    # time that binary instead
#                                                # (e.g. one built with a patch)
set -euo pipefail
cd "$(dirname "$0")/.."

n="${1:-200000}"
reps="${2:-5}"
kind="${3:-sin}"
if ! [[ "$n" =~ ^[0-9]+$ && "$reps" =~ ^[1-9][0-9]*$ && "$kind" =~ ^(sin|muls)$ ]]; then
  echo "usage: bench/vs_mlir.sh [STATEMENTS] [REPETITIONS] [sin|muls]" >&2
  exit 2
fi

mlir_opt=/usr/lib/llvm-14/bin/mlir-opt
if [[ ! -x "$mlir_opt" ]]; then
  if [[ $(id -u) -ne 0 ]]; then
    echo "vs_mlir: $mlir_opt is missing; install it with: sudo apt-get install -y mlir-14-tools" >&2
    exit 1
  fi
  echo "vs_mlir: installing mlir-14-tools" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q mlir-14-tools >&2; then
    apt-get update -q >&2
    apt-get install -y -q mlir-14-tools >&2
  fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

targets=(//bench:gen_program)
[[ -z "${PTO_OPT:-}" ]] && targets+=(//tools:pto-opt)
echo "vs_mlir: building ${targets[*]} (-c opt)" >&2
if ! ./bazelw build -c opt "${targets[@]}" > "$work/build.log" 2>&1; then
  grep -E "ERROR|error:" "$work/build.log" >&2 || tail -30 "$work/build.log" >&2
  exit 1
fi
bin="$(./bazelw info -c opt bazel-bin 2>/dev/null)"
# Private copies: a concurrent build cannot swap the binary mid-run.
cp "${PTO_OPT:-$bin/tools/pto-opt}" "$work/pto-opt"
"$bin/bench/gen_program" --kind="$kind" --format=pto --n="$n" > "$work/in.py"
"$bin/bench/gen_program" --kind="$kind" --format=mlir --n="$n" > "$work/in.mlir"
ours=$((n + 3))
theirs=$((n + 1))  # the muls chain's splat constant is not counted

have_time=0
[[ -x /usr/bin/time ]] && have_time=1

# run NAME OUT CMD...: appends "seconds peak_kb" to $work/NAME.times.
run() {
  local name="$1" out="$2"
  shift 2
  local start end kb=0
  start="$EPOCHREALTIME"
  if ((have_time)); then
    /usr/bin/time -f "%M" -o "$work/rss" "$@" > "$out"
    kb="$(tail -1 "$work/rss")"
  else
    "$@" > "$out"
  fi
  end="$EPOCHREALTIME"
  awk -v s="$start" -v e="$end" -v kb="$kb" 'BEGIN { printf "%.6f %d\n", e - s, kb }' \
    >> "$work/$name.times"
}

load="$(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 0; r < reps; ++r)); do
  run ours "$work/out.py" "$work/pto-opt" --passes=none "$work/in.py"
  run mlir "$work/out.mlir" "$mlir_opt" "$work/in.mlir"
done

# The printed program must be the input (a printed program round-trips).
if ! cmp -s <(head -c -1 "$work/out.py") <(head -c -1 "$work/in.py"); then
  echo "vs_mlir: pto-opt did not reproduce its input" >&2
  exit 1
fi
grep -q -E "math.sin|arith.mulf" "$work/out.mlir" || { echo "vs_mlir: mlir-opt printed no ops" >&2; exit 1; }

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ours_s="$(cut -d' ' -f1 "$work/ours.times" | median)"
mlir_s="$(cut -d' ' -f1 "$work/mlir.times" | median)"
ours_best="$(cut -d' ' -f1 "$work/ours.times" | sort -g | head -1)"
mlir_best="$(cut -d' ' -f1 "$work/mlir.times" | sort -g | head -1)"
ours_kb="$(cut -d' ' -f2 "$work/ours.times" | median)"
mlir_kb="$(cut -d' ' -f2 "$work/mlir.times" | median)"

echo "# $(date -u +%FT%TZ), $(nproc) cores, load average before: $load"
echo "# $kind chain: parse + verify + print, median of $reps alternating runs; pto-opt: ${PTO_OPT:-built from this checkout}"
awk -v os="$ours_s" -v ms="$mlir_s" -v on="$ours" -v mn="$theirs" \
    -v ob="$ours_best" -v mb="$mlir_best" -v ok="$ours_kb" -v mk="$mlir_kb" -v in_b="$(stat -c %s "$work/in.py")" \
    -v mlir_b="$(stat -c %s "$work/in.mlir")" 'BEGIN {
  printf "%-22s %12s %10s %14s %12s %10s\n", "tool", "statements", "seconds", "statements/s", "input MB", "peak MB"
  printf "%-22s %12d %10.3f %14.0f %12.1f %10.1f\n", "pto-opt --passes=none", on, os, on / os, in_b / 1e6, ok / 1024
  printf "%-22s %12d %10.3f %14.0f %12.1f %10.1f\n", "mlir-opt (14)", mn, ms, mn / ms, mlir_b / 1e6, mk / 1024
  printf "ratio (pto-opt / mlir-opt statements per second): %.2fx (medians), %.2fx (best runs: %.3f s vs %.3f s)\n", (on / os) / (mn / ms), (on / ob) / (mn / mb), ob, mb
}'
