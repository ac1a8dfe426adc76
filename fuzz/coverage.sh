#!/usr/bin/env bash
# Line and branch coverage of our code by the tests: clang source-based
# coverage (-fprofile-instr-generate -fcoverage-mapping) over every test
# target, which includes each fuzzer's replay of its assembled corpus
# (bazel test //fuzz:<name>) and the golden tests' pto-opt runs. Prints
# lines and branches covered per directory, and the total.
#
#   fuzz/coverage.sh                         # every test of //...
#   fuzz/coverage.sh //ir/... //fuzz/...     # some of them
#   COVERAGE_HTML=/tmp/cov fuzz/coverage.sh  # also an HTML report per file
#   COVERAGE_PROFILES=/tmp/p fuzz/coverage.sh //a/...   # keep the profiles:
#   COVERAGE_PROFILES=/tmp/p fuzz/coverage.sh //a:new   # a later run adds to them
#
# With COVERAGE_PROFILES the raw profiles and the list of instrumented
# executables stay in that directory and each run reports the union of every
# run into it, so after adding a test only that test need run again (valid
# while the other sources are unchanged since the earlier runs).
#
# The instrumented build goes to its own output directory (--platform_suffix)
# so it does not replace the ordinary build's outputs. Needs llvm-profdata-14
# and llvm-cov-14 (Debian's llvm-14, in ./bazelw's package list).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in llvm-profdata-14 llvm-cov-14; do
  command -v "$tool" > /dev/null || { echo "coverage.sh: $tool not found (apt-get install llvm-14)" >&2; exit 1; }
done

targets=("$@")
((${#targets[@]})) || targets=(//...)
if [[ -n "${COVERAGE_PROFILES:-}" ]]; then
  prof="$(realpath -m "$COVERAGE_PROFILES")"; mkdir -p "$prof"
else
  prof="$(mktemp -d)"
  trap 'rm -rf "$prof"' EXIT
fi
run="$(date +%s)-$$"   # keeps this run's profiles apart from earlier ones

flags=(
  --action_env=CC=clang --action_env=CXX=clang++
  --copt=-fprofile-instr-generate --copt=-fcoverage-mapping
  --linkopt=-fprofile-instr-generate
  --platform_suffix=cov
  --test_env=LLVM_PROFILE_FILE="$prof/$run-%p-%m.profraw"
  --nocache_test_results --keep_going
  --test_summary=terse --noshow_progress
)
echo "coverage.sh: building and running the tests with coverage instrumentation" >&2
# A failing test still leaves its profile; report coverage, then fail.
status=0
./bazelw test "${flags[@]}" "${targets[@]}" >&2 || status=$?

llvm-profdata-14 merge -sparse -o "$prof/all.profdata" "$prof"/*.profraw

# The instrumented executables this run used: its cc tests and every
# cc_binary they reach (pto-opt for the golden tests). Binaries left from an
# earlier run with other targets are not counted.
objects=()
labels=$(./bazelw query --noshow_progress \
  "kind('cc_(test|binary)', deps(tests($(printf '%s + ' "${targets[@]}" | sed 's/ + $//'))))" 2>/dev/null)
for label in $labels; do
  [[ "$label" == //* ]] || continue
  path="${label#//}"; path="${path/://}"
  for f in bazel-out/*cov/bin/"$path"; do
    [[ -x "$f" && -f "$f" ]] && objects+=(-object "$f")
  done
done
if [[ -n "${COVERAGE_PROFILES:-}" ]]; then
  # The union with the executables of earlier runs into the same directory.
  for ((i = 1; i < ${#objects[@]}; i += 2)); do echo "${objects[i]}"; done >> "$prof/objects.txt"
  objects=()
  while read -r f; do
    [[ -x "$f" && -f "$f" ]] && objects+=(-object "$f")
  done < <(sort -u "$prof/objects.txt")
fi
objects=("${objects[@]:1}")   # llvm-cov takes the first object without -object

ignore='(_test\.cc|_benchmark\.cc|test_util|^/usr/|external/|bench/|e2e/|third_party/)'
llvm-cov-14 report --instr-profile="$prof/all.profdata" "${objects[@]}" \
    --ignore-filename-regex="$ignore" > "$prof/report.txt"
if [[ -n "${COVERAGE_HTML:-}" ]]; then
  llvm-cov-14 show --format=html --output-dir="$COVERAGE_HTML" \
      --instr-profile="$prof/all.profdata" "${objects[@]}" --ignore-filename-regex="$ignore"
fi

# Per-file rows: Filename Regions Missed Cover Functions Missed Executed
# Lines Missed Cover Branches Missed Cover.
awk '
  NF == 13 && $1 ~ /\.(cc|h)$/ {
    dir = $1; sub(/\/[^\/]*$/, "", dir)
    lines[dir] += $8; lmiss[dir] += $9; br[dir] += $11; bmiss[dir] += $12
    tl += $8; tlm += $9; tb += $11; tbm += $12
  }
  function pct(n, m) { return n ? sprintf("%5.1f%%", 100 * (n - m) / n) : "    -" }
  END {
    printf "%-34s %8s %7s %9s %7s\n", "directory", "lines", "cover", "branches", "cover"
    for (d in lines) {
      printf "%-34s %8d %7s %9d %7s\n", d, lines[d], pct(lines[d], lmiss[d]), br[d], pct(br[d], bmiss[d]) | "sort"
    }
    close("sort")
    printf "%-34s %8d %7s %9d %7s\n", "total", tl, pct(tl, tlm), tb, pct(tb, tbm)
  }' "$prof/report.txt"
exit "$status"
