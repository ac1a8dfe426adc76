#!/usr/bin/env bash
# Fuzzer throughput: builds every harness with --config=fuzz, runs each one
# for a while on a scratch copy of its corpus (bazel-bin/fuzz/<name>_corpus,
# the checked-in seeds plus the testdata files the build adds), and prints
# libFuzzer's final line (executions, edge coverage, features, exec/s).
#
#   fuzz/throughput.sh                      # every harness, 30 s, 2 runs each
#   fuzz/throughput.sh -t 60 -r 3 roundtrip_fuzzer cast_pair_fuzzer
#
# A fixed -seed per run makes two invocations mutate alike, so builds can be
# compared; the corpus in the tree is never written to. The numbers move by
# up to 2x with other load on the machine: compare runs from one sitting.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=30
runs=2
while getopts "t:r:" opt; do
  case "$opt" in
    t) seconds="$OPTARG" ;;
    r) runs="$OPTARG" ;;
    *) echo "usage: $0 [-t seconds] [-r runs] [harness...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
harnesses=("$@")
if ((${#harnesses[@]} == 0)); then
  harnesses=(parser_fuzzer roundtrip_fuzzer cast_pair_fuzzer tile_program_fuzzer)
fi

targets=()
for h in "${harnesses[@]}"; do targets+=("//fuzz:$h" "//fuzz:${h}_corpus"); done
./bazelw build --config=fuzz "${targets[@]}" >&2
bin="$(./bazelw info --config=fuzz bazel-bin 2>/dev/null)/fuzz"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "# $(date -u +%FT%TZ), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg), ${seconds}s per run"
for h in "${harnesses[@]}"; do
  for ((r = 1; r <= runs; ++r)); do
    rm -rf "$work/corpus" && mkdir "$work/corpus"
    cp -r "$bin/${h}_corpus/." "$work/corpus/"
    chmod -R u+w "$work/corpus"
    last="$("$bin/$h" -max_total_time="$seconds" -seed="$r" -rss_limit_mb=4096 "$work/corpus" 2>&1 |
      grep -E '^#[0-9]+.*DONE' | tail -1 || true)"
    echo "$h run $r: ${last:-no DONE line (crashed?)}"
  done
done
